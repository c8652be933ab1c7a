import Testing

@testable import FlowExplorer

/// The stores behind the explorer's per-state arrays and its recorded graph.
@Suite struct StateStoreTests {
  @Test(arguments: 0..<20)
  func theGraphGivesBackEachStatesDistinctSuccessors(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 101)
    let states = 1 + random.next(below: seed % 5 == 0 ? 30_000 : 300)
    let graph = StateGraph()
    var expected: [[Int]] = []
    for state in 0..<states {
      var successors: [Int] = []
      for _ in 0..<random.next(below: 6) {
        // Near the state, far from it, or a repeat of one already added.
        let successor =
          !successors.isEmpty && random.nextBool()
          ? successors[random.next(below: successors.count)]
          : random.nextBool() ? max(0, state + random.next(below: 200) - 100) : random.next(below: 1 << 31)
        successors.append(successor)
        graph.add(UInt32(successor))
      }
      graph.close(state)
      expected.append(Array(Set(successors)).sorted())
    }
    #expect(graph.expandedCount == states)
    for state in 0..<states {
      var decoded: [Int] = []
      var position = graph.byteRange(of: state).lowerBound
      var previous = 0
      while position < graph.byteRange(of: state).upperBound {
        previous = graph.successor(of: state, at: &position, previous: previous)
        decoded.append(previous)
      }
      #expect(decoded == expected[state], "state \(state)")
    }
    #expect(graph.byteRange(of: states).isEmpty)
  }

  @Test func chunkedArraysKeepEveryElementAcrossBlocks() {
    let array = ChunkedArray<UInt32>()
    let count = 3 * ChunkedArray<UInt32>.blockSize + 5
    for index in 0..<count { array.append(UInt32(index * 7)) }
    #expect(array.count == count)
    #expect((0..<count).allSatisfy { array[$0] == UInt32($0 * 7) })
    #expect(array[count - 1] == UInt32((count - 1) * 7))
    #expect(array.storedBytes == 4 * ChunkedArray<UInt32>.blockSize * 4)
    for index in stride(from: 0, to: count, by: 3) { array[index] |= 1 }
    #expect((0..<count).allSatisfy { array[$0] == UInt32($0 * 7) | ($0 % 3 == 0 ? 1 : 0) })
  }
}
