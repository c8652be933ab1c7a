import FlowExplorer
import FlowLanguage
import FlowModel

/// The reachable state graph of a flow, built breadth-first from launch with the explorer's
/// rules (the flow's `limits` cut steps and bound the depth; crashed apps and states kept
/// beyond a bound are not expanded), for the commands that draw or walk it (`graph`,
/// `tests`, `diff`). The explorer itself keeps no edges; spec-sized flows are redrawn here,
/// one state at a time, up to `stateLimit` states.
struct ExploredGraph<Runtime: CoordinatorRuntime> {
  /// One edge: `action` taken in state `from` leads to state `to`.
  struct Edge {
    var from: Int
    var to: Int
    var action: FlowAction
    /// The action by name, in the state it starts from.
    var traceAction: CheckReport.TraceAction
  }

  let system: FlowSystem<Runtime>
  /// The states in breadth-first order; state 0 is the launch.
  private(set) var states: [FlowState<Runtime>] = []
  /// Breadth-first distance from launch, per state.
  private(set) var depths: [Int] = []
  /// Edges in the order found: by source state, then in the order of `enabledActions`.
  /// Events that change nothing (a cancelled swipe, a tap no handler takes) are left out.
  private(set) var edges: [Edge] = []
  /// Per state: the crashed app or a state kept beyond a bound, which is not expanded.
  private(set) var terminal: [Bool] = []
  /// Whether the state graph had more than `stateLimit` states: then it is left unfinished.
  private(set) var exceededLimit = false

  /// Explores `flow` up to `stateLimit` states.
  init(flow: CheckedFlow, stateLimit: Int) {
    system = FlowSystem<Runtime>(flow: flow)
    var index: [[UInt16]: Int] = [:]
    // States are identified by the explorer's own successor function, so that the graph is
    // the one `check` explores, state for state.
    guard let first = system.initialStates().first else { return }
    index[first.words] = 0
    states.append(FlowState<Runtime>(packed: first.words))
    terminal = [system.isTerminal(first)]
    depths.append(0)
    var actions: [FlowAction] = []
    var next = 0
    while next < states.count {
      let source = states[next]
      let sourceIndex = next
      next += 1
      guard depths[sourceIndex] < flow.limits.depth, !terminal[sourceIndex] else { continue }
      actions.removeAll(keepingCapacity: true)
      system.enabledActions(in: source, into: &actions)
      let packedSource = system.pack(source)
      for action in actions {
        var violations: [Int] = []
        guard let packed = system.successor(of: packedSource, via: action, violations: &violations)
        else {
          continue
        }
        let target: Int
        if let known = index[packed.words] {
          target = known
        } else {
          guard states.count < stateLimit else {
            exceededLimit = true
            return
          }
          target = states.count
          index[packed.words] = target
          states.append(FlowState<Runtime>(packed: packed.words))
          terminal.append(system.isTerminal(packed))
          depths.append(depths[sourceIndex] + 1)
        }
        guard target != sourceIndex else { continue }
        edges.append(
          Edge(
            from: sourceIndex, to: target, action: action,
            traceAction: CheckReport.TraceAction(action, in: source, flow: flow)))
      }
    }
  }

  /// The state a trace leads to from launch, taking at each step the enabled action with the
  /// recorded names (as `TraceReplay` does); nil when a step does not apply.
  func state(after steps: [CheckReport.TraceAction]) -> FlowState<Runtime>? {
    var state = system.launch(logging: false).state
    var actions: [FlowAction] = []
    for step in steps {
      actions.removeAll(keepingCapacity: true)
      system.enabledActions(in: state, into: &actions)
      guard
        let action = actions.first(where: {
          CheckReport.TraceAction($0, in: state, flow: system.flow) == step
        })
      else { return nil }
      state = system.run(state, action, logging: false).state
    }
    return state
  }
}

extension ExploredGraph {
  /// The states from which no sequence of events shows the home screen again, judged as the
  /// explorer judges `can-return`: over the expanded states only (not the crashed app, not a
  /// state beyond a bound, not one at the depth limit). Empty when the flow names no home.
  func statesThatCannotReturnHome() -> [Int] {
    guard let home = system.flow.home else { return [] }
    var incoming = [[Int]](repeating: [], count: states.count)
    for edge in edges { incoming[edge.to].append(edge.from) }
    var reaches = [Bool](repeating: false, count: states.count)
    var queue: [Int] = []
    for (index, state) in states.enumerated() where !terminal[index] && state.topScreen() == home {
      reaches[index] = true
      queue.append(index)
    }
    var head = 0
    while head < queue.count {
      let state = queue[head]
      head += 1
      for source in incoming[state] where !reaches[source] {
        reaches[source] = true
        queue.append(source)
      }
    }
    return states.indices.filter { index in
      !reaches[index] && !terminal[index] && depths[index] < system.flow.limits.depth
    }
  }
}
