extension BreadthFirstSearch {
  /// Checks every `canReach` property on the recorded graph, by a backward search from the
  /// targets: a state that reaches no target violates it, and the lowest-numbered such
  /// state (BFS order, so a shallowest one) gives the shortest trace.
  ///
  /// States whose successors were not all explored (beyond the depth bound, or not expanded
  /// because a limit stopped the search) are treated as reaching a target, so an incomplete
  /// search reports no false violation.
  /// - Complexity: O(states + transitions) time and memory per property.
  @inlinable mutating func checkCanReach() {
    guard recordsGraph, stateCount > 0 else { return }
    let stateTotal = stateCount
    let expanded = edgeEnds.count
    let edgeTotal = expanded == 0 ? 0 : Int(edgeEnds[expanded - 1])

    // Predecessor lists in compressed rows: predecessors of `s` are
    // `predecessors[predecessorStart[s]..<predecessorStart[s + 1]]`.
    var predecessorStart = [Int](repeating: 0, count: stateTotal + 1)
    for edge in 0..<edgeTotal { predecessorStart[Int(edges[edge]) + 1] += 1 }
    for state in 0..<stateTotal { predecessorStart[state + 1] += predecessorStart[state] }
    var predecessors = [UInt32](repeating: 0, count: edgeTotal)
    var fill = predecessorStart
    var edge = 0
    for source in 0..<expanded {
      let end = Int(edgeEnds[source])
      while edge < end {
        let target = Int(edges[edge])
        predecessors[fill[target]] = UInt32(source)
        fill[target] += 1
        edge += 1
      }
    }
    fill = []

    var reaches = [Bool](repeating: false, count: stateTotal)
    var queue: [Int] = []
    queue.reserveCapacity(stateTotal)
    for (slot, property) in plan.canReachProperties.enumerated() {
      for state in 0..<stateTotal { reaches[state] = false }
      queue.removeAll(keepingCapacity: true)
      for state in 0..<stateTotal
      where state >= expanded || targets[slot].contains(state) || unknownSuccessors.contains(state) {
        reaches[state] = true
        queue.append(state)
      }
      var head = 0
      while head < queue.count {
        let state = queue[head]
        head += 1
        for position in predecessorStart[state]..<predecessorStart[state + 1] {
          let predecessor = Int(predecessors[position])
          if !reaches[predecessor] {
            reaches[predecessor] = true
            queue.append(predecessor)
          }
        }
      }
      if let stuck = reaches.firstIndex(of: false) {
        recordViolation(property, Site(state: stuck, action: nil))
      }
    }
  }
}
