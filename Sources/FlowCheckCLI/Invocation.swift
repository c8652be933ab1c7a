/// What the command line asks for, once parsed.
enum Invocation: Equatable, Sendable {
  /// Print the help of `flowcheck` (nil) or of a subcommand.
  case help(Subcommand?)
  /// Print `flowcheck 0.1.0`.
  case version
  /// Print the completion script for a shell (`bash`, `zsh`, `fish`).
  case completionScript(shell: String)
  case check(CheckOptions)
  case simulate(SimulateOptions)
  /// `flowcheck graph FILE`.
  case graph(GraphOptions)
  /// `flowcheck tests FILE --xcuitest DIR`.
  case tests(file: String, directory: String, exploresPastViolations: Bool, noColor: Bool)
  /// `flowcheck diff OLD NEW`.
  case diff(old: String, new: String, format: DiffFormat, exploresPastViolations: Bool, noColor: Bool)
  /// `flowcheck merge RESULT…`.
  case merge(files: [String], format: MergeFormat, noColor: Bool)
  /// `flowcheck replay FILE TRACE`.
  case replay(flow: String, trace: String, noColor: Bool)
  case format(FormatOptions)
  /// `flowcheck explain ID`; without an id, the list of ids.
  case explain(id: String?)
  /// `flowcheck extract SOURCE… [--library NAME]`, `flowcheck extract --check FLOW SOURCE…`.
  case extract(ExtractOptions)

  /// Whether the command polls its `StopRequest` and, on a signal, stops and reports what
  /// it found: a search (`check` of one runtime, `simulate`). The others end at once.
  var pollsStopRequest: Bool {
    switch self {
    case .check(let options): !options.comparesRuntimes
    case .simulate: true
    default: false
    }
  }
}

/// The options of `flowcheck fmt`.
struct FormatOptions: Equatable, Sendable {
  /// What `fmt` does with each file.
  enum Mode: Equatable, Sendable {
    /// Print the canonical form to standard output.
    case print
    /// Print nothing for formatted files; name unformatted ones on standard error, exit 1.
    case check
    /// Rewrite unformatted files (`FileSystem.replaceContents`).
    case inPlace
  }

  var files: [String]
  var mode: Mode = .print
  /// `--overwrite-read-only`: `inPlace` rewrites read-only files too.
  var overwriteReadOnly = false
  var noColor = false
}

/// The options of `flowcheck graph`.
struct GraphOptions: Equatable, Sendable {
  /// What `graph` prints.
  enum Format: String, Equatable, Sendable, CaseIterable {
    case mermaid, dot, svg
  }

  var file: String
  var format: Format = .mermaid
  /// `--states`: the whole state graph instead of the navigation map.
  var states = false
  /// `--explore-past-violations`: the states that follow a violation are explored too.
  var exploresPastViolations = false
  var noColor = false
}

/// What `flowcheck diff` prints.
enum DiffFormat: String, Equatable, Sendable, CaseIterable {
  case text, json, markdown
}

/// What `flowcheck merge` prints.
enum MergeFormat: String, Equatable, Sendable, CaseIterable {
  case text, json
}

/// The options of `flowcheck extract`.
struct ExtractOptions: Equatable, Sendable {
  /// Swift files, or directories standing for the `.swift` files under them.
  var sources: [String]
  /// `--library`: the coordinator library; nil to detect it from the sources.
  var library: ExtractLibrary?
  /// `--check`: compare this flow, the first file given, with the sources instead of
  /// printing a draft.
  var checkedFlow: String?
  var format: OutputFormat = .text
  var noColor = false
}
