import FlowExplorer
import FlowLanguage
import FlowReport

extension CheckCommand {
  /// Explores one loaded flow, compares its violations with `baseline` when there is one,
  /// prints its report on standard output as `renderer` tells it (timing and `--stats`,
  /// which differ from run to run, on standard error, or in the JSON `stats` object) and
  /// returns the report.
  static func explore<Output, ErrorOutput>(
    _ loaded: FlowLoading.Loaded, path: String, options: CheckOptions, baseline: Baseline? = nil,
    renderer: any ReportRenderer, stopRequest: StopRequest? = nil, console: inout Console<Output, ErrorOutput>
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
    baseline?.compare(&report, path: baselinePath(path, workingDirectory: console.workingDirectory))
    console.write(renderer.render(report))
    for line in renderer.runFigures(report) { console.writeError(line + "\n") }
    return report
  }

  /// Writes each violation of `report` that has a trace as `NAME.N.ID.trace.json` in
  /// `directory`: NAME the flow's file name without its final `.flow`
  /// (`OutputNames.flowName`), N the violation's place in the report (1-based), ID the
  /// property's id. A file name of that shape gives back its NAME (drop the last three
  /// dot-separated parts and `.json`), so two flows share trace names only when they share a
  /// NAME, which a run refuses (`OutputNames.collision`).
  ///
  /// Only this flow's own older traces are replaced or removed (`OutputNames.isOlderTrace`):
  /// when a file this run would write is there and is anything else (another flow's trace of
  /// the same name, a file of the user's), none of the flow's traces is written and the
  /// refusal is thrown, on that file. The older traces not written again are removed, so
  /// that the directory holds this run's traces only (a fixed violation's trace does not
  /// linger). Any other failure is thrown on `directory`.
  static func writeTraces(of report: CheckReport, path: String, into directory: String) throws(CommandFailure)
  {
    let folder = directory.hasSuffix("/") ? directory : directory + "/"
    let name = OutputNames.flowName(of: path)
    var traces: [(file: String, trace: TraceFile)] = []
    for (index, violation) in report.violations.enumerated() {
      guard let trace = TraceFile(violation, path: path) else { continue }
      traces.append(("\(name).\(index + 1).\(violation.id).trace.json", trace))
    }
    for (file, _) in traces where FileSystem.entryExists(folder + file) {
      if let refusal = OutputNames.traceRefusal(folder + file, of: path) {
        throw .unwritable(path: folder + file, reason: refusal.reason)
      }
    }
    do {
      try FileSystem.createDirectory(directory)
      for (file, trace) in traces {
        try FileSystem.replaceContents(of: folder + file, with: Array(trace.json.utf8))
      }
      let written = Set(traces.map(\.file))
      for file in try FileSystem.entries(of: directory)
      where !written.contains(file) && OutputNames.isTraceFile(file, of: name)
        && OutputNames.isOlderTrace(folder + file, of: path)
      {
        try FileSystem.removeFile(folder + file)
      }
    } catch {
      throw .unwritable(path: directory, reason: error.reason)
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
    settings.stopAtFirstViolation = options.stopAtFirst
    settings.exploresPastViolations = options.exploresPastViolations
    if let swarm = options.swarm {
      // A shard is a bitstate search seeded with its number (`SwarmShard`).
      settings.bitstateBits = options.bitstateBits ?? SwarmShard.defaultBits
      settings.bitstateSeed = UInt64(swarm.shard)
    }
    return settings
  }
}
