import FlowExplorer
import FlowLanguage
import FlowReport

extension CheckCommand {
  /// Explores one resolved flow, prints the report on standard output (timing and
  /// `--stats`, which differ from run to run, on standard error, or in the JSON `stats`
  /// object) and returns the verdict as an exit code.
  static func explore<Output, ErrorOutput>(
    _ flow: CheckedFlow, path: String, source: SourceFile? = nil, options: CheckOptions,
    stopRequest: StopRequest? = nil, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    var settings = settings(for: flow, options: options)
    settings.stopRequest = stopRequest
    let report = FlowChecker.check(flow, path: path, options: settings, source: source)
    let renderer = options.format.makeRenderer(
      RenderOptions(
        colour: console.colour, quiet: options.quiet, stats: options.stats, maxTraces: options.maxTraces))
    console.write(renderer.render(report))
    for line in renderer.runFigures(report) { console.writeError(line + "\n") }
    switch report.outcome {
    case .verified: return .verified
    case .violated: return .violated
    case .incomplete, .partial: return .incomplete
    }
  }

  /// The checker's settings for `flow`: the command line's, else the flow's limits, and
  /// the default memory limit when `--max-memory` is not given.
  static func settings(
    for flow: CheckedFlow, options: CheckOptions, defaultMemory: Int? = MemoryLimit.defaultBytes
  ) -> CheckSettings {
    var settings = CheckSettings()
    settings.threads = options.threads
    settings.maxDepth = options.effectiveDepth(for: flow)
    settings.maxStates = options.effectiveStates(for: flow)
    settings.maxSeconds = options.maxSeconds
    settings.maxMemoryBytes = options.maxMemory ?? defaultMemory
    settings.maxMemoryIsDefault = options.maxMemory == nil && defaultMemory != nil
    settings.bitstateBits = options.bitstateBits
    return settings
  }
}
