import FlowModel

// The subcommands and options of flowcheck, declared once: the argument parser, the
// did-you-mean suggestions and the help text all read these tables.

/// A subcommand of `flowcheck`. `check` is the default: `flowcheck FILE` means `flowcheck check FILE`.
enum Subcommand: String, CaseIterable, Sendable {
  case check, simulate, replay, graph, tests, diff, merge, fmt, extract, explain, help

  /// The names accepted on the command line, in the order they are documented.
  static var names: [String] { allCases.map(\.rawValue) }
}

/// One option as the user types it, with what help prints for it.
struct OptionSpec: Equatable, Sendable {
  /// `--threads`
  var name: String
  /// `-h`, for the few options that have one.
  var shortName: String?
  /// `n` in `--threads <n>`; nil for a flag.
  var valueName: String?
  var help: String

  var takesValue: Bool { valueName != nil }

  /// `--threads <n>`, as used in error messages.
  var usageText: String {
    valueName.map { "\(name) <\($0)>" } ?? name
  }

  /// `-h, --help` or `--threads <n>`, as printed in the OPTIONS section.
  var helpLabel: String {
    shortName.map { "\($0), \(usageText)" } ?? usageText
  }
}

/// What help prints for one command: `flowcheck` itself or a subcommand.
struct CommandSpec: Sendable {
  /// nil for the root command `flowcheck`.
  var subcommand: Subcommand?
  var overview: String
  var usage: [String]
  var arguments: [(label: String, help: String)]
  var options: [OptionSpec]
  var showsSubcommands: Bool = false

  /// `flowcheck` or `flowcheck fmt`.
  var commandName: String {
    subcommand.map { "flowcheck \($0.rawValue)" } ?? "flowcheck"
  }
}

extension OptionSpec {
  static let help = OptionSpec(name: "--help", shortName: "-h", help: "Show help information.")
  static let version = OptionSpec(name: "--version", help: "Show the version.")
  static let generateCompletionScript = OptionSpec(
    name: "--generate-completion-script", valueName: "shell",
    help: "Print a completion script for bash, zsh or fish.")
  static let noColor = OptionSpec(
    name: "--no-color",
    help: "Never colour diagnostics. (default: colour on a terminal, unless NO_COLOR is set)")

