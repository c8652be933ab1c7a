extension BreadthFirstSearch {
  /// Checks every `canReach` property on the open states the search left (see
  /// ``StateGraph``): an open state that reaches no target violates it, and the
  /// lowest-numbered such state (BFS order, so a shallowest one) gives the shortest trace.
  ///
  /// Every state that is not open reaches every target: it was settled when merged, or it
  /// was never expanded (beyond the depth bound, or a limit stopped the search), and those
  /// are treated as reaching a target so that an incomplete search reports no false
  /// violation.
  ///
  /// Works on the forward edges only, by Tarjan's strongly connected components: a component
  /// reaches a target when one of its states is one, or has an edge to a component already
  /// known to reach one (Tarjan closes components successors first), or to a state that is
  /// not open.
  /// - Complexity: O(open states + their edges) time per property, after one pass that
  ///   names each edge's end by its position among the open states.
  @inlinable mutating func checkCanReach() {
    guard recordsGraph, stateCount > 0 else { return }
    // From here on only the graph is needed: the table's memory can serve the check.
    visited.releaseStorage()
    let edgeEnds = openEdgeEnds()
    for (slot, property) in plan.canReachProperties.enumerated() {
      let reaches = openStatesReaching(edges: edgeEnds) { node in
        targets[slot].contains(Int(graph.states[node]))
      }
      if let stuck = (0..<graph.openCount).first(where: { !reaches.contains($0) }) {
        recordViolation(property, Site(state: Int(graph.states[stuck]), action: nil))
      }
    }
  }

  /// For each edge of the open states, the position of its end among the open states, or
  /// -1 when its end is not open.
  @inlinable func openEdgeEnds() -> [Int32] {
    precondition(graph.openCount < Int(Int32.max), "more than 2147483646 open states")
    var position: [UInt64: Int32] = [:]
    position.reserveCapacity(graph.openCount)
    for node in 0..<graph.openCount { position[graph.fingerprints[node]] = Int32(node) }
    var ends: [Int32] = []
    ends.reserveCapacity(graph.successors.count)
    for edge in 0..<graph.successors.count { ends.append(position[graph.successors[edge]] ?? -1) }
    return ends
  }

  /// The open states (by position) from which a state satisfying `isTarget`, or a state
  /// that is not open, can be reached; `edges` gives each edge's end (see
  /// ``openEdgeEnds()``).
  @inlinable func openStatesReaching(edges: [Int32], _ isTarget: (Int) -> Bool) -> Bitset {
    let nodeCount = graph.openCount
    // Tarjan's numbering: 0 unvisited, else visit order + 1.
    var number = [UInt32](repeating: 0, count: nodeCount)
    var lowest = [UInt32](repeating: 0, count: nodeCount)
    var onStack = Bitset()
    /// A state with an edge into a finished component that reaches a target, or out of the
    /// open states.
    var leadsOut = Bitset()
    var reaches = Bitset()
    var componentStack: [UInt32] = []
    /// The depth-first path: a state and the position of its next edge.
    var path: [(node: UInt32, edge: UInt32)] = []
    var visits: UInt32 = 0

    func visit(_ node: Int) {
      visits += 1
      number[node] = visits
      lowest[node] = visits
      componentStack.append(UInt32(node))
      onStack.insert(node)
      path.append((UInt32(node), UInt32(graph.successorRange(of: node).lowerBound)))
    }

    for root in 0..<nodeCount where number[root] == 0 {
      visit(root)
      while let (current, next) = path.last {
        let node = Int(current)
        let edge = Int(next)
        if edge < graph.successorRange(of: node).upperBound {
          path[path.count - 1].edge = UInt32(edge + 1)
          let successor = Int(edges[edge])
          if successor < 0 {
            leadsOut.insert(node)
          } else if number[successor] == 0 {
            visit(successor)
          } else if onStack.contains(successor) {
            lowest[node] = min(lowest[node], number[successor])
          } else if reaches.contains(successor) {
            leadsOut.insert(node)
          }
          continue
        }
        path.removeLast()
        if let parent = path.last.map({ Int($0.node) }) {
          lowest[parent] = min(lowest[parent], lowest[node])
        }
        guard lowest[node] == number[node] else { continue }
        // `node` roots a component: the stack above it.
        var start = componentStack.count - 1
        while componentStack[start] != UInt32(node) { start -= 1 }
        var componentReaches = false
        for member in componentStack[start...] {
          let m = Int(member)
          if isTarget(m) || leadsOut.contains(m) { componentReaches = true }
        }
        for member in componentStack[start...] {
          onStack.remove(Int(member))
          if componentReaches { reaches.insert(Int(member)) }
        }
        componentStack.removeSubrange(start...)
        // The parent's edge to `node` leaves the parent's component.
        if componentReaches, let parent = path.last.map({ Int($0.node) }) { leadsOut.insert(parent) }
      }
    }
    return reaches
  }
}
