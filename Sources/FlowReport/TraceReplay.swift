import FlowExplorer
import FlowLanguage
import FlowModel

/// What replaying a trace file on a flow found (`flowcheck replay`).
public struct ReplayResult: Sendable, Equatable {
  public enum Outcome: Sendable, Equatable {
    /// The property is broken again after step `step` (1-based; 0 for the launch, before any
    /// step): the bug is still there.
    case reproduced(step: Int)
    /// Every step ran and the property held after each: the violation does not reproduce.
    case notReproduced
    /// Step `step` (1-based) is not possible in the state the steps before it lead to:
    /// no enabled event has the names it records. `enabled` tells the events that are.
    case stopsApplying(step: Int, enabled: [String])
    /// Step `step` (1-based; 0 for the launch) ran, but the flow's `limits` cut it: the explorer
    /// goes no further.
    case cut(step: Int)
    /// The flow declares no property with the trace's id and text any more.
    case propertyGone
    /// `can-return` could not be decided: the states reachable from the trace's end passed
    /// `limit` before the home screen was found.
    case undecided(limit: Int)
  }

  public var outcome: Outcome
  /// The property as the trace names it: `shadow-sync`, `never presented > 1`.
  public var property: String
  /// The events run, as `check` tells them, up to the last one that applied.
  public var events: [String]
  /// Why the property is broken, when it reproduces.
  public var why: String?
}

/// Replays a `TraceFile` on a flow under the runtime its `library` line selects, matching each
/// step by the names it records against the events enabled at that point.
public enum TraceReplay {
  /// Most states the `can-return` search from the trace's end visits before giving up.
  public static let reachLimit = 1_000_000

  public static func replay(_ trace: TraceFile, on flow: CheckedFlow) -> ReplayResult {
    replay(trace, on: flow, under: RuntimeRegistry.modelledRuntime(of: flow))
  }

  public static func replay<Runtime: CoordinatorRuntime>(
    _ trace: TraceFile, on flow: CheckedFlow, under runtime: Runtime.Type
  ) -> ReplayResult {
    let system = FlowSystem<Runtime>(flow: flow)
    let name = trace.propertyText.map { "\(trace.property) \($0)" } ?? trace.property
    var result = ReplayResult(outcome: .notReproduced, property: name, events: [])
    let indices = system.descriptors.indices.filter {
      system.descriptors[$0].id == trace.property && system.descriptors[$0].text == trace.propertyText
    }
    guard !indices.isEmpty else {
      result.outcome = .propertyGone
      return result
    }
    // The launch is a step too: `check` judges the state it leads to, and a property broken
    // there has a trace of no events.
    let launch = system.launch(logging: false)
    if let broken = indices.first(where: {
      broken($0, by: launch, isLast: trace.steps.isEmpty, system: system)
    }) {
      result.outcome = .reproduced(step: 0)
      result.why = ViolationStory(flow: flow, system: system).story(property: broken, trace: []).why
      return result
    }
    if trace.steps.isEmpty, let limit = undecided(indices, after: launch, system: system) {
      result.outcome = .undecided(limit: limit)
      return result
    }
    guard launch.packed != nil else {
      result.outcome = .cut(step: 0)
      return result
    }
    var state = launch.state
    var actions: [FlowAction] = []
    for (position, step) in trace.steps.enumerated() {
      var enabled: [FlowAction] = []
      system.enabledActions(in: state, into: &enabled)
      guard
        let action = enabled.first(where: {
          CheckReport.TraceAction($0, in: state, flow: flow) == step.action
        })
      else {
        result.outcome = .stopsApplying(
          step: position + 1, enabled: enabled.map { $0.describe(in: state, flow: flow) })
        return result
      }
      result.events.append(action.describe(in: state, flow: flow))
      actions.append(action)
      let outcome = system.run(state, action, logging: false)
      let isLast = position == trace.steps.count - 1
      if let broken = indices.first(where: { broken($0, by: outcome, isLast: isLast, system: system) }) {
        result.outcome = .reproduced(step: position + 1)
        result.why = ViolationStory(flow: flow, system: system).story(property: broken, trace: actions).why
        return result
      }
      if isLast, let limit = undecided(indices, after: outcome, system: system) {
        result.outcome = .undecided(limit: limit)
        return result
      }
      guard outcome.packed != nil else {
        // A step cut by a declared bound leads nowhere the explorer goes.
        result.outcome = .cut(step: position + 1)
        return result
      }
      state = outcome.state
    }
    return result
  }

  /// Whether the property at `index` is broken by the step that gave `outcome`. `can-return`
  /// is judged after the last step only, by a search from its state.
  private static func broken<Runtime>(
    _ index: Int, by outcome: StepOutcome<Runtime>, isLast: Bool, system: FlowSystem<Runtime>
  ) -> Bool {
    if index < InvariantRegistry.stepInvariants.count {
      return outcome.violations.contains { $0.property == index }
    }
    guard let packed = outcome.packed else { return false }
    switch system.properties[index].kind {
    case .always(let holds): return !holds(packed)
    case .canReach(let isTarget):
      guard isLast, !system.isTerminal(packed) else { return false }
      return reachesTarget(from: outcome.state, packed, isTarget, system: system) == false
    case .sometimes, .step, .deadlockFree: return false
    }
  }

  /// For `can-return` only: the limit, when the search from the last state gave up.
  private static func undecided<Runtime>(
    _ indices: [Int], after outcome: StepOutcome<Runtime>, system: FlowSystem<Runtime>
  ) -> Int? {
    guard let packed = outcome.packed, !system.isTerminal(packed) else { return nil }
    for index in indices {
      guard case .canReach(let isTarget) = system.properties[index].kind else { continue }
      if reachesTarget(from: outcome.state, packed, isTarget, system: system) == nil { return reachLimit }
    }
    return nil
  }

  /// Whether a target state is reachable from `state` (breadth-first, within the flow's
  /// bounds); nil when `reachLimit` states were visited without an answer.
  private static func reachesTarget<Runtime>(
    from state: FlowState<Runtime>, _ packed: PackedState<Runtime>,
    _ isTarget: (PackedState<Runtime>) -> Bool, system: FlowSystem<Runtime>
  ) -> Bool? {
    if isTarget(packed) { return true }
    var seen: Set<[UInt16]> = [packed.words]
    var frontier = [state]
    var actions: [FlowAction] = []
    while !frontier.isEmpty {
      var next: [FlowState<Runtime>] = []
      for source in frontier {
        actions.removeAll(keepingCapacity: true)
        system.enabledActions(in: source, into: &actions)
        for action in actions {
          let outcome = system.run(source, action, logging: false)
          guard let successor = outcome.packed, seen.insert(successor.words).inserted else { continue }
          if system.isTerminal(successor) { continue }
          if isTarget(successor) { return true }
          guard seen.count < reachLimit else { return nil }
          next.append(outcome.state)
        }
      }
      frontier = next
    }
    return false
  }
}
