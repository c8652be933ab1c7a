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
  /// `directory`: NAME the flow's file name without its final `.flow` (`OutputNames.flowName`), N the
  /// violation's place in the report (1-based), ID the property's id. A file name of that
  /// shape gives back its NAME (drop the last three dot-separated parts and `.json`), so two
  /// flows share trace names only when they share a NAME, which a run refuses
  /// (`OutputNames.collision`).
  ///
  /// The trace files of the same flow left by an earlier run and not written again are
  /// removed, so that the directory holds this run's traces only (a fixed violation's trace
  /// does not linger). A file is removed only when it is provably such a trace: named as this
  /// flow's, and a trace file whose `flow` is `path`; anything else (another flow's traces
  /// under the same name, from another directory; a file that is not a trace) is left alone.
  static func writeTraces(of report: CheckReport, path: String, into directory: String) throws(FileSystem
    .Failure)
  {
    try FileSystem.createDirectory(directory)
    let folder = directory.hasSuffix("/") ? directory : directory + "/"
    let name = OutputNames.flowName(of: path)
    var written: Set<String> = []
    for (index, violation) in report.violations.enumerated() {
      guard let trace = TraceFile(violation, path: path) else { continue }
      let file = "\(name).\(index + 1).\(violation.id).trace.json"
      try FileSystem.replaceContents(of: folder + file, with: Array(trace.json.utf8))
      written.insert(file)
    }
    for file in try FileSystem.entries(of: directory)
    where !written.contains(file) && isTraceFile(file, of: name) && isOlderTrace(folder + file, of: path) {
      try FileSystem.removeFile(folder + file)
    }
  }

  /// Whether the file at `file` reads as a trace file of the flow at `path`.
  static func isOlderTrace(_ file: String, of path: String) -> Bool {
    guard let bytes = try? FileSystem.contents(of: file),
      let trace = try? TraceFile.parse(String(decoding: bytes, as: UTF8.self))
    else { return false }
    return trace.flow == path
  }

  /// Whether `file` is named as `writeTraces` names a trace of the flow `name`:
  /// `NAME.N.ID.trace.json`, N a number and ID a property id (letters, digits, dashes).
  static func isTraceFile(_ file: String, of name: String) -> Bool {
    guard file.hasPrefix(name + "."), file.hasSuffix(".trace.json") else { return false }
    let middle = file.dropFirst(name.count + 1).dropLast(".trace.json".count).split(
      separator: ".", omittingEmptySubsequences: false)
    return middle.count == 2 && !middle[0].isEmpty && middle[0].allSatisfy(\.isASCII)
      && middle[0].allSatisfy(\.isNumber)
      && !middle[1].isEmpty
      && middle[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
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
