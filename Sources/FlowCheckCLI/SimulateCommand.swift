import FlowLanguage
import FlowReport

/// `flowcheck simulate FILE`: seeded random walks over the flow (`FlowSimulator`). The
/// first violation is printed as `check` prints it (exit 1); none is reported plainly as
/// not being a verification (exit 0); walks ended by `--max-seconds` are incomplete (exit 2).
/// Nothing else varies between runs with the same seed.
enum SimulateCommand {
  static func run<Output, ErrorOutput>(
    _ options: SimulateOptions, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    let flow: CheckedFlow
    switch FlowLoading.load(options.file, console: &console) {
    case .failure(let failure): return console.report(failure)
    case .success(let loaded): flow = loaded
    }
    let report = FlowSimulator.simulate(flow, path: options.file, settings: options.settings)
    let renderer = options.format.makeRenderer(RenderOptions(colour: console.colour, quiet: options.quiet))
    console.write(renderer.render(report))
    switch report.outcome {
    case .violated: return .violated
    case .incomplete: return .incomplete
    case .noViolation: return .verified
    }
  }
}
