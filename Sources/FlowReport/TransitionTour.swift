import FlowExplorer
import FlowLanguage
import FlowModel

/// A transition tour of a flow's navigation map: a few paths from launch that together take
/// every edge of the map at least once (`flowcheck tests`).
///
/// Built greedily on the explored state graph (an edge of the map is taken when some state
/// edge that projects onto it is): from where the current path is, among the shortest routes
/// to each state edge whose map edge is not yet taken, the one that takes the most new map
/// edges per step is appended (ties: the shorter, then the first in breadth-first order, so
/// the tour is deterministic); when no such edge is reachable any more (the app crashed, or
/// every edge left is behind a step that cannot be undone), the path ends and the next starts
/// again from launch.
///
/// - Complexity: O(E · (S · D + T)) for E map edges, S states, T state edges and depth D.
public struct TransitionTour: Sendable, Equatable {
  /// One step of a path: the event, and where the user is after it (nil: the app crashed).
  public struct Step: Sendable, Equatable {
    public var action: CheckReport.TraceAction
    public var place: NavigationMap.Place
  }

  /// The paths, each from launch.
  public var paths: [[Step]]
  /// The edges of the navigation map, all of which the paths take.
  public var mapEdges: Int
  /// Where launch leaves the user.
  public var start: NavigationMap.Place

  /// Events in all paths.
  public var length: Int { paths.reduce(0) { $0 + $1.count } }
}

extension TransitionTour {
  /// The tour of `flow`'s map; nil when its state graph passes `FlowGraph.mapStateLimit`.
  public static func build(_ flow: CheckedFlow) throws(FlowGraph.TooLarge) -> TransitionTour {
    try build(flow, under: RuntimeRegistry.modelledRuntime(of: flow))
  }

  static func build<Runtime: CoordinatorRuntime>(_ flow: CheckedFlow, under: Runtime.Type) throws(FlowGraph
    .TooLarge)
    -> TransitionTour
  {
    let graph = ExploredGraph<Runtime>(flow: flow, stateLimit: FlowGraph.mapStateLimit)
    guard !graph.exceededLimit else { throw FlowGraph.TooLarge(limit: FlowGraph.mapStateLimit) }
    let places = graph.states.map { NavigationMap.place(of: $0, flow: flow) }
    // Each state edge's map edge, numbered.
    var mapEdgeIDs: [NavigationMap.EdgeKey: Int] = [:]
    var mapEdgeOf: [Int] = []
    var outgoing = [[Int]](repeating: [], count: graph.states.count)
    for (index, edge) in graph.edges.enumerated() {
      let key = NavigationMap.EdgeKey(
        from: places[edge.from], label: NavigationMap.label(edge.traceAction), to: places[edge.to])
      if mapEdgeIDs[key] == nil { mapEdgeIDs[key] = mapEdgeIDs.count }
      mapEdgeOf.append(mapEdgeIDs[key]!)
      outgoing[edge.from].append(index)
    }
    var covered = [Bool](repeating: false, count: mapEdgeIDs.count)
    var left = mapEdgeIDs.count
    var paths: [[Step]] = []
    var path: [Step] = []
    var current = 0
    while left > 0 {
      guard
        let route = shortestRoute(
          from: current, outgoing: outgoing, graph: graph, wanted: { !covered[mapEdgeOf[$0]] },
          gain: { route in Set(route.map { mapEdgeOf[$0] }.filter { !covered[$0] }).count })
      else {
        guard !path.isEmpty else { break }  // nothing left is reachable from launch
        paths.append(path)
        path = []
        current = 0
        continue
      }
      for edgeIndex in route {
        let edge = graph.edges[edgeIndex]
        if !covered[mapEdgeOf[edgeIndex]] {
          covered[mapEdgeOf[edgeIndex]] = true
          left -= 1
        }
        path.append(Step(action: edge.traceAction, place: places[edge.to]))
        current = edge.to
      }
    }
    if !path.isEmpty { paths.append(path) }
    return TransitionTour(
      paths: paths, mapEdges: mapEdgeIDs.count, start: places.first ?? .init(screen: nil, layer: 0))
  }

  /// The state edges of the route from `start` that ends with a `wanted` edge and takes the
  /// most map edges not yet taken per step (`gain` counts them); among equals the shortest,
  /// then the first in breadth-first order. Routes are shortest paths to the wanted edge.
  private static func shortestRoute<Runtime>(
    from start: Int, outgoing: [[Int]], graph: ExploredGraph<Runtime>, wanted: (Int) -> Bool,
    gain: ([Int]) -> Int
  ) -> [Int]? {
    var reachedBy = [Int?](repeating: nil, count: graph.states.count)
    var seen = [Bool](repeating: false, count: graph.states.count)
    seen[start] = true
    var queue = [start]
    var head = 0
    var best: (route: [Int], gain: Int)?
    while head < queue.count {
      let state = queue[head]
      head += 1
      for edgeIndex in outgoing[state] {
        if wanted(edgeIndex) {
          var route = [edgeIndex]
          var at = state
          while let previous = reachedBy[at] {
            route.append(previous)
            at = graph.edges[previous].from
          }
          route.reverse()
          let taken = gain(route)
          if let current = best {
            // taken / route.count > current.gain / current.route.count
            if taken * current.route.count > current.gain * route.count { best = (route, taken) }
          } else {
            best = (route, taken)
          }
        }
        let target = graph.edges[edgeIndex].to
        guard !seen[target] else { continue }
        seen[target] = true
        reachedBy[target] = edgeIndex
        queue.append(target)
      }
    }
    return best?.route
  }
}
