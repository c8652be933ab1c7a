import FlowLanguage
import FlowReport

/// `flowcheck replay FILE TRACE`: reads a trace file written by `check --trace-dir`, replays
/// it on the flow as it is now (`TraceReplay`) and says whether the violation reproduces:
/// exit 1 when it does, 0 when it does not (every step ran and the property held, or a step
/// is no longer possible), 2 when `can-return` could not be decided.
enum ReplayCommand {
  static func run<Output, ErrorOutput>(
    flow path: String, trace tracePath: String, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    let loaded: FlowLoading.Loaded
    switch FlowLoading.load(path, console: &console) {
    case .failure(let failure): return console.report(failure)
    case .success(let flow): loaded = flow
    }
    let trace: TraceFile
    switch read(tracePath) {
    case .failure(let failure): return console.report(failure)
    case .success(let file): trace = file
    }
    let result = TraceReplay.replay(trace, on: loaded.flow)
    console.write(result.text(flowPath: path, tracePath: tracePath, traceLength: trace.steps.count))
    switch result.outcome {
    case .reproduced: return .violated
    case .notReproduced, .stopsApplying, .cut, .propertyGone: return .verified
    case .undecided: return .incomplete
    }
  }

  /// The trace file at `path`, or why it cannot be read (66) or is not a trace (65).
  static func read(_ path: String) -> Result<TraceFile, CommandFailure> {
    readDocument(path, parse: TraceFile.parse, invalid: CommandFailure.badTrace)
  }
}
