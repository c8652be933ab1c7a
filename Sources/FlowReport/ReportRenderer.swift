/// What the command line asks of every output format.
public struct RenderOptions: Sendable, Equatable {
  /// ANSI colours, for a terminal; formats for machines ignore it.
  public var colour: Bool
  /// `--quiet`: only diagnostics and the verdict.
  public var quiet: Bool
  /// `--stats`: seconds, speed, threads and memory, which differ from run to run.
  public var stats: Bool
  /// `--max-traces N` (`--no-traces` is 0): the traces of at most this many violations are
  /// printed; the others are still named, without their steps. nil for all of them.
  public var maxTraces: Int?
  /// The directory the run started in, an absolute path: formats read by a service that
  /// resolves paths against the repository (SARIF, GitHub Actions) write the paths under it
  /// relative to it (`repositoryPath`).
  public var workingDirectory: String?

  public init(
    colour: Bool = false, quiet: Bool = false, stats: Bool = false, maxTraces: Int? = nil,
    workingDirectory: String? = nil
  ) {
    self.colour = colour
    self.quiet = quiet
    self.stats = stats
    self.maxTraces = maxTraces
    self.workingDirectory = workingDirectory
  }

  /// `path` relative to `workingDirectory` when it is under it, else as given.
  public func relative(_ path: String) -> String {
    guard let directory = workingDirectory, !directory.isEmpty else { return path }
    let prefix = directory.hasSuffix("/") ? directory : directory + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }

  /// Where the flow at `path` is for a service that resolves paths against the repository
  /// (SARIF's `%SRCROOT%`, GitHub's annotations): relative to `workingDirectory`, with `.`
  /// and `..` resolved and `/` between components, when the file is under it; nil when it
  /// is outside it (`../x.flow`, an absolute path elsewhere), or when it is absolute and
  /// there is no working directory to compare it with.
  ///
  /// `..` is resolved on the text of the path, not through symbolic links, so a path that
  /// climbs out of a linked directory names the directory it is written under.
  public func repositoryPath(_ path: String) -> String? {
    let components = Self.components(path)
    if path.hasPrefix("/") {
      guard let directory = workingDirectory, directory.hasPrefix("/") else { return nil }
      let base = Self.components(directory)
      guard components.count > base.count, Array(components.prefix(base.count)) == base else { return nil }
      return components.dropFirst(base.count).joined(separator: "/")
    }
    // A relative path is relative to the working directory: it is under it unless it climbs
    // out of it.
    guard let first = components.first, first != ".." else { return nil }
    return components.joined(separator: "/")
  }

  /// `path` as an absolute path, `.` and `..` resolved: a relative one against
  /// `workingDirectory`; nil when it is relative and there is no working directory.
  public func absolutePath(_ path: String) -> String? {
    if path.hasPrefix("/") { return "/" + Self.components(path).joined(separator: "/") }
    guard let directory = workingDirectory, directory.hasPrefix("/") else { return nil }
    return "/" + Self.components(directory + "/" + path).joined(separator: "/")
  }

  /// The components of `path` with empty ones and `.` dropped and each `..` taking away the
  /// one before it; a `..` with nothing before it is kept in a relative path, and dropped at
  /// the root of an absolute one (`/..` is `/`).
  static func components(_ path: String) -> [String] {
    var result: [String] = []
    for component in path.split(separator: "/", omittingEmptySubsequences: true) {
      switch component {
      case ".": continue
      case "..":
        if let last = result.last, last != ".." {
          result.removeLast()
        } else if !path.hasPrefix("/") {
          result.append("..")
        }
      default: result.append(String(component))
      }
    }
    return result
  }
}

/// One output format of `check` and `simulate`: turns a report into the bytes printed on
/// standard output.
///
/// The reports hold everything as data, traces included (`CheckReport.StoryStep`), so a
/// format is a renderer and nothing else: a new one conforms here and joins the command
/// line's table of formats, without touching the report model or the other renderers.
/// Renderers must be deterministic: the same report gives the same bytes.
public protocol ReportRenderer: Sendable {
  init(options: RenderOptions)

  /// The report of one checked file.
  func render(_ report: CheckReport) -> String

  /// The report of `flowcheck simulate`.
  func render(_ report: SimulationReport) -> String

  /// Figures that differ from run to run (timing, `--stats`) and so stay out of the bytes
  /// of `render`, one line each; the command line prints them on standard error.
  func runFigures(_ report: CheckReport) -> [String]

  /// A file that could not be checked, as this format tells it on standard output. The
  /// diagnostics are on standard error in any case, as `path:line:col: error: …` lines.
  func render(_ failure: FileDiagnostics) -> String

  /// The output a format writes once, after every file: the whole document of a format
  /// that is one document per run (SARIF, JUnit, Checkstyle), whose per-file renders are
  /// empty. Streamed formats (text, JSON Lines, xcode, GitHub Actions) write nothing here.
  func render(run files: [FileResult]) -> String
}

extension ReportRenderer {
  /// None: a format that reports the run's figures carries them itself.
  public func runFigures(_ report: CheckReport) -> [String] { [] }

  /// Nothing: the diagnostics on standard error are the whole story.
  public func render(_ failure: FileDiagnostics) -> String { "" }

  /// Nothing: a streamed format has written each file already.
  public func render(run files: [FileResult]) -> String { "" }
}
