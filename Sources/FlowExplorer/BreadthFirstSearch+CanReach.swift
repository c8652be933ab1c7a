extension BreadthFirstSearch {
  /// Checks every `canReach` property on the recorded graph: a state that reaches no target
  /// violates it, and the lowest-numbered such state (BFS order, so a shallowest one) gives
  /// the shortest trace.
  ///
  /// States whose successors were not all explored (beyond the depth bound, or not expanded
  /// because a limit stopped the search) are treated as reaching a target, so an incomplete
  /// search reports no false violation.
  ///
  /// Works on the forward edges only, by Tarjan's strongly connected components: a component
  /// reaches a target when one of its states is one, or has an edge to a component already
  /// known to reach one (Tarjan closes components successors first). A backward search
  /// needs the predecessor lists, another 4 bytes per transition on top of the edges; this
  /// needs about 20 bytes per state.
  /// - Complexity: O(states + transitions) time per property.
  @inlinable mutating func checkCanReach() {
    guard recordsGraph, stateCount > 0 else { return }
    // From here on only the graph is needed: the table's memory can serve the check.
    visited.releaseStorage()
    for (slot, property) in plan.canReachProperties.enumerated() {
      let reaches = statesReaching { state in
        targets[slot].contains(state) || unknownSuccessors.contains(state)
      }
      if let stuck = (0..<stateCount).first(where: { !reaches.contains($0) }) {
        recordViolation(property, Site(state: stuck, action: nil))
      }
    }
  }

  /// The states from which some state satisfying `isTarget`, or some state not expanded, can
  /// be reached in the recorded graph.
  @inlinable func statesReaching(_ isTarget: (Int) -> Bool) -> Bitset {
    let stateTotal = stateCount
    let expanded = graph.expandedCount
    // Tarjan's numbering: 0 unvisited, else visit order + 1.
    var number = [UInt32](repeating: 0, count: stateTotal)
    var lowest = [UInt32](repeating: 0, count: stateTotal)
    var onStack = Bitset()
    /// A state with an edge into a finished component that reaches a target.
    var leadsOut = Bitset()
    var reaches = Bitset()
    var componentStack: [UInt32] = []
    /// The depth-first path: a state, the position of its next edge in `graph.bytes` and
    /// the successor before it.
    var path: [(state: UInt32, edge: UInt32, previous: UInt32)] = []
    var visits: UInt32 = 0

    func visit(_ state: Int) {
      visits += 1
      number[state] = visits
      lowest[state] = visits
      componentStack.append(UInt32(state))
      onStack.insert(state)
      path.append((UInt32(state), UInt32(graph.byteRange(of: state).lowerBound), 0))
    }

    for root in 0..<stateTotal where number[root] == 0 {
      visit(root)
      while let (current, next, previous) = path.last {
        let state = Int(current)
        var edge = Int(next)
        if edge < graph.byteRange(of: state).upperBound {
          let successor = graph.successor(of: state, at: &edge, previous: Int(previous))
          path[path.count - 1].edge = UInt32(edge)
          path[path.count - 1].previous = UInt32(successor)
          if number[successor] == 0 {
            visit(successor)
          } else if onStack.contains(successor) {
            lowest[state] = min(lowest[state], number[successor])
          } else if reaches.contains(successor) {
            leadsOut.insert(state)
          }
          continue
        }
        path.removeLast()
        if let parent = path.last.map({ Int($0.state) }) {
          lowest[parent] = min(lowest[parent], lowest[state])
        }
        guard lowest[state] == number[state] else { continue }
        // `state` roots a component: the stack above it.
        var start = componentStack.count - 1
        while componentStack[start] != UInt32(state) { start -= 1 }
        var componentReaches = false
        for member in componentStack[start...] {
          let m = Int(member)
          if m >= expanded || isTarget(m) || leadsOut.contains(m) { componentReaches = true }
        }
        for member in componentStack[start...] {
          onStack.remove(Int(member))
          if componentReaches { reaches.insert(Int(member)) }
        }
        componentStack.removeSubrange(start...)
        // The parent's edge to `state` leaves the parent's component.
        if componentReaches, let parent = path.last.map({ Int($0.state) }) { leadsOut.insert(parent) }
      }
    }
    return reaches
  }
}
