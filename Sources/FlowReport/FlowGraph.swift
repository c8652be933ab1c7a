import FlowExplorer
import FlowLanguage
import FlowModel

/// The pictures of a flow (`flowcheck graph`): its navigation map, or its whole state graph
/// for a small flow, each explored under the runtime its `library` line selects.
public enum FlowGraph {
  /// Most states a navigation map is projected from.
  public static let mapStateLimit = 1_000_000
  /// Most states `--states` draws: a picture of more is unreadable.
  public static let stateGraphLimit = 200

  /// A graph larger than a limit: nothing is drawn.
  public struct TooLarge: Error, Sendable, Equatable {
    public var limit: Int
  }

  /// The navigation map of `flow`, with the screens where `check`'s violations end marked;
  /// with `exploresPastViolations`, of the states that follow a violation too (as
  /// `check --explore-past-violations` explores), with every violation found there.
  public static func map(_ flow: CheckedFlow, path: String, exploresPastViolations: Bool = false)
    throws(TooLarge) -> NavigationMap
  {
    try map(
      flow, path: path, exploresPastViolations: exploresPastViolations,
      under: RuntimeRegistry.modelledRuntime(of: flow))
  }

  static func map<Runtime: CoordinatorRuntime>(
    _ flow: CheckedFlow, path: String, exploresPastViolations: Bool = false, under: Runtime.Type
  ) throws(TooLarge) -> NavigationMap {
    let graph = ExploredGraph<Runtime>(
      flow: flow, stateLimit: mapStateLimit, exploresPastViolations: exploresPastViolations)
    guard !graph.exceededLimit else { throw TooLarge(limit: mapStateLimit) }
    var settings = CheckSettings()
    settings.threads = 1
    // The graph `check` explores, as the map draws it: each violation is marked where its
    // trace ends, and nothing past a violation is drawn unless it is explored.
    settings.exploresPastViolations = exploresPastViolations
    let report = FlowChecker.check(flow, under: Runtime.self, path: path, options: settings)
    return NavigationMap.build(graph, violations: report.violations)
  }

  /// Every state of `flow` as a node (`#3 Cart (modal 1)`), every event that changes the
  /// state as an edge; refused past `stateGraphLimit` states. With `exploresPastViolations`,
  /// the states that follow a violation are expanded too.
  public static func stateGraph(_ flow: CheckedFlow, exploresPastViolations: Bool = false) throws(TooLarge)
    -> GraphPicture
  {
    try stateGraph(
      flow, exploresPastViolations: exploresPastViolations, under: RuntimeRegistry.modelledRuntime(of: flow))
  }

  static func stateGraph<Runtime: CoordinatorRuntime>(
    _ flow: CheckedFlow, exploresPastViolations: Bool = false, under: Runtime.Type
  ) throws(TooLarge) -> GraphPicture {
    let graph = ExploredGraph<Runtime>(
      flow: flow, stateLimit: stateGraphLimit, exploresPastViolations: exploresPastViolations)
    guard !graph.exceededLimit else { throw TooLarge(limit: stateGraphLimit) }
    let nodes = graph.states.enumerated().map { index, state in
      let place: String
      if state.crashed {
        place = "crash"
      } else if let screen = state.topScreen() {
        let layer = state.presentedCount()
        place = flow.screens[screen].name + (layer == 0 ? "" : " (modal \(layer))")
      } else {
        place = "no screen"
      }
      return GraphPicture.Node(id: "s\(index)", label: ["#\(index) \(place)"], style: .plain)
    }
    let edges = GraphPicture.joiningParallel(
      graph.edges.map {
        GraphPicture.Edge(from: "s\($0.from)", to: "s\($0.to)", label: [NavigationMap.label($0.traceAction)])
      })
    return GraphPicture(title: flow.appName + " states", nodes: nodes, edges: edges, start: "s0")
  }
}

extension NavigationMap {
  /// The map as a picture: `n0`… for the places, `u0`… for the unreachable screens, grouped
  /// by coordinator; the events between two places on one edge, and the shortest violating
  /// trace highlighted.
  public var picture: GraphPicture {
    var pictureNodes = nodes.enumerated().map { index, node in
      GraphPicture.Node(
        id: "n\(index)",
        label: [node.place.label]
          + (node.violations.isEmpty ? [] : ["⚠ " + node.violations.joined(separator: ", ")]),
        style: node.violations.isEmpty ? .plain : .violation, group: node.coordinator)
    }
    for (index, screen) in unreachable.enumerated() {
      pictureNodes.append(
        GraphPicture.Node(
          id: "u\(index)", label: [screen, "unreachable"], style: .unreachable,
          group: unreachableCoordinators[screen]))
    }
    let onPath = Set(violationPath)
    let pictureEdges = edges.map {
      GraphPicture.Edge(
        from: "n\($0.from)", to: "n\($0.to)", label: [$0.label], highlighted: onPath.contains($0),
        leadsAway: nodes[$0.to].distance > nodes[$0.from].distance)
    }
    return GraphPicture(
      title: appName, nodes: pictureNodes, edges: GraphPicture.joiningParallel(pictureEdges),
      start: nodes.isEmpty ? nil : "n0", startHighlighted: !violationPath.isEmpty)
  }
}
