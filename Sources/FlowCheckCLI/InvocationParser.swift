import FlowModel

/// Turns the command line into an `Invocation`, or a `UsageError`.
///
/// `flowcheck [check] FILE… [options]`, `flowcheck simulate FILE [options]`,
/// `flowcheck fmt FILE… [--check | --in-place [--overwrite-read-only]]`, `flowcheck explain ID`, `flowcheck help [SUBCOMMAND]`, `--help`/`-h` anywhere before `--`,
/// `--version`.
struct InvocationParser {
  /// Whether a path names something on disk; tells a mistyped subcommand (`chek`) from a
  /// file argument.
  var pathExists: (String) -> Bool

  func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    let subcommand = arguments.first.flatMap(Subcommand.init(rawValue:))
    let optionArguments = arguments.prefix(while: { $0 != "--" })
    if optionArguments.contains("--help") || optionArguments.contains("-h") {
      return .help(subcommand == .help ? nil : subcommand)
    }
    if let first = arguments.first, first.hasPrefix(OptionSpec.generateCompletionScript.name) {
      return try parseCompletionScript(arguments[...])
    }
    switch subcommand {
    case .check: return try parseCheck(arguments.dropFirst(), subcommand: .check)
    case .simulate: return try parseSimulate(arguments.dropFirst())
    case .replay: return try parseReplay(arguments.dropFirst())
    case .graph: return try parseGraph(arguments.dropFirst())
    case .tests: return try parseTests(arguments.dropFirst())
    case .diff: return try parseDiff(arguments.dropFirst())
    case .merge: return try parseMerge(arguments.dropFirst())
    case .fmt: return try parseFormat(arguments.dropFirst())
    case .extract: return try parseExtract(arguments.dropFirst())
    case .explain: return try parseExplain(arguments.dropFirst())
    case .help: return try parseHelp(arguments.dropFirst())
    case nil:
      if let first = arguments.first, looksLikeSubcommand(first), !pathExists(first) {
        throw unknownSubcommand(first)
      }
      return try parseCheck(arguments[...], subcommand: nil)
    }
  }

  // MARK: - Subcommands

  private func parseCheck(_ arguments: ArraySlice<String>, subcommand: Subcommand?) throws(UsageError)
    -> Invocation
  {
    let scanner = ArgumentScanner(options: OptionSpec.checkOptions + [.version], subcommand: subcommand)
    let scanned = try scanner.scan(arguments)
    if scanned.contains(.version) { return .version }

    var options = CheckOptions(files: scanned.positionals)
    for (spec, value) in scanned.options {
      let value = value ?? ""
      switch spec {
      case .format, .reporter:
        options.format = try outputFormat(value, for: spec, among: OutputFormat.all, subcommand: subcommand)
      case .threads:
        options.threads = try required(
          OptionValue.integer(value, in: 1...1024), value, spec, "a whole number from 1 to 1024", subcommand)
      case .maxDepth:
        options.maxDepth = try required(
          OptionValue.count(value, in: 1...Int.max), value, spec, "a positive whole number", subcommand)
      case .maxStates:
        options.maxStates = try required(
          OptionValue.count(value, in: 1...Int.max), value, spec,
          "a positive whole number such as 2000000 or 2M",
          subcommand)
      case .maxSeconds:
        options.maxSeconds = try required(
          OptionValue.seconds(value), value, spec, "a positive number of seconds", subcommand)
      case .maxMemory:
        options.maxMemory = try required(
          OptionValue.size(value), value, spec, "a size such as 512M or 2G", subcommand)
      case .bitstate:
        options.bitstateBits = try required(
          OptionValue.integer(value, in: 16...40), value, spec, "a whole number from 16 to 40", subcommand)
      case .stopAtFirst:
        options.stopAtFirst = true
      case .explorePastViolations:
        options.exploresPastViolations = true
      case .stats:
        options.stats = true
      case .noColor:
        options.noColor = true
      case .quiet:
        options.quiet = true
      case .maxTraces:
        options.maxTraces = try required(
          OptionValue.count(value, in: 0...Int.max), value, spec, "a whole number, 0 or more", subcommand)
      case .noTraces:
        options.maxTraces = 0
      case .noProgress:
        options.noProgress = true
      case .traceDirectory:
        guard !value.isEmpty else {
          throw invalidValue(value, for: spec, expected: "a directory", subcommand: subcommand)
        }
        options.traceDirectory = value
      case .baseline, .writeBaseline:
        guard !value.isEmpty else {
          throw invalidValue(value, for: spec, expected: "a file", subcommand: subcommand)
        }
        if spec == .baseline { options.baseline = value } else { options.writeBaseline = value }
      case .swarm:
        options.swarm = try required(
          SwarmShard.parse(value), value, spec, "K/N with 1 <= K <= N <= 65536, such as 2/4", subcommand)
      case .swarmOut:
        guard !value.isEmpty else {
          throw invalidValue(value, for: spec, expected: "a file", subcommand: subcommand)
        }
        options.swarmOutput = value
      case .runtime:
        let choices = RuntimeRegistry.names + [CheckOptions.allRuntimes]
        guard choices.contains(value) else {
          throw invalidValue(
            value, for: spec, expected: choices.map { "'\($0)'" }.joined(separator: ", "),
            suggestion: Suggestion.closest(to: value, among: choices), subcommand: subcommand)
        }
        options.runtime = value
      default:
        break
      }
    }
    guard !options.files.isEmpty else {
      throw UsageError("missing expected argument '<file> ...'", subcommand: subcommand)
    }
    try validateSwarm(options, subcommand: subcommand)
    if options.comparesRuntimes, ![OutputFormat.text.name, "json"].contains(options.format.name) {
      throw UsageError(
        "'--runtime all' prints its comparison as text or json, not '\(options.format.name)'",
        subcommand: subcommand)
    }
    if options.comparesRuntimes, options.swarm != nil {
      throw UsageError(
        "'--runtime all' runs no swarm shard; run each runtime's swarm with '--runtime NAME --swarm K/N'",
        subcommand: subcommand)
    }
    if options.comparesRuntimes, options.baseline != nil || options.writeBaseline != nil {
      throw UsageError(
        "'--runtime all' compares no baseline; check under one runtime with '--runtime NAME --baseline FILE'",
        subcommand: subcommand)
    }
    if options.comparesRuntimes, options.traceDirectory != nil {
      throw UsageError(
        "'--runtime all' writes no trace files; check under one runtime with '--runtime NAME --trace-dir DIR'",
        subcommand: subcommand)
    }
    return .check(options)
  }

  /// `--swarm` checks one file; `--swarm-out` needs `--swarm`.
  private func validateSwarm(_ options: CheckOptions, subcommand: Subcommand?) throws(UsageError) {
    if options.swarmOutput != nil && options.swarm == nil {
      throw UsageError(
        "'--swarm-out <path>' needs '--swarm <K/N>'; add '--swarm 1/4' (say) to run a shard",
        subcommand: subcommand)
    }
    if options.swarm != nil && options.files.count > 1 {
      throw UsageError(
        "'--swarm <K/N>' checks one file, got \(options.files.count); run one swarm per flow",
        subcommand: subcommand)
    }
  }

  private func parseMerge(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    let scanned = try ArgumentScanner(options: CommandSpec.merge.options, subcommand: .merge).scan(arguments)
    guard !scanned.positionals.isEmpty else {
      throw UsageError("missing expected argument '<result> ...'", subcommand: .merge)
    }
    var format = MergeFormat.text
    if let value = scanned.options.last(where: { $0.spec == .mergeFormat })?.value {
      guard let chosen = MergeFormat(rawValue: value) else {
        throw invalidValue(
          value, for: .mergeFormat, expected: "'text' or 'json'",
          suggestion: Suggestion.closest(to: value, among: MergeFormat.allCases.map(\.rawValue)),
          subcommand: .merge)
      }
      format = chosen
    }
    return .merge(files: scanned.positionals, format: format, noColor: scanned.contains(.noColor))
  }

  private func parseSimulate(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    let subcommand = Subcommand.simulate
    let scanned = try ArgumentScanner(options: OptionSpec.simulateOptions, subcommand: subcommand).scan(
      arguments)
    guard let file = scanned.positionals.first else {
      throw UsageError("missing expected argument '<file>'", subcommand: subcommand)
    }
    if let extra = scanned.positionals.dropFirst().first {
      throw UsageError("unexpected argument '\(extra)'", subcommand: subcommand)
    }
    var options = SimulateOptions(file: file)
    for (spec, value) in scanned.options {
      let value = value ?? ""
      switch spec {
      case .simulateFormat:
        options.format = try outputFormat(
          value, for: spec, among: OutputFormat.simulation, subcommand: subcommand)
      case .seed:
        let seed = try required(
          OptionValue.integer(value, in: 0...Int.max), value, spec,
          "a whole number from 0 to \(Int.max)", subcommand)
        options.settings.seed = UInt64(seed)
      case .runs:
        options.settings.runs = try required(
          OptionValue.count(value, in: 1...Int.max), value, spec,
          "a positive whole number such as 1000 or 10k",
          subcommand)
      case .steps:
        options.settings.steps = try required(
          OptionValue.count(value, in: 1...Int.max), value, spec, "a positive whole number", subcommand)
      case .maxSeconds:
        options.settings.maxSeconds = try required(
          OptionValue.seconds(value), value, spec, "a positive number of seconds", subcommand)
      case .noColor:
        options.noColor = true
      case .quiet:
        options.quiet = true
      case .noProgress:
        options.noProgress = true
      default:
        break
      }
    }
    return .simulate(options)
  }

  private func parseGraph(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    let scanned = try ArgumentScanner(options: CommandSpec.graph.options, subcommand: .graph).scan(arguments)
    guard let file = scanned.positionals.first else {
      throw UsageError("missing expected argument '<file>'", subcommand: .graph)
    }
    if let extra = scanned.positionals.dropFirst().first {
      throw UsageError("unexpected argument '\(extra)'", subcommand: .graph)
    }
    var options = GraphOptions(file: file)
    for (spec, value) in scanned.options {
      switch spec {
      case .graphFormat:
        let names = GraphOptions.Format.allCases.map(\.rawValue)
        guard let format = GraphOptions.Format(rawValue: value ?? "") else {
          throw invalidValue(
            value ?? "", for: spec, expected: "'mermaid', 'dot' or 'svg'",
            suggestion: Suggestion.closest(to: value ?? "", among: names), subcommand: .graph)
        }
        options.format = format
      case .states: options.states = true
      case .graphPastViolations: options.exploresPastViolations = true
      case .noColor: options.noColor = true
      default: break
      }
    }
    return .graph(options)
  }

  private func parseTests(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    let scanned = try ArgumentScanner(options: CommandSpec.tests.options, subcommand: .tests).scan(arguments)
    guard let file = scanned.positionals.first else {
      throw UsageError("missing expected argument '<file>'", subcommand: .tests)
    }
    if let extra = scanned.positionals.dropFirst().first {
      throw UsageError("unexpected argument '\(extra)'", subcommand: .tests)
    }
    guard let directory = scanned.options.last(where: { $0.spec == .xcuitest })?.value, !directory.isEmpty
    else {
      throw UsageError("missing expected option '--xcuitest <directory>'", subcommand: .tests)
    }
    return .tests(
      file: file, directory: directory, exploresPastViolations: scanned.contains(.graphPastViolations),
      noColor: scanned.contains(.noColor))
  }

  private func parseDiff(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    let scanned = try ArgumentScanner(options: CommandSpec.diff.options, subcommand: .diff).scan(arguments)
    guard scanned.positionals.count >= 2 else {
      let missing = scanned.positionals.isEmpty ? "<old>" : "<new>"
      throw UsageError("missing expected argument '\(missing)'", subcommand: .diff)
    }
    if let extra = scanned.positionals.dropFirst(2).first {
      throw UsageError("unexpected argument '\(extra)'", subcommand: .diff)
    }
    var format = DiffFormat.text
    if let value = scanned.options.last(where: { $0.spec == .diffFormat })?.value {
      let names = DiffFormat.allCases.map(\.rawValue)
      guard let chosen = DiffFormat(rawValue: value) else {
        throw invalidValue(
          value, for: .diffFormat, expected: "'text', 'json' or 'markdown'",
          suggestion: Suggestion.closest(to: value, among: names), subcommand: .diff)
      }
      format = chosen
    }
    return .diff(
      old: scanned.positionals[0], new: scanned.positionals[1], format: format,
      exploresPastViolations: scanned.contains(.graphPastViolations), noColor: scanned.contains(.noColor))
  }

  private func parseReplay(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    let scanned = try ArgumentScanner(options: [.noColor], subcommand: .replay).scan(arguments)
    guard scanned.positionals.count >= 2 else {
      let missing = scanned.positionals.isEmpty ? "<file>" : "<trace>"
      throw UsageError("missing expected argument '\(missing)'", subcommand: .replay)
    }
    if let extra = scanned.positionals.dropFirst(2).first {
      throw UsageError("unexpected argument '\(extra)'", subcommand: .replay)
    }
    return .replay(
      flow: scanned.positionals[0], trace: scanned.positionals[1], noColor: scanned.contains(.noColor))
  }

  private func parseFormat(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    let scanner = ArgumentScanner(
      options: [.checkFormatting, .inPlace, .overwriteReadOnly, .noColor], subcommand: .fmt)
    let scanned = try scanner.scan(arguments)
    var options = FormatOptions(files: scanned.positionals)
    options.noColor = scanned.contains(.noColor)
    options.overwriteReadOnly = scanned.contains(.overwriteReadOnly)
    if options.overwriteReadOnly && !scanned.contains(.inPlace) {
      throw UsageError("'--overwrite-read-only' needs '--in-place'", subcommand: .fmt)
    }
    switch (scanned.contains(.checkFormatting), scanned.contains(.inPlace)) {
    case (true, true):
      throw UsageError("'--check' and '--in-place' cannot be used together", subcommand: .fmt)
    case (true, false): options.mode = .check
    case (false, true): options.mode = .inPlace
    case (false, false): options.mode = .print
    }
    guard !options.files.isEmpty else {
      throw UsageError("missing expected argument '<file> ...'", subcommand: .fmt)
    }
    if options.files.contains("-") {
      if options.mode == .inPlace {
        throw UsageError(
          "'-' (standard input) cannot be rewritten in place; use 'flowcheck fmt -' to print it formatted",
          subcommand: .fmt)
      }
      if options.files.count(where: { $0 == "-" }) > 1 {
        throw UsageError("'-' (standard input) can be given only once", subcommand: .fmt)
      }
    }
    return .format(options)
  }

  private func parseExtract(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    let scanned = try ArgumentScanner(options: CommandSpec.extract.options, subcommand: .extract).scan(
      arguments)
    var options = ExtractOptions(sources: scanned.positionals)
    for (spec, value) in scanned.options {
      switch spec {
      case .library:
        guard let library = ExtractLibrary.named(value ?? "") else {
          throw invalidValue(
            value ?? "", for: spec, expected: ExtractLibrary.names.map { "'\($0)'" }.joined(separator: ", "),
            suggestion: Suggestion.closest(to: value ?? "", among: ExtractLibrary.names), subcommand: .extract
          )
        }
        options.library = library
      case .extractFormat:
        options.format = try outputFormat(
          value ?? "", for: spec, among: OutputFormat.all, subcommand: .extract)
      case .noColor: options.noColor = true
      default: break
      }
    }
    // `--check` is a flag, as `fmt --check` is: the first file is then the flow.
    if scanned.contains(.driftCheck) {
      guard let flow = options.sources.first else {
        throw UsageError("missing expected argument '<flow>'", subcommand: .extract)
      }
      options.checkedFlow = flow
      options.sources.removeFirst()
    } else if scanned.options.contains(where: { $0.spec == .extractFormat }) {
      throw UsageError(
        "'--format' needs '--check': a draft is always printed as a flow", subcommand: .extract)
    }
    guard !options.sources.isEmpty else {
      throw UsageError("missing expected argument '<source> ...'", subcommand: .extract)
    }
    return .extract(options)
  }

  private func parseExplain(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    let scanned = try ArgumentScanner(options: [], subcommand: .explain).scan(arguments)
    guard let id = scanned.positionals.first else { return .explain(id: nil) }
    if let extra = scanned.positionals.dropFirst().first {
      throw UsageError("unexpected argument '\(extra)'", subcommand: .explain)
    }
    guard Invariant.ids.contains(id) else {
      throw UsageError(
        "unknown invariant '\(id)'", suggestion: Suggestion.closest(to: id, among: Invariant.ids),
        subcommand: .explain)
    }
    return .explain(id: id)
  }

  private func parseCompletionScript(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    let spec = OptionSpec.generateCompletionScript
    let scanned = try ArgumentScanner(options: [spec], subcommand: nil).scan(arguments)
    if let extra = scanned.positionals.first {
      throw UsageError("unexpected argument '\(extra)'")
    }
    let shell = scanned.options.last?.value ?? ""
    guard CompletionScript.shells.contains(shell) else {
      let names = CompletionScript.shells.map { "'\($0)'" }
      throw invalidValue(
        shell, for: spec, expected: names.dropLast().joined(separator: ", ") + " or " + names.last!,
        suggestion: Suggestion.closest(to: shell, among: CompletionScript.shells), subcommand: nil)
    }
    return .completionScript(shell: shell)
  }

  private func parseHelp(_ arguments: ArraySlice<String>) throws(UsageError) -> Invocation {
    let scanned = try ArgumentScanner(options: [], subcommand: .help).scan(arguments)
    guard let name = scanned.positionals.first else { return .help(nil) }
    if let extra = scanned.positionals.dropFirst().first {
      throw UsageError("unexpected argument '\(extra)'", subcommand: .help)
    }
    guard let subcommand = Subcommand(rawValue: name) else { throw unknownSubcommand(name) }
    return .help(subcommand)
  }

  /// A format of `OutputFormat.all`, with a suggestion for a near miss.
  private func outputFormat(
    _ value: String, for spec: OptionSpec, among formats: [OutputFormat], subcommand: Subcommand?
  ) throws(UsageError) -> OutputFormat {
    guard let format = OutputFormat.named(value, among: formats) else {
      throw invalidValue(
        value, for: spec, expected: OutputFormat.quotedNames(formats),
        suggestion: Suggestion.closest(to: value, among: formats.map(\.name)),
        subcommand: subcommand)
    }
    return format
  }

  // MARK: - Errors

  /// A bare lowercase word such as `chek` is taken for a subcommand, unless a file of that
  /// name exists; anything with a dot or a slash is a path.
  private func looksLikeSubcommand(_ word: String) -> Bool {
    guard let first = word.first, first.isLetter else { return false }
    return word.allSatisfy { ($0.isASCII && $0.isLowercase) || $0 == "-" }
  }

  private func unknownSubcommand(_ word: String) -> UsageError {
    UsageError(
      "unknown subcommand '\(word)'", suggestion: Suggestion.closest(to: word, among: Subcommand.names))
  }

  private func invalidValue(
    _ value: String, for spec: OptionSpec, expected: String, suggestion: String? = nil,
    subcommand: Subcommand?
  ) -> UsageError {
    let message = "invalid value '\(value)' for '\(spec.usageText)'"
    if let suggestion {
      return UsageError(message, suggestion: suggestion, subcommand: subcommand)
    }
    return UsageError(message + "; expected " + expected, subcommand: subcommand)
  }

  private func required<Value>(
    _ parsed: Value?, _ value: String, _ spec: OptionSpec, _ expected: String, _ subcommand: Subcommand?
  ) throws(UsageError) -> Value {
    guard let parsed else { throw invalidValue(value, for: spec, expected: expected, subcommand: subcommand) }
    return parsed
  }
}
