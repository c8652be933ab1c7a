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
  /// A terminal state has no "afterwards" to judge (the app crashed, or the model cut it):
  /// it is never reported, and it is no target either, so a state reaches a target only
  /// through states that were explored. It stays open with no successors, and whatever
  /// it broke is reported by that property.
  ///
  /// Works on the forward edges only, by Tarjan's strongly connected components: a component
  /// reaches a target when one of its states is one (a settled state is one for every
  /// property), or has an edge to a component already known to reach one (Tarjan closes
  /// components successors first). An open state with an edge to a state that is not open
  /// was settled when its edges were resolved.
  /// - Complexity: O(open states + their edges) time per property, once the last open
  ///   states' edges are resolved.
  @inlinable mutating func checkCanReach() {
    guard recordsGraph, stateCount > 0 else { return }
    resolveOpenStates(before: nil)
    // From here on only the graph is needed: the table's memory can serve the check.
    visited.releaseStorage()
    for (slot, property) in plan.canReachProperties.enumerated() {
      let reaches = openStatesReaching { node in
        targets[slot].contains(Int(graph.states[node]))
      }
      let stuck = (0..<graph.openCount).first { node in
        !reaches.contains(node) && !terminalSources.contains(Int(graph.states[node]))
      }
      if let stuck {
        recordViolation(property, Site(state: Int(graph.states[stuck]), action: nil))
      }
    }
  }

  /// Names by node the successors of the open states numbered below `bound` (every one
  /// when nil), whose successors are all merged (see ``StateGraph/resolve(statesBefore:settle:)``).
  /// A state found to reach every target is marked so, as
  /// ``closeEdges(of:fingerprint:successorMarks:successors:visitedSlot:)`` marks one, so that
  /// states merged later can settle on it.
  @inlinable mutating func resolveOpenStates(before bound: Int?) {
    let visited = self.visited
    let graph = self.graph
    var targets = self.targets
    self.targets = []
    graph.resolve(statesBefore: bound) { node in
      let state = Int(graph.states[node])
      var marks: UInt8 = 0
      for slot in targets.indices {
        targets[slot].insert(state)
        if slot < 8 { marks |= 1 << UInt8(slot) }
      }
      visited.addMarks(marks, to: graph.fingerprints[node])
    }
    self.targets = targets
  }

  /// The open states (by node) from which a state satisfying `isTarget`, or a settled
  /// state, can be reached. Every open state's successors must be resolved.
  @inlinable func openStatesReaching(_ isTarget: (Int) -> Bool) -> Bitset {
    let nodeCount = graph.openCount
    let edges = graph.edges
    // Tarjan's numbering: 0 unvisited, else visit order + 1.
    var number = [UInt32](repeating: 0, count: nodeCount)
    var lowest = [UInt32](repeating: 0, count: nodeCount)
    var onStack = Bitset()
    /// A state with an edge into a finished component that reaches a target.
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
      path.append((UInt32(node), UInt32(edges.byteRange(of: node).lowerBound)))
    }

    for root in 0..<nodeCount where number[root] == 0 {
      visit(root)
      while let (current, next) = path.last {
        let node = Int(current)
        let edge = Int(next)
        if edge < edges.byteRange(of: node).upperBound {
          var offset = edge
          let successor = edges.successor(of: node, at: &offset)
          path[path.count - 1].edge = UInt32(offset)
          if number[successor] == 0 {
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
