import FlowExplorer
import FlowLanguage
import FlowModel

/// Settings of `flowcheck simulate`.
public struct SimulationSettings: Sendable, Equatable {
  /// Seed of the walks; the same seed gives the same walks and the same report.
  public var seed: UInt64 = 0
  /// Random walks to make.
  public var runs: Int = 100
  /// Most events per walk.
  public var steps: Int = 100
  /// Stop the walks after this many seconds; nil for no limit.
  public var maxSeconds: Double?
  /// A stop a signal handler may request: the walks then end, "interrupted".
  public var stopRequest: StopRequest?
  /// Told the walks' progress, for a progress line; it changes nothing in the report.
  public var progress: ProgressObserver<SimulationProgress>?
  public init() {}
}

/// Seeded random walks over a checked flow, with the explorer's `Simulator`: a quick
/// search for violations in flows too large to explore. The first violation ends the
/// simulation and is told as a story, exactly as `check` tells it.
public enum FlowSimulator {
  public static func simulate(
    _ flow: CheckedFlow, path: String, settings: SimulationSettings = SimulationSettings(),
    source: SourceFile? = nil
  ) -> SimulationReport {
    simulate(
      flow, under: RuntimeRegistry.modelledRuntime(of: flow), path: path, settings: settings, source: source)
  }

  /// Simulates `flow` under `runtime`; with the flow's `source`, the violation carries its
  /// location.
  public static func simulate<Runtime: CoordinatorRuntime>(
    _ flow: CheckedFlow, under runtime: Runtime.Type, path: String, settings: SimulationSettings,
    source: SourceFile? = nil
  ) -> SimulationReport {
    let system = FlowSystem<Runtime>(flow: flow)
    var options = SimulationOptions(
      runs: settings.runs, steps: settings.steps, seed: settings.seed, maxSeconds: settings.maxSeconds)
    options.stopRequest = settings.stopRequest
    options.progress = settings.progress
    let result = Simulator.simulate(system, options: options)
    let interruption = settings.stopRequest?.requested ?? 0
    let violation = result.violation.map {
      ViolationStory(flow: flow, system: system, source: source).story(property: $0.property, trace: $0.trace)
    }
    return SimulationReport(
      path: path, appName: flow.appName, library: flow.library.rawValue, seed: settings.seed,
      runs: settings.runs, steps: settings.steps, runsMade: result.runs, stepsTaken: result.steps,
      violation: violation, seconds: result.seconds,
      timeLimit: result.reachedTimeLimit && violation == nil && interruption == 0 ? settings.maxSeconds : nil,
      interruption: result.reachedTimeLimit && violation == nil && interruption != 0 ? interruption : nil)
  }
}
