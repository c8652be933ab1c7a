/// Settings of a random simulation.
public struct SimulationOptions: Sendable, Equatable {
  /// Number of random walks.
  public var runs: Int
  /// Largest number of actions per walk.
  public var steps: Int
  /// Seed of the walks; the same seed gives the same walks.
  public var seed: UInt64
  /// Stop after this many seconds of wall-clock time, between two actions; nil for none.
  public var maxSeconds: Double?
  /// Polled with the time limit: once requested, the walks end.
  public var stopRequest: StopRequest?
  /// Told the walks' progress where the time limit is checked; nil for none.
  public var progress: ProgressObserver<SimulationProgress>?

  /// Creates simulation settings.
  public init(runs: Int = 100, steps: Int = 100, seed: UInt64 = 0, maxSeconds: Double? = nil) {
    precondition(runs >= 0 && steps >= 0, "'runs' and 'steps' must not be negative")
    self.runs = runs
    self.steps = steps
    self.seed = seed
    self.maxSeconds = maxSeconds
  }
}

/// What a random simulation found.
public struct SimulationResult<Action: Sendable>: Sendable {
  /// Walks performed (fewer than asked when a violation ended the simulation).
  public var runs: Int
  /// Actions taken over all walks.
  public var steps: Int
  /// The first violation met, with the trace of its walk (not necessarily a shortest one).
  public var violation: PropertyViolation<Action>?
  /// Per property index: whether it is a `sometimes` property that some visited state satisfied.
  public var reached: [Bool]
  /// Wall-clock seconds.
  public var seconds: Double
  /// The time limit (`SimulationOptions.maxSeconds`) or a stop request ended the walks
  /// before they were done.
  public var reachedTimeLimit: Bool

  /// Creates a simulation result.
  public init(
    runs: Int, steps: Int, violation: PropertyViolation<Action>?, reached: [Bool], seconds: Double,
    reachedTimeLimit: Bool = false
  ) {
    self.runs = runs
    self.steps = steps
    self.violation = violation
    self.reached = reached
    self.seconds = seconds
    self.reachedTimeLimit = reachedTimeLimit
  }
}

/// Seeded random walks through a ``TransitionSystem``: a quick search for violations in
/// state spaces too large to explore.
///
/// Walk `r` draws from ``SplitMix64`` seeded with `mix(seed + r·φ)`, so a walk can be
/// reproduced alone. Each walk starts from a random initial state; in each state it checks
/// the `always` and `sometimes` properties, stops at a terminal state or a deadlock
/// (reported when a `deadlockFree` property exists), and otherwise takes a random enabled
/// action; an action whose successor is cut is dropped and another is drawn. `step`
/// properties are checked on every step taken. `canReach` needs the whole graph and is not
/// checked. The simulation stops at the first violation.
public enum Simulator {
  /// Runs `options.runs` random walks of at most `options.steps` actions.
  /// - Complexity: O(runs × steps) calls into `system`.
  @inlinable public static func simulate<System: TransitionSystem>(
    _ system: System, options: SimulationOptions
  ) -> SimulationResult<System.Action> {
    let start = ResourceUsage.nanoseconds()
    let plan = PropertyPlan(system.properties)
    let initialStates = system.initialStates()
    var reached = [Bool](repeating: false, count: plan.names.count)
    var totalSteps = 0
    var actions: [System.Action] = []
    var candidates: [Int] = []
    var stepViolations: [Int] = []
    var path: [Int] = []
    var trace: [System.Action] = []

    func finish(runs: Int, violation: PropertyViolation<System.Action>?, timedOut: Bool = false)
      -> SimulationResult<System.Action>
    {
      SimulationResult(
        runs: runs, steps: totalSteps, violation: violation, reached: reached,
        seconds: Double(ResourceUsage.nanoseconds() - start) / 1e9, reachedTimeLimit: timedOut)
    }
    /// The clock is read every 256 actions and at every walk's start: often enough to stop
    /// within a fraction of a second, rarely enough to cost nothing.
    let deadline = options.maxSeconds.map { start &+ UInt64(min($0, 1e9) * 1e9) }
    var lastProgress: UInt64 = 0
    func pastDeadline(run: Int) -> Bool {
      if let progress = options.progress {
        let now = ResourceUsage.nanoseconds()
        if now - lastProgress >= progress.interval {
          lastProgress = now
          progress.observe(
            SimulationProgress(run: run + 1, steps: totalSteps, elapsedNanoseconds: now - start))
        }
      }
      if let stop = options.stopRequest, stop.requested != 0 { return true }
      guard let deadline else { return false }
      return ResourceUsage.nanoseconds() >= deadline
    }

    guard !initialStates.isEmpty else { return finish(runs: 0, violation: nil) }
    for run in 0..<options.runs {
      if pastDeadline(run: run) { return finish(runs: run, violation: nil, timedOut: true) }
      var random = SplitMix64(seed: SplitMix64.mix(options.seed &+ UInt64(run) &* 0x9E37_79B9_7F4A_7C15))
      let initial = random.next(below: initialStates.count)
      var state = initialStates[initial]
      path.removeAll(keepingCapacity: true)
      trace.removeAll(keepingCapacity: true)

      func violation(_ property: Int) -> PropertyViolation<System.Action> {
        PropertyViolation(
          property: property, name: plan.names[property], initialStateIndex: initial,
          actionIndices: path, trace: trace)
      }

      walk: for depth in 0...options.steps {
        state = system.prepared(state)
        for check in plan.checks where check.isHit(state) {
          let property = Int(check.property)
          switch check.role {
          case .always: return finish(runs: run + 1, violation: violation(property))
          case .sometimes: reached[property] = true
          case .target, .none: break
          }
        }
        if system.isTerminal(state) { break walk }
        actions.removeAll(keepingCapacity: true)
        system.actions(in: state, into: &actions)
        if actions.isEmpty {
          if let property = plan.deadlockProperties.first {
            return finish(runs: run + 1, violation: violation(property))
          }
          break walk
        }
        if depth == options.steps { break walk }
        candidates.removeAll(keepingCapacity: true)
        candidates.append(contentsOf: actions.indices)
        while !candidates.isEmpty {
          let pick = random.next(below: candidates.count)
          let index = candidates[pick]
          stepViolations.removeAll(keepingCapacity: true)
          let next = system.successor(of: state, via: actions[index], violations: &stepViolations)
          if let property = stepViolations.lazy.map(ViolationCode.property).min() {
            path.append(index)
            trace.append(actions[index])
            return finish(runs: run + 1, violation: violation(property))
          }
          if let next {
            path.append(index)
            trace.append(actions[index])
            totalSteps += 1
            state = next
            if totalSteps & 255 == 0, pastDeadline(run: run) {
              return finish(runs: run + 1, violation: nil, timedOut: true)
            }
            continue walk
          }
          candidates.swapAt(pick, candidates.count - 1)
          candidates.removeLast()
        }
        break walk
      }
    }
    return finish(runs: options.runs, violation: nil)
  }
}
