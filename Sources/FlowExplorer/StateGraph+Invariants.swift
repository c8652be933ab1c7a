extension StateGraph {
  /// Checks the graph: one state number, fingerprint and index entry per open state, the
  /// state numbers rising and below `expandedCount`; the resolved nodes first, their
  /// successors open nodes, none twice, none for a settled node; the unresolved nodes'
  /// successor fingerprints sorted, without repeats or the node's own, their ends rising to
  /// the end of the list. Also checks the containers it is made of. Compiled in only with
  /// `-D FLOWCHECK_INTERNAL_CHECKS`.
  /// - Complexity: O(open states + their edges), plus the index's capacity.
  func _checkInvariants() {
    #if FLOWCHECK_INTERNAL_CHECKS
      states._checkInvariants()
      fingerprints._checkInvariants()
      edges._checkInvariants()
      index._checkInvariants(fingerprints: fingerprints)
      precondition(
        fingerprints.count == openCount && index.count == openCount,
        "open states, fingerprints and index differ")
      var previous = -1
      for node in 0..<openCount {
        let state = Int(states[node])
        precondition(state > previous && state < expandedCount, "open states out of order or not merged yet")
        previous = state
      }
      precondition(resolvedCount <= openCount, "more resolved nodes than open states")
      for node in 0..<resolvedCount {
        let successors = edges.successors(of: node)
        precondition(
          successors.allSatisfy { (0..<openCount).contains($0) }, "a successor that is no open node")
        precondition(Set(successors).count == successors.count, "a successor named twice")
        if settled.contains(node) { precondition(successors.isEmpty, "a settled node keeps edges") }
      }
      for node in resolvedCount..<openCount {
        precondition(!settled.contains(node), "a node settled before it is resolved")
      }
      precondition(unresolvedEnds.count == openCount - resolvedCount, "not one end per unresolved node")
      var start = 0
      for (offset, end) in unresolvedEnds.enumerated() {
        precondition(end >= start, "an unresolved node's successors end before they start")
        let own = fingerprints[resolvedCount + offset]
        let successors = unresolvedSuccessors[start..<end]
        precondition(!successors.contains(own), "a node is its own successor")
        precondition(zip(successors, successors.dropFirst()).allSatisfy { $0 < $1 }, "successors not sorted")
        start = end
      }
      precondition(start == unresolvedSuccessors.count, "successors after the last unresolved node's")
    #endif
  }
}
