import FlowExplorer
import FlowLanguage
import FlowReport

extension CheckCommand {
  /// Explores one loaded flow, prints its report on standard output as `renderer` tells it
  /// (timing and `--stats`, which differ from run to run, on standard error, or in the JSON
  /// `stats` object) and returns the report.
  static func explore<Output, ErrorOutput>(
    _ loaded: FlowLoading.Loaded, path: String, options: CheckOptions, renderer: any ReportRenderer,
    stopRequest: StopRequest? = nil, console: inout Console<Output, ErrorOutput>
  ) -> CheckReport {
    var settings = settings(for: loaded.flow, options: options)
    settings.stopRequest = stopRequest
    var progress: ProgressLine?
    if let output = console.progress, !options.quiet, !options.noProgress {
      progress = ProgressLine(path: path, output: output)
      settings.progress = progress?.observer
    }
    var report = FlowChecker.check(loaded.flow, path: path, options: settings, source: loaded.source)
    progress?.finish()
    report.warnings = FileDiagnostics(source: loaded.source, diagnostics: loaded.warnings).entries
    console.write(renderer.render(report))
    for line in renderer.runFigures(report) { console.writeError(line + "\n") }
    return report
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
