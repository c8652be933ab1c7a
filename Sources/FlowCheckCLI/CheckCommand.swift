import FlowExplorer
import FlowLanguage
import FlowReport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `flowcheck [check] FILE…`: reads each file (a directory stands for the `.flow` files
/// under it, `FlowPaths`), parses and resolves it (`FrontEnd.check`), prints its
/// diagnostics (warnings alone do not fail) and hands each flow without errors to
/// `explore`. Every file is checked even when an earlier one fails; the run exits with the
/// worst outcome (see `ExitCode.combined`).
///
/// A streamed format (text, JSON Lines, xcode, GitHub Actions) prints each file as it is
/// done; a document format (SARIF, JUnit, Checkstyle) prints the whole run at the end, a
/// run a signal stopped included.
enum CheckCommand {
  static func run<Output, ErrorOutput>(
    _ options: CheckOptions, stopRequest: StopRequest? = nil, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    let memoryLimit = options.maxMemory ?? MemoryLimit.defaultBytes
    if let bits = options.bitstateBits ?? options.swarm.map({ _ in SwarmShard.defaultBits }),
      let refusal = MemoryLimit.bitstateRefusal(
        bits: bits, limit: memoryLimit, physical: MemoryLimit.physicalMemory())
    {
      return console.report(.usage(UsageError(refusal)))
    }
    let expansions = FlowPaths.expand(options.files)
    let paths = expansions.flatMap { expansion -> [String] in
      if case .files(let files) = expansion { return files }
      return []
    }
    if let refusal = OutputNames.collision(paths, options: options) {
      return console.report(.usage(refusal))
    }
    if let refusal = OutputNames.overwriteRefusal(paths, options: options) {
      return console.report(refusal)
    }
    var baseline: Baseline?
    if let file = options.baseline {
      switch readBaseline(file) {
      case .failure(let failure): return console.report(failure)
      case .success(let read): baseline = read
      }
    }
    let renderer = options.format.makeRenderer(renderOptions(options, console: console))
    var outcome = ExitCode.verified
    var results: [FileResult] = []
    let items = expansions.flatMap { expansion -> [RunItem] in
      switch expansion {
      case .files(let files): files.map { .flow($0) }
      case .emptyDirectory(let directory): [.failure(.noFlowFiles(directory: directory))]
      case .notWalked(let path, let message): [.failure(.notWalked(path: path, message: message))]
      }
    }
    for (position, item) in items.enumerated() {
      let path: String
      switch item {
      case .flow(let file):
        path = file
      case .failure(let failure):
        outcome = outcome.combined(with: console.report(failure))
        results.append(.failed(failure.diagnostics))
        console.write(renderer.render(failure.diagnostics))
        continue
      }
      let (code, result) = check(
        path, options: options, baseline: baseline, renderer: renderer, stopRequest: stopRequest,
        console: &console)
      outcome = outcome.combined(with: code)
      results.append(result)
      // A signal stops the run after the report of the file it interrupted, or before the
      // next file; one that comes after the last file's search stopped nothing.
      let signal = stopRequest?.requested ?? 0
      if signal != 0 && (code == .interrupted || code == .terminated || position + 1 < items.count) {
        outcome = ExitCode(signal: signal)
        let left = items.count - position - 1
        if left > 0 {
          console.writeError(
            "flowcheck: \(signalName(signal)) stopped the run; \(left) file(s) not checked\n")
        }
        break
      }
    }
    console.write(renderer.render(run: results))
    if let file = options.writeBaseline {
      outcome = outcome.combined(
        with: writeBaseline(
          of: results, to: file, stopped: stopRequest?.requested ?? 0 != 0, console: &console))
    }
    return outcome
  }

  static func renderOptions<Output, ErrorOutput>(
    _ options: CheckOptions, console: Console<Output, ErrorOutput>
  ) -> RenderOptions {
    RenderOptions(
      colour: console.colour, quiet: options.quiet, stats: options.stats, maxTraces: options.maxTraces,
      workingDirectory: console.workingDirectory)
  }

  private static func check<Output, ErrorOutput>(
    _ path: String, options: CheckOptions, baseline: Baseline?, renderer: any ReportRenderer,
    stopRequest: StopRequest?,
    console: inout Console<Output, ErrorOutput>
  ) -> (ExitCode, FileResult) {
    if options.comparesRuntimes {
      return compareRuntimes(path, options: options, renderer: renderer, console: &console)
    }
    switch FlowLoading.load(path, runtime: options.runtimeOverride, console: &console) {
    case .failure(let failure):
      let code = console.report(failure)
      console.write(renderer.render(failure.diagnostics))
      return (code, .failed(failure.diagnostics))
    case .success(let loaded):
      let report = explore(
        loaded, path: path, options: options, baseline: baseline, renderer: renderer,
        stopRequest: stopRequest,
        console: &console)
      var code = report.interruptedBy.map(ExitCode.init(signal:)) ?? exitCode(report.gatingOutcome)
      if let swarm = options.swarm {
        code = code.combined(
          with: writeSwarmResult(
            of: report, loaded: loaded, swarm: swarm, options: options, console: &console))
      }
      if let directory = options.traceDirectory {
        do {
          try writeTraces(of: report, path: path, into: directory)
        } catch {
          code = code.combined(with: console.report(error))
        }
      }
      return (code, .checked(report))
    }
  }

  /// Writes shard `swarm`'s result (`SwarmResult`) to `--swarm-out` or its default, and
  /// returns 66 when it cannot.
  private static func writeSwarmResult<Output, ErrorOutput>(
    of report: CheckReport, loaded: FlowLoading.Loaded, swarm: SwarmShard, options: CheckOptions,
    console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    let result = SwarmResult(
      report: report, flowHash: SwarmResult.hash(of: loaded.source.bytes), shard: swarm.shard,
      shards: swarm.shards, log2Bits: options.bitstateBits ?? SwarmShard.defaultBits,
      seed: UInt64(swarm.shard))
    let file = options.swarmOutput ?? swarm.defaultOutput(for: report.path)
    // Checked before the search too (`OutputNames.overwriteRefusal`); the file may have
    // appeared since.
    if FileSystem.entryExists(file), let refusal = OutputNames.swarmResultRefusal(file, of: report.path) {
      return console.report(.unwritable(path: file, reason: refusal.reason))
    }
    do {
      try FileSystem.replaceContents(of: file, with: Array(result.json.utf8))
    } catch {
      return console.report(.unwritable(path: file, reason: error.reason))
    }
    return .verified
  }

  static func exitCode(_ outcome: CheckReport.Outcome) -> ExitCode {
    switch outcome {
    case .verified: .verified
    case .violated: .violated
    case .incomplete, .partial: .incomplete
    }
  }
}

/// What a check run goes through, in order: a flow to check, or a directory it could not use
/// (no flow in it, or not walked), reported where it comes.
private enum RunItem {
  case flow(String)
  case failure(CommandFailure)
}
