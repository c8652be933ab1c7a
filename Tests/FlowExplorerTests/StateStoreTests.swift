import Testing

@testable import FlowExplorer

/// The stores behind the explorer's per-state arrays and its recorded graph.
@Suite struct StateStoreTests {
  @Test(arguments: 0..<20)
  func theGraphKeepsTheOpenStatesWithTheirDistinctSuccessors(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 101)
    let states = 1 + random.next(below: seed % 5 == 0 ? 30_000 : 300)
    let graph = StateGraph()
    var expected: [(state: Int, fingerprint: UInt64, successors: [UInt64])] = []
    for state in 0..<states {
      var successors: [UInt64] = []
      var marks: UInt8 = 0
      for _ in 0..<random.next(below: 6) {
        // A new fingerprint or a repeat of one already added.
        let successor =
          !successors.isEmpty && random.nextBool()
          ? successors[random.next(below: successors.count)] : random.next()
        let mark = UInt8(1) << UInt8(random.next(below: 8))
        successors.append(successor)
        marks |= mark
        graph.add(successor, marks: mark)
      }
      #expect(graph.pendingMarks == marks)
      let fingerprint = random.next()
      let isOpen = random.next(below: 4) == 0
      graph.close(state, fingerprint: fingerprint, isOpen: isOpen)
      #expect(graph.pendingMarks == 0 && graph.pending.isEmpty)
      if isOpen { expected.append((state, fingerprint, Array(Set(successors)).sorted())) }
    }
    #expect(graph.expandedCount == states)
    #expect(graph.openCount == expected.count)
    for (node, open) in expected.enumerated() {
      #expect(Int(graph.states[node]) == open.state)
      #expect(graph.fingerprints[node] == open.fingerprint)
      #expect(graph.successorRange(of: node).map { graph.successors[$0] } == open.successors, "node \(node)")
    }
  }

  @Test func chunkedArraysKeepEveryElementAcrossBlocks() {
    let array = ChunkedArray<UInt32>()
    let count = 3 * ChunkedArray<UInt32>.blockSize + 5
    for index in 0..<count { array.append(UInt32(index * 7)) }
    #expect(array.count == count)
    #expect((0..<count).allSatisfy { array[$0] == UInt32($0 * 7) })
    #expect(array[count - 1] == UInt32((count - 1) * 7))
    #expect(array.storedBytes == 4 * ChunkedArray<UInt32>.blockSize * 4)
  }
}