  static let format = OptionSpec(
    name: "--format", valueName: "format",
    help: "Output format: \(OutputFormat.plainNames()). (default: \(OutputFormat.text.name))")
  static let reporter = OptionSpec(
    name: "--reporter", valueName: "format", help: "The same as '--format', under SwiftLint's name.")
  static let simulateFormat = OptionSpec(
    name: "--format", valueName: "format",
    help:
      "Output format: \(OutputFormat.plainNames(OutputFormat.simulation)). (default: \(OutputFormat.text.name))"
  )
  static let threads = OptionSpec(
    name: "--threads", valueName: "n", help: "Worker threads for exploration. (default: one per processor)")
  static let maxDepth = OptionSpec(
    name: "--max-depth", valueName: "n",
    help: "Explore at most this many events from launch. (default: the flow's depth limit)")
  static let maxStates = OptionSpec(
    name: "--max-states", valueName: "n",
    help: "Store at most this many distinct states, e.g. 2000000 or 2M. (default: the flow's states limit)")
  static let maxSeconds = OptionSpec(
    name: "--max-seconds", valueName: "seconds", help: "Stop exploring after this much time, e.g. 30 or 2.5.")
  static let maxMemory = OptionSpec(
    name: "--max-memory", valueName: "size",
    help:
      "Stop exploring before the process's peak memory exceeds this, e.g. 512M or 2G. "
      + "(default: 75% of physical memory)")
  static let bitstate = OptionSpec(
    name: "--bitstate", valueName: "bits",
    help:
      "Bitstate hashing: remember states in a table of 2^bits bits (16...40) instead of storing them. "
      + "States may be missed, so a run without violations is partial (exit 2), never verified.")
  static let stopAtFirst = OptionSpec(
    name: "--stop-at-first",
    help:
      "End the search at the first violation found, in breadth-first order (a shortest trace; the same "
      + "for any thread count). The other properties are not checked everywhere: the verdict says so.")
  static let explorePastViolations = OptionSpec(
    name: "--explore-past-violations",
    help:
      "Also explore the states that follow a violation, for every consequence of it. "
      + "(default: a state that breaks an invariant, or one reached by a step that broke one, is reported "
      + "and not expanded; the report counts them)")
  static let stats = OptionSpec(
    name: "--stats",
    help:
      "Report seconds, states per second, threads and memory: a 'stats' object in JSON, "
      + "a line on standard error in text.")
  static let quiet = OptionSpec(name: "--quiet", help: "Print only diagnostics and the verdict.")
  static let maxTraces = OptionSpec(
    name: "--max-traces", valueName: "n",
    help: "Print the traces of at most this many violations; the others are named without theirs.")
  static let noProgress = OptionSpec(
    name: "--no-progress",
    help:
      "No progress on standard error. (default: on a terminal, one line rewritten after a second; "
      + "elsewhere, a line every 10 seconds)")
  static let traceDirectory = OptionSpec(
    name: "--trace-dir", valueName: "directory",
    help:
      "Also write each violation's trace as a JSON file in this directory (created if missing), "
      + "for 'flowcheck replay'.")
  static let baseline = OptionSpec(
    name: "--baseline", valueName: "file",
    help:
      "Report the violations this baseline holds as known: they do not fail the run, new ones do (exit 1); "
      + "an entry no longer found is reported as fixed.")
  static let writeBaseline = OptionSpec(
    name: "--write-baseline", valueName: "file",
    help: "Write the violations found as a baseline file, for '--baseline'.")
  static let runtime = OptionSpec(
    name: "--runtime", valueName: "runtime",
    help:
      "Check under this runtime instead of the flow's 'library': \(RuntimeRegistry.names.joined(separator: ", ")); "
      + "or 'all': check under every runtime that can express the flow and print a table invariant × runtime "
      + "(text or json; exit 1 when any of them violates an invariant).")
  static let noTraces = OptionSpec(
    name: "--no-traces", help: "Print no trace: the same as '--max-traces 0'.")

  static let swarm = OptionSpec(
    name: "--swarm", valueName: "K/N",
    help:
      "Run the K-th of N diversified bitstate searches (hash seed K, a K-dependent event order) and "
      + "write its result file for 'flowcheck merge'. One file; '--bitstate' sets the table (default: 30).")
  static let swarmOut = OptionSpec(
    name: "--swarm-out", valueName: "path",
    help: "Where '--swarm' writes its result. (default: NAME.swarm-K-of-N.json in the current directory)")
  static let mergeFormat = OptionSpec(
    name: "--format", valueName: "format", help: "Output format: text or json. (default: text)")

  static let seed = OptionSpec(
    name: "--seed", valueName: "seed",
    help: "Seed of the random walks; the same seed gives the same output. (default: 0)")
  static let runs = OptionSpec(
    name: "--runs", valueName: "n", help: "Random walks to make, e.g. 1000 or 10k. (default: 100)")
  static let steps = OptionSpec(
    name: "--steps", valueName: "n", help: "Most events per walk. (default: 100)")

  static let graphFormat = OptionSpec(
    name: "--format", valueName: "format",
    help: "Output format: mermaid, dot or svg (Graphviz's 'dot' must be installed). (default: mermaid)")
  static let states = OptionSpec(
    name: "--states",
    help: "Draw the whole state graph instead of the navigation map (flows of at most 200 states).")
  /// `--explore-past-violations` for `graph`, `tests` and `diff`, which walk the state graph.
  static let graphPastViolations = OptionSpec(
    name: "--explore-past-violations",
    help:
      "Also explore the states that follow a violation, as 'check --explore-past-violations' does, "
      + "with the violations found there. (default: the graph 'check' explores, which stops at a "
      + "violation's state)")

