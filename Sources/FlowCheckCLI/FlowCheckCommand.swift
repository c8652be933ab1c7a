import FlowExplorer
import FlowReport

/// The `flowcheck` command line: parses the arguments, runs a subcommand, and returns the
/// exit status. The executable only calls `run` with the process's streams; tests call it
/// with strings.
public enum FlowCheckCommand {
  /// Printed by `flowcheck --version` as `flowcheck 0.1.0`.
  public static let version = SARIFReport.toolVersion

  /// What the executable's SIGINT and SIGTERM handlers request (`ProcessSignals`): `check`
  /// and `simulate` then stop within a batch of states and print what they found so far.
  public static let interruption = StopRequest(polling: { ProcessSignals.received })

  /// Runs one `flowcheck` command.
  ///
  /// - Parameters:
  ///   - arguments: The arguments after the program name.
  ///   - environment: The process environment (`NO_COLOR` is read from it).
  ///   - stdout: Results: summaries, reports, formatted text, help.
  ///   - stderr: Diagnostics, usage errors, files that are not formatted.
  ///   - isTerminal: Whether `stderr` is a terminal; diagnostics are coloured only then.
  ///   - stopRequest: Polled by `check`'s search; once requested (by a signal's number),
  ///     the search ends as interrupted and the run exits 130 or 143.
  ///   - workingDirectory: The directory the run started in: SARIF and GitHub Actions
  ///     annotations write the paths under it relative to it.
  ///   - progress: Where `check` writes its progress line (standard error); nil for none.
  ///   - standardInput: What `fmt -` formats: the process's standard input by default.
  /// - Returns: The exit status, one of `ExitCode`'s raw values.
  public static func run(
    arguments: [String], environment: [String: String], stdout: inout some TextOutputStream,
    stderr: inout some TextOutputStream, isTerminal: Bool, stopRequest: StopRequest = interruption,
    workingDirectory: String? = nil, progress: ProgressOutput? = nil, standardInput: StandardInput = .process
  ) -> Int32 {
    var console = Console(output: stdout, errorOutput: stderr)
    console.workingDirectory = workingDirectory
    console.progress = progress
    console.standardInput = standardInput
    defer {
      stdout = console.output
      stderr = console.errorOutput
    }
    let code = execute(
      arguments, environment: environment, isTerminal: isTerminal, stopRequest: stopRequest, console: &console
    )
    return code.rawValue
  }

  private static func execute<Output, ErrorOutput>(
    _ arguments: [String], environment: [String: String], isTerminal: Bool, stopRequest: StopRequest,
    console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    let invocation: Invocation
    do {
      invocation = try InvocationParser(pathExists: FileSystem.exists).parse(arguments)
    } catch {
      return console.report(.usage(error))
    }
    // In the executable's run, a command that does not poll the request ends at once on a
    // signal (`ProcessSignals`); a test's run, with a request of its own, is left alone.
    if stopRequest === interruption && !invocation.pollsStopRequest {
      ProcessSignals.exitAtOnce(true)
    }
    switch invocation {
    case .help(let subcommand):
      console.write(HelpText.render(CommandSpec.spec(for: subcommand)))
      return .verified
    case .version:
      console.write("flowcheck \(version)\n")
      return .verified
    case .completionScript(let shell):
      console.write(CompletionScript.script(for: shell) ?? "")
      return .verified
    case .check(let options):
      console.colour = ColourChoice.useColour(
        isTerminal: isTerminal, environment: environment, noColor: options.noColor)
      return CheckCommand.run(options, stopRequest: stopRequest, console: &console)
    case .simulate(let options):
      console.colour = ColourChoice.useColour(
        isTerminal: isTerminal, environment: environment, noColor: options.noColor)
      return SimulateCommand.run(options, stopRequest: stopRequest, console: &console)
    case .graph(let options):
      console.colour = ColourChoice.useColour(
        isTerminal: isTerminal, environment: environment, noColor: options.noColor)
      return GraphCommand.run(options, environment: environment, console: &console)
    case .tests(let file, let directory, let exploresPastViolations, let noColor):
      console.colour = ColourChoice.useColour(
        isTerminal: isTerminal, environment: environment, noColor: noColor)
      return TestsCommand.run(
        file: file, directory: directory, exploresPastViolations: exploresPastViolations, console: &console)
    case .diff(let old, let new, let format, let exploresPastViolations, let noColor):
      console.colour = ColourChoice.useColour(
        isTerminal: isTerminal, environment: environment, noColor: noColor)
      return DiffCommand.run(
        old: old, new: new, format: format, exploresPastViolations: exploresPastViolations, console: &console)
    case .merge(let files, let format, let noColor):
      console.colour = ColourChoice.useColour(
        isTerminal: isTerminal, environment: environment, noColor: noColor)
      return MergeCommand.run(files: files, format: format, console: &console)
    case .replay(let flow, let trace, let noColor):
      console.colour = ColourChoice.useColour(
        isTerminal: isTerminal, environment: environment, noColor: noColor)
      return ReplayCommand.run(flow: flow, trace: trace, console: &console)
    case .format(let options):
      console.colour = ColourChoice.useColour(
        isTerminal: isTerminal, environment: environment, noColor: options.noColor)
      return FormatCommand.run(options, console: &console)
    case .explain(let id):
      return ExplainCommand.run(id: id, console: &console)
    case .extract(let options):
      console.colour = ColourChoice.useColour(
        isTerminal: isTerminal, environment: environment, noColor: options.noColor)
      return ExtractCommand.run(options, environment: environment, console: &console)
    }
  }
}
