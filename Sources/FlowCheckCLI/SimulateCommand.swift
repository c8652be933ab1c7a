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

/// `flowcheck simulate FILE`: seeded random walks over the flow (`FlowSimulator`). The
/// first violation is printed as `check` prints it (exit 1); none is reported plainly as
/// not being a verification (exit 0); walks ended by `--max-seconds` are incomplete (exit 2),
/// by SIGINT or SIGTERM too (exit 130 or 143). Nothing else varies between runs with the
/// same seed.
enum SimulateCommand {
  static func run<Output, ErrorOutput>(
    _ options: SimulateOptions, stopRequest: StopRequest? = nil, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    let loaded: FlowLoading.Loaded
    switch FlowLoading.load(options.file, console: &console) {
    case .failure(let failure): return console.report(failure)
    case .success(let flow): loaded = flow
    }
    var settings = options.settings
    settings.stopRequest = stopRequest
    var progress: ProgressLine?
    if let output = console.progress, !options.quiet, !options.noProgress {
      progress = ProgressLine(path: options.file, output: output)
      settings.progress = progress?.simulationObserver(runs: settings.runs)
    }
    let report = FlowSimulator.simulate(
      loaded.flow, path: options.file, settings: settings, source: loaded.source)
    progress?.finish()
    let renderer = options.format.makeRenderer(
      RenderOptions(colour: console.colour, quiet: options.quiet, workingDirectory: console.workingDirectory))
    console.write(renderer.render(report))
    switch report.outcome {
    case .violated: return .violated
    case .incomplete:
      switch report.interruption {
      case nil: return .incomplete
      case SIGTERM?: return .terminated
      default: return .interrupted
      }
    case .noViolation: return .verified
    }
  }
}