  static let xcuitest = OptionSpec(
    name: "--xcuitest", valueName: "directory",
    help: "Write the XCUITest source file into this directory (created if missing).")

  static let diffFormat = OptionSpec(
    name: "--format", valueName: "format",
    help: "Output format: text, json or markdown (for a pull request comment). (default: text)")

  static let checkFormatting = OptionSpec(
    name: "--check", help: "Print nothing for formatted files; name each unformatted file and exit 1.")
  static let inPlace = OptionSpec(
    name: "--in-place",
    help:
      "Rewrite unformatted files, keeping their owner, mode and hard links; read-only files are refused.")
  static let overwriteReadOnly = OptionSpec(
    name: "--overwrite-read-only",
    help: "With '--in-place', rewrite read-only files too (their mode is kept).")

  static let library = OptionSpec(
    name: "--library", valueName: "library",
    help:
      "The coordinator library the sources use: \(ExtractLibrary.names.joined(separator: ", ")). "
      + "(default: detected from the imports and base types)")
  static let driftCheck = OptionSpec(
    name: "--check",
    help:
      "Compare the flow given first with the sources after it: each screen, coordinator, child and "
      + "transition present in one and missing from the other is a diagnostic; exit 1 when there is drift.")
  static let extractFormat = OptionSpec(
    name: "--format", valueName: "format",
    help: "Output format of '--check': \(OutputFormat.plainNames()). (default: \(OutputFormat.text.name))")

  /// The options of `check`, in the order help lists them.
  static let checkOptions: [OptionSpec] = [
    .format, .reporter, .threads, .maxDepth, .maxStates, .maxSeconds, .maxMemory, .bitstate, .stopAtFirst,
    .explorePastViolations, .stats, .noColor, .quiet,
    .maxTraces, .noTraces, .noProgress, .traceDirectory, .baseline, .writeBaseline, .runtime,
    .swarm, .swarmOut,
  ]

  /// The options of `simulate`, in the order help lists them.
  static let simulateOptions: [OptionSpec] = [
    .seed, .runs, .steps, .maxSeconds, .simulateFormat, .noColor, .quiet, .noProgress,
  ]
}

extension CommandSpec {
  static let root = CommandSpec(
    subcommand: nil,
    overview: """
      An explicit-state model checker for iOS navigation flows.

      flowcheck reads .flow files that describe an app's screens and coordinators, explores
      every sequence of user and system events up to a bound, and checks navigation
      invariants on every reachable state.
      """,
    usage: ["flowcheck [check] <file> ... [<options>]", "flowcheck <subcommand>"],
    arguments: [("<file>", "A .flow file to check, or a directory: every .flow file under it, sorted.")],
    options: OptionSpec.checkOptions + [.generateCompletionScript, .version, .help],
    showsSubcommands: true
  )

  static let check = CommandSpec(
    subcommand: .check,
    overview: """
      Check .flow files (the default subcommand).

      Each file is parsed and its names resolved; errors are printed as
      path:line:col: error: message, and every file is checked even when one fails.
      """,
    usage: ["flowcheck [check] <file> ... [<options>]"],
    arguments: [("<file>", "A .flow file to check, or a directory: every .flow file under it, sorted.")],
    options: OptionSpec.checkOptions + [.version, .help]
  )

  static let simulate = CommandSpec(
    subcommand: .simulate,
    overview: """
      Look for violations with seeded random walks (not verification).

      Each walk starts at launch and takes random enabled events, checking the invariants
      and the flow's 'always' and 'never' properties on the way (not can-return). The first
      violation ends the run and is printed as 'check' prints it (exit 1); its trace is one
      walk, not necessarily a shortest one. No violation (exit 0) proves nothing about the
      states no walk visited. The same seed always gives the same output, unless
      '--max-seconds' ends the walks first (incomplete, exit 2).
      """,
    usage: ["flowcheck simulate <file> [<options>]"],
    arguments: [("<file>", "A .flow file to simulate.")],
    options: OptionSpec.simulateOptions + [.help]
  )

