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
/// - Complexity: O(E · (S + T · D)) for E map edges, S states, T state edges and depth D: a
///   breadth-first search per route, and a walk back along it for each candidate edge whose
///   bound could beat the best so far.
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
  /// The tour of `flow`'s map (with `exploresPastViolations`, of the map that goes past
  /// violations); refused when its state graph passes `FlowGraph.mapStateLimit`.
  public static func build(_ flow: CheckedFlow, exploresPastViolations: Bool = false)
    throws(FlowGraph.TooLarge) -> TransitionTour
  {
    try build(
      flow, exploresPastViolations: exploresPastViolations, under: RuntimeRegistry.modelledRuntime(of: flow))
  }

  static func build<Runtime: CoordinatorRuntime>(
    _ flow: CheckedFlow, exploresPastViolations: Bool = false, under: Runtime.Type
  ) throws(FlowGraph.TooLarge) -> TransitionTour {
    let graph = ExploredGraph<Runtime>(
      flow: flow, stateLimit: FlowGraph.mapStateLimit, exploresPastViolations: exploresPastViolations)
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
        let route = bestRoute(
          from: current, outgoing: outgoing, graph: graph, mapEdgeOf: mapEdgeOf, covered: covered)
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

  /// The state edges of the route from `start` that ends with an edge whose map edge is not
  /// yet `covered` and takes the most such map edges per step; among equals the shortest,
  /// then the first in breadth-first order. Routes are shortest paths to that last edge.
  ///
  /// A route's gain is at most its count of uncovered map edges with repeats, known per
  /// state as the search goes; the exact count (distinct map edges, a walk back along the
  /// route) is taken only for a route that bound lets beat the best so far. A route that
  /// takes a new map edge at every step cannot be beaten, and ends the search.
  private static func bestRoute<Runtime>(
    from start: Int, outgoing: [[Int]], graph: ExploredGraph<Runtime>, mapEdgeOf: [Int], covered: [Bool]
  ) -> [Int]? {
    let count = graph.states.count
    var reachedBy = [Int](repeating: -1, count: count)
    var seen = [Bool](repeating: false, count: count)
    // Per state reached: the steps of its route, and how many of them take an uncovered map
    // edge (repeats counted).
    var steps = [Int](repeating: 0, count: count)
    var uncoveredSteps = [Int](repeating: 0, count: count)
    // The map edges counted by the walk under way are stamped with its number.
    var stamp = [Int](repeating: 0, count: covered.count)
    var walk = 0
    seen[start] = true
    var queue = [start]
    var head = 0
    var best: (last: Int, steps: Int, gain: Int)?
    search: while head < queue.count {
      let state = queue[head]
      head += 1
      for edgeIndex in outgoing[state] {
        let isNew = !covered[mapEdgeOf[edgeIndex]]
        if isNew {
          let length = steps[state] + 1
          let bound = uncoveredSteps[state] + 1
          // taken / length > best.gain / best.steps, at best
          if best.map({ bound * $0.steps > $0.gain * length }) ?? true {
            walk += 1
            stamp[mapEdgeOf[edgeIndex]] = walk
            var taken = 1
            var at = state
            while reachedBy[at] >= 0 {
              let mapEdge = mapEdgeOf[reachedBy[at]]
              if !covered[mapEdge] && stamp[mapEdge] != walk {
                stamp[mapEdge] = walk
                taken += 1
              }
              at = graph.edges[reachedBy[at]].from
            }
            if best.map({ taken * $0.steps > $0.gain * length }) ?? true {
              best = (edgeIndex, length, taken)
              if taken == length { break search }
            }
          }
        }
        let target = graph.edges[edgeIndex].to
        guard !seen[target] else { continue }
        seen[target] = true
        reachedBy[target] = edgeIndex
        steps[target] = steps[state] + 1
        uncoveredSteps[target] = uncoveredSteps[state] + (isNew ? 1 : 0)
        queue.append(target)
      }
    }
    guard let best else { return nil }
    var route = [best.last]
    var at = graph.edges[best.last].from
    while reachedBy[at] >= 0 {
      route.append(reachedBy[at])
      at = graph.edges[reachedBy[at]].from
    }
    return route.reversed()
  }
}
