/// Exhaustive breadth-first exploration of a ``TransitionSystem``.
///
/// ## Algorithm
///
/// Level by level: every state at depth `d` is expanded before any at depth `d + 1`, and
/// states are numbered in that order, so the first state found breaking a property is a
/// shallowest one and its trace is a shortest one. One run reports every violated property,
/// each with its own shortest trace (unless ``ExplorerOptions/stopAtFirstViolation``).
///
/// - The visited set holds 64-bit fingerprints (``FingerprintTable``, open addressing); per
///   stored state a parent index and an action index in dense arrays. A trace is rebuilt by
///   walking the parents back to an initial state and replaying the action indices from
///   it. Full states are kept only for the current and the next level.
/// - Properties on states are evaluated when a state is expanded; `step` properties when
///   its successors are computed; `deadlockFree` when it has no enabled action;
///   `canReach` after the search, on the recorded graph.
/// - With ``ExplorerOptions/threads`` > 1, each level is cut into chunks that workers
///   expand in parallel into private buffers; the buffers are merged into the visited set
///   in chunk order, so numbering, counts and traces equal those of one thread.
/// - Limits (depth, states, time, memory) end the search with
///   ``Completion/incomplete(reason:)``. With a depth bound, the states at the bound are
///   still expanded, to learn whether anything lies beyond; their transitions count, their
///   new successors are not stored, and step violations there are not reported (a trace
///   never exceeds the bound).
/// - ``ExplorerOptions/bitstate`` swaps the table for a SPIN-style bit array
///   (``ExplorationResult/isProbabilistic``); `canReach` is then not checked.
public enum Explorer {
  /// Explores every state of `system` reachable within `options`' limits.
  /// - Complexity: O(states + transitions) calls into `system`.
  @inlinable public static func explore<System: TransitionSystem>(
    _ system: System, options: ExplorerOptions = ExplorerOptions()
  ) -> ExplorationResult<System.Action> {
    let plan = PropertyPlan(system.properties)
    if let bitstate = options.bitstate {
      let visited = BitstateArray(
        log2Bits: bitstate.log2Bits, hashCount: bitstate.hashCount, seed: bitstate.seed)
      var search = BreadthFirstSearch(system: system, options: options, plan: plan, visited: visited)
      return search.run()
    }
    let visited = FingerprintTable(keepsMarks: plan.needsGraph)
    var search = BreadthFirstSearch(system: system, options: options, plan: plan, visited: visited)
    return search.run()
  }

  /// The states along a trace: `initialStates()[initialStateIndex]`, then the state after
  /// each action (chosen by its position in `actions(in:into:)` order). Stops early if an
  /// action index is out of range or its successor is cut.
  /// - Complexity: O(trace length) calls into `system`.
  public static func replay<System: TransitionSystem>(
    _ system: System, initialStateIndex: Int, actionIndices: [Int]
  ) -> [System.State] {
    let initialStates = system.initialStates()
    guard initialStates.indices.contains(initialStateIndex) else { return [] }
    var states = [initialStates[initialStateIndex]]
    var actions: [System.Action] = []
    var ignored: [Int] = []
    for index in actionIndices {
      actions.removeAll(keepingCapacity: true)
      system.actions(in: states[states.count - 1], into: &actions)
      guard actions.indices.contains(index),
        let next = system.successor(of: states[states.count - 1], via: actions[index], violations: &ignored)
      else { break }
      states.append(next)
    }
    return states
  }

  /// The actions of a trace given as action positions, replayed from `initialState`.
  /// The successor of the last action is not computed (it may be cut).
  @inlinable static func replayActions<System: TransitionSystem>(
    _ system: System, from initialState: System.State, actionIndices: [Int]
  ) -> [System.Action] {
    var state = initialState
    var trace: [System.Action] = []
    var actions: [System.Action] = []
    var ignored: [Int] = []
    for (step, index) in actionIndices.enumerated() {
      actions.removeAll(keepingCapacity: true)
      system.actions(in: state, into: &actions)
      precondition(actions.indices.contains(index), "trace replay diverged: the system is not deterministic")
      trace.append(actions[index])
      if step + 1 < actionIndices.count {
        guard let next = system.successor(of: state, via: actions[index], violations: &ignored) else {
          preconditionFailure("trace replay diverged: the system is not deterministic")
        }
        state = next
      }
    }
    return trace
  }
}