  static let replay = CommandSpec(
    subcommand: .replay,
    overview: """
      Re-run a trace file that 'check --trace-dir' wrote, step by step.

      Each step is matched by the names it records (the screen and event tapped, the
      gesture, the app event) against the events possible at that point, so a trace survives
      edits of the flow that do not touch them. Exit 1 when the violation reproduces; exit 0
      when it does not: every step ran and the property held, or a step is no longer
      possible (the step is named, with the events that are).
      """,
    usage: ["flowcheck replay <file> <trace> [--no-color]"],
    arguments: [
      ("<file>", "The .flow file, as it is now."),
      ("<trace>", "A trace file written by 'check --trace-dir'."),
    ],
    options: [.noColor, .help]
  )

  static let graph = CommandSpec(
    subcommand: .graph,
    overview: """
      Draw a flow's navigation map, projected from the explored state graph.

      Each screen the user can see is a node (a screen shown in a modal layer is a node of
      its own, 'Cart (modal 1)'), each event that leads from one to another an edge; screens
      no state shows are drawn dashed as unreachable, and screens where a violation's
      shortest trace ends are drawn red with its id, the shortest such trace in bold red.
      Events between the same two screens share an edge; screens are boxed by coordinator.
      Mermaid renders on GitHub; DOT feeds Graphviz. With '--states', every state is a node
      instead.
      """,
    usage: ["flowcheck graph <file> [--format mermaid|dot|svg] [--states]"],
    arguments: [("<file>", "The .flow file to draw.")],
    options: [.graphFormat, .states, .graphPastViolations, .noColor, .help]
  )

  static let tests = CommandSpec(
    subcommand: .tests,
    overview: """
      Generate XCUITest source from the explored graph.

      One test per violation, taking its shortest trace, and a transition tour: a few paths
      from launch that together take every edge of the navigation map. Each step taps an
      accessibility identifier ('Screen.event'), the Back button, swipes back or swipes a
      sheet down, then checks the screen the model shows ('Screen'); a violation's test ends
      by checking what the violation is about. The file is named after the spec: 'shop.flow'
      writes 'ShopFlowTests.swift'; a file there generated from another spec is not overwritten.
      """,
    usage: ["flowcheck tests <file> --xcuitest <directory>"],
    arguments: [("<file>", "The .flow file to generate tests for.")],
    options: [.xcuitest, .graphPastViolations, .noColor, .help]
  )

  static let diff = CommandSpec(
    subcommand: .diff,
    overview: """
      Compare the navigation of two versions of a flow, for the review of a pull request.

      Both are explored; the report lists screens and transitions of the navigation map added
      and removed, violations new and fixed, screens whose shortest path from launch changed
      length, and screens with states that can no longer return home. Exit 1 when the new
      version has a violation the old one did not, else 0.
      """,
    usage: ["flowcheck diff <old> <new> [--format text|json|markdown]"],
    arguments: [("<old>", "The .flow file before the change."), ("<new>", "The .flow file after it.")],
    options: [.diffFormat, .graphPastViolations, .noColor, .help]
  )

  static let merge = CommandSpec(
    subcommand: .merge,
    overview: """
      Merge the result files of a swarm check ('check FILE --swarm K/N') into one report.

      Each property violated in any shard is listed once, with the shortest trace any shard
      found. The combined coverage estimate is 1 - the product of (1 - each shard's estimate):
      the chance a state was stored by some shard if the shards miss states independently.
      Shards of another flow's text or of another N are refused (64); a file that is not a
      result is an error (65), one that cannot be read too (66). Exit 1 when a property is
      violated; otherwise 2: incomplete when a shard is missing or was stopped by a limit,
      partial when all ran to the end. Never 0: every shard is a bitstate search.
      """,
    usage: ["flowcheck merge <result> ... [--format text|json]"],
    arguments: [("<result>", "A result file written by 'check --swarm K/N'.")],
    options: [.mergeFormat, .noColor, .help]
  )

