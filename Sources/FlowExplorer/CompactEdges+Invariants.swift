extension CompactEdges {
  /// Checks that the nodes' byte ranges follow one another to the end of the bytes, and
  /// that each ends with the last byte of a distance (its high bit clear). Compiled in only
  /// with `-D FLOWCHECK_INTERNAL_CHECKS`.
  /// - Complexity: O(nodes)
  func _checkInvariants() {
    #if FLOWCHECK_INTERNAL_CHECKS
      bytes._checkInvariants()
      ends._checkInvariants()
      var start = 0
      for node in 0..<nodeCount {
        let end = Int(ends[node])
        precondition(end >= start, "a node's successors end before they start")
        if end > start { precondition(bytes[end - 1] < 0x80, "a node's successors end inside a distance") }
        start = end
      }
      precondition(start == bytes.count, "bytes after the last node's successors")
    #endif
  }
}
