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

  /// Writes each violation of `report` that has a trace as `NAME.N.ID.trace.json` in
  /// `directory`: NAME the flow's file name without `.flow`, N the violation's place in the
  /// report (1-based), ID the property's id.
  static func writeTraces(of report: CheckReport, path: String, into directory: String) throws(FileSystem
    .Failure)
  {
    try FileSystem.createDirectory(directory)
    let name = String(path.split(separator: "/").last ?? "flow").replacing(".flow", with: "")
    for (index, violation) in report.violations.enumerated() {
      guard let trace = TraceFile(violation, path: path) else { continue }
      let file =
        (directory.hasSuffix("/") ? directory : directory + "/")
        + "\(name).\(index + 1).\(violation.id).trace.json"
      try FileSystem.replaceContents(of: file, with: Array(trace.json.utf8))
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
    if let swarm = options.swarm {
      // A shard is a bitstate search seeded with its number (`SwarmShard`).
      settings.bitstateBits = options.bitstateBits ?? SwarmShard.defaultBits
      settings.bitstateSeed = UInt64(swarm.shard)
    }
    return settings
  }
}