  static let fmt = CommandSpec(
    subcommand: .fmt,
    overview: """
      Print .flow files in canonical form, comments kept.

      With several files, each is preceded by a line '==> path <=='. A file that does not
      parse is left alone: its errors are printed and flowcheck exits 65.
      """,
    usage: [
      "flowcheck fmt <file> ... [--check] [--no-color]",
      "flowcheck fmt <file> ... --in-place [--overwrite-read-only] [--no-color]",
    ],
    arguments: [
      (
        "<file>",
        "A .flow file to format, or a directory: every .flow file under it; '-' for standard input "
          + "(the formatted text is printed; errors name it '<stdin>')."
      )
    ],
    options: [.checkFormatting, .inPlace, .overwriteReadOnly, .noColor, .help]
  )

  static let extract = CommandSpec(
    subcommand: .extract,
    overview: """
      Draft a .flow file from an app's Swift sources, or check a flow against them.

      The sources are parsed by 'swiftc -dump-parse' (no type checking, no UIKit); the
      coordinators of one library, the screens they show, the children they start, the
      taps that reach them and their async work become a formatted flow on standard
      output. Every line cites the file and line it comes from; what the sources leave open
      is a '// TODO:' saying what was seen. '$SWIFTC' names the compiler (default: swiftc on
      the PATH). With '--check', the flow's screens, coordinators, children and transitions
      are compared with the sources' instead, and each difference is a diagnostic.
      """,
    usage: [
      "flowcheck extract <source> ... [--library <library>]",
      "flowcheck extract --check <flow> <source> ... [--format <format>]",
    ],
    arguments: [("<source>", "A Swift file, or a directory: every .swift file under it, sorted.")],
    options: [.library, .driftCheck, .extractFormat, .noColor, .help]
  )

  static let explain = CommandSpec(
    subcommand: .explain,
    overview: """
      Explain an invariant: what it checks, why it matters, a typical cause, how to fix it.
      """,
    usage: ["flowcheck explain [<id>]"],
    arguments: [
      (
        "<id>",
        "An invariant id: " + Invariant.ids.joined(separator: ", ") + ". Without one, the list of ids."
      )
    ],
    options: [.help]
  )

  static let help = CommandSpec(
    subcommand: .help,
    overview: "Show help for flowcheck or one of its subcommands.",
    usage: ["flowcheck help [<subcommand>]"],
    arguments: [("<subcommand>", "One of: " + Subcommand.names.joined(separator: ", ") + ".")],
    options: [.help]
  )

  /// The help of `flowcheck` (nil) or of a subcommand.
  static func spec(for subcommand: Subcommand?) -> CommandSpec {
    switch subcommand {
    case nil: .root
    case .check: .check
    case .simulate: .simulate
    case .replay: .replay
    case .graph: .graph
    case .tests: .tests
    case .diff: .diff
    case .merge: .merge
    case .fmt: .fmt
    case .extract: .extract
    case .explain: .explain
    case .help: .help
    }
  }

  /// What the SUBCOMMANDS section says of each subcommand.
  static func abstract(of subcommand: Subcommand) -> String {
    switch subcommand {
    case .check: "Check .flow files."
    case .simulate: "Look for violations with seeded random walks (not verification)."
    case .replay: "Re-run a violation's trace file and say whether it still reproduces."
    case .graph: "Draw the navigation map as Mermaid, DOT or SVG."
    case .tests: "Generate XCUITest source: violations and a transition tour."
    case .diff: "Compare the navigation of two versions of a flow."
    case .merge: "Merge the result files of a swarm check into one report."
    case .fmt: "Print .flow files in canonical form."
    case .extract: "Draft a flow from Swift sources, or check a flow against them."
    case .explain: "Explain an invariant."
    case .help: "Show help for a subcommand."
    }
  }
}
