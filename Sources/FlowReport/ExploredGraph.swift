import FlowExplorer
import FlowLanguage
import FlowModel

/// The reachable state graph of a flow, for the commands that draw or walk it (`graph`,
/// `tests`, `diff`): the states `check` explores, with its rules (the flow's `limits` cut
/// steps and bound the depth; crashed apps, states kept beyond a bound and, unless told
/// otherwise, states that follow a violation are not expanded), with every edge and each
/// edge's action by name. The graph itself is built by the runtime
/// (``ReachableGraph``), specialised as the explorer's steps are; spec-sized flows only, up
/// to `stateLimit` states.
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
  /// Per state: the crashed app, a state kept beyond a bound or one that follows a
  /// violation (unless the graph explores past violations), which is not expanded.
  private(set) var terminal: [Bool] = []
  /// Whether the state graph had more than `stateLimit` states: then it is left unfinished.
  private(set) var exceededLimit = false

  /// Explores `flow` up to `stateLimit` states; with `exploresPastViolations`, the states
  /// that follow a violation too (as `check --explore-past-violations` does).
  init(flow: CheckedFlow, stateLimit: Int, exploresPastViolations: Bool = false) {
    system = FlowSystem<Runtime>(flow: flow, exploresPastViolations: exploresPastViolations)
    let graph = Runtime.reachableGraph(system, stateLimit: stateLimit)
    exceededLimit = graph.exceededLimit
    guard !exceededLimit else { return }
    states = graph.states.map { FlowState<Runtime>(packed: $0) }
    depths = graph.depths
    terminal = graph.terminal
    edges.reserveCapacity(graph.edges.count)
    for edge in graph.edges {
      edges.append(
        Edge(
          from: edge.from, to: edge.to, action: edge.action,
          traceAction: CheckReport.TraceAction(edge.action, in: states[edge.from], flow: flow)))
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
