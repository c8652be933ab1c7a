import FlowExplorer

/// The reachable state graph of a flow with its edges, for the commands that draw or walk it
/// (`graph`, `tests`, `diff`): the states `check` explores, found by the same successor
/// function in the same breadth-first order, so that state `i` here is state `i` there.
///
/// `check` keeps no edges; this keeps every one, and every state's words, so it is meant for
/// spec-sized flows, up to a state limit. Build it through
/// ``CoordinatorRuntime/reachableGraph(_:stateLimit:)``, which each runtime compiles with
/// itself known: the steps are then specialised for it, as `explore`'s are.
public struct ReachableGraph<Runtime: CoordinatorRuntime> {
  /// One edge: `action`, enabled in state `from`, leads to state `to`.
  public struct Edge: Sendable {
    public var from: Int
    public var to: Int
    public var action: FlowAction
  }

  /// The states' words in breadth-first order; state 0 is the launch.
  public private(set) var states: [[UInt16]] = []
  /// Breadth-first distance from launch, per state.
  public private(set) var depths: [Int] = []
  /// Per state: not expanded because it is the crashed app, a state kept beyond a bound or,
  /// unless the system explores past violations, one that follows a violation.
  public private(set) var terminal: [Bool] = []
  /// Edges by source state, then in the order of the source's enabled actions. Steps that
  /// are cut, and those that lead back to their own source (a cancelled swipe, a tap no
  /// handler takes), are left out.
  public private(set) var edges: [Edge] = []
  /// Whether the graph has more than the state limit's states: then it is left unfinished.
  public private(set) var exceededLimit = false

  /// Explores `system` breadth-first up to `stateLimit` states, expanding no state at the
  /// flow's depth bound.
  init(_ system: FlowSystem<Runtime>, stateLimit: Int) {
    guard let first = system.initialStates().first else { return }
    var index: [UInt64: Int] = [system.fingerprint(of: first): 0]
    states.append(first.words)
    depths.append(0)
    var workspace = system.makeExpansionScratch()
    var actions: [FlowAction] = []
    var violations: [Int] = []
    var successors = PackedFrontier<Runtime>()
    /// The current source's stored steps: the action's position and the successor's
    /// fingerprint, in the order `successors` holds their states.
    var found: [(position: Int, fingerprint: UInt64)] = []
    var next = 0
    while next < states.count {
      let source = next
      next += 1
      let packed = system.prepared(
        PackedState<Runtime>(words: states[source], isAnalysed: false), scratch: &workspace)
      let isTerminal = system.isTerminal(packed)
      terminal.append(isTerminal)
      guard !isTerminal, depths[source] < system.flow.limits.depth else { continue }
      actions.removeAll(keepingCapacity: true)
      successors.removeAll(keepingCapacity: true)
      found.removeAll(keepingCapacity: true)
      system.expand(
        packed, actions: &actions, violations: &violations, successors: &successors, scratch: &workspace
      ) { position, fingerprint, _ in
        if let fingerprint { found.append((position, fingerprint)) }
      }
      for (slot, step) in found.enumerated() {
        let target: Int
        if let known = index[step.fingerprint] {
          target = known
        } else {
          guard states.count < stateLimit else {
            exceededLimit = true
            return
          }
          target = states.count
          index[step.fingerprint] = target
          states.append(successors[slot].words)
          depths.append(depths[source] + 1)
        }
        if target != source { edges.append(Edge(from: source, to: target, action: actions[step.position])) }
      }
    }
  }
}

extension FlowSystem {
  /// The reachable state graph, up to `stateLimit` states (see ``ReachableGraph``). Called
  /// from each runtime's `reachableGraph(_:stateLimit:)`, where it is specialised.
  public func reachableGraph(stateLimit: Int) -> ReachableGraph<Runtime> {
    ReachableGraph(self, stateLimit: stateLimit)
  }
}
