import Testing

@testable import FlowExplorer

/// The stores behind the explorer's per-state arrays and its recorded graph.
@Suite struct StateStoreTests {
  /// States with successors among each other's fingerprints and unknown ones; some open.
  /// Resolving in two rounds (the states before a random bound, then the rest) names every
  /// successor of an open state by node, or settles the state when a successor is not open
  /// or is settled already, as the explorer does level by level.
  @Test(arguments: 0..<20)
  func theGraphKeepsTheOpenStatesWithTheirDistinctSuccessors(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 101)
    let states = 1 + random.next(below: seed % 5 == 0 ? 30_000 : 300)
    let fingerprints = (0..<states).map { _ in random.next() }
    let graph = StateGraph()
    var open: [(state: Int, successors: Set<UInt64>)] = []
    for state in 0..<states {
      var successors: [UInt64] = []
      for _ in 0..<random.next(below: 6) {
        // Another state, a repeat, the state itself, or a state never merged.
        let successor =
          switch random.next(below: 8) {
          case 0 where !successors.isEmpty: successors[random.next(below: successors.count)]
          case 1: fingerprints[state]
          case 2: random.next()
          default: fingerprints[random.next(below: states)]
          }
        successors.append(successor)
      }
      let isOpen = random.next(below: seed % 2 == 0 ? 4 : 2) != 0
      graph.close(state, fingerprint: fingerprints[state], isOpen: isOpen, successors: successors[...])
      if state.nonzeroBitCount <= 1 { graph._checkInvariants() }  // at 0 and each power of two
      if isOpen { open.append((state, Set(successors).subtracting([fingerprints[state]]))) }
    }
    #expect(graph.expandedCount == states)
    #expect(graph.openCount == open.count)
    let nodes = Dictionary(
      uniqueKeysWithValues: open.enumerated().map { (fingerprints[$0.element.state], $0.offset) })
    var settledInOrder: [Int] = []
    let bound = random.next(below: states + 1)
    graph._checkInvariants()
    graph.resolve(statesBefore: bound) { settledInOrder.append($0) }
    graph._checkInvariants()
    #expect(graph.resolvedCount == open.count { $0.state < bound })
    graph.resolve(statesBefore: nil) { settledInOrder.append($0) }
    graph._checkInvariants()
    #expect(graph.resolvedCount == open.count)
    #expect(settledInOrder == settledInOrder.sorted())
    for (node, entry) in open.enumerated() {
      #expect(Int(graph.states[node]) == entry.state)
      #expect(graph.fingerprints[node] == fingerprints[entry.state])
      let successors = graph.edges.successors(of: node)
      if graph.settled.contains(node) {
        #expect(settledInOrder.contains(node))
        #expect(successors.isEmpty)
        // Settled for a successor that is not open, or settled before it.
        let cause = entry.successors.contains { successor in
          guard let other = nodes[successor] else { return true }
          return other < node ? graph.settled.contains(other) : false
        }
        #expect(cause, "node \(node)")
      } else {
        #expect(Set(successors) == Set(entry.successors.compactMap { nodes[$0] }), "node \(node)")
        #expect(successors.count == entry.successors.count)
        #expect(successors.allSatisfy { $0 >= node || !graph.settled.contains($0) })
      }
    }
  }

  @Test func compactEdgesKeepEveryDistance() {
    var random = SplitMix64(seed: 7)
    let edges = CompactEdges()
    var expected: [[Int]] = []
    for node in 0..<2_000 {
      let successors = (0..<random.next(below: 9)).map { _ -> Int in
        switch random.next(below: 4) {
        case 0: return 0
        case 1: return random.next(below: node + 1)
        case 2: return node + random.next(below: 300)
        default: return Int(UInt32.max) - random.next(below: 1000)
        }
      }
      edges.append(successors, of: node)
      expected.append(successors)
      if node % 97 == 0 { edges._checkInvariants() }
    }
    edges._checkInvariants()
    #expect(edges.nodeCount == expected.count)
    #expect((0..<expected.count).allSatisfy { edges.successors(of: $0) == expected[$0] })
    // One byte for distances within ±63, two within ±8191.
    let small = CompactEdges()
    small.append([63, -64, 64, 8191, -8192, 8192], of: 0)
    small._checkInvariants()
    #expect(small.successors(of: 0) == [63, -64, 64, 8191, -8192, 8192])
    #expect(small.byteRange(of: 0).count == 1 + 1 + 2 + 2 + 2 + 3)
  }

  @Test func theOpenStateIndexFindsEveryNodeAcrossGrowth() {
    var random = SplitMix64(seed: 11)
    let fingerprints = ChunkedArray<UInt64>()
    let index = OpenStateIndex()
    var absent: [UInt64] = []
    for node in 0..<50_000 {
      fingerprints.append(random.next())
      index.insert(node, fingerprints: fingerprints)
      absent.append(random.next())
      // Around each growth, and now and then.
      if node.nonzeroBitCount == 1 || node % 4_999 == 0 { index._checkInvariants(fingerprints: fingerprints) }
    }
    index._checkInvariants(fingerprints: fingerprints)
    #expect(
      (0..<fingerprints.count).allSatisfy { index.find(fingerprints[$0], fingerprints: fingerprints) == $0 })
    #expect(absent.allSatisfy { index.find($0, fingerprints: fingerprints) == nil })
    #expect(index.capacity >= 50_000 * 4 / 3)
  }

  @Test func chunkedArraysKeepEveryElementAcrossBlocks() {
    let array = ChunkedArray<UInt32>()
    let count = 3 * ChunkedArray<UInt32>.blockSize + 5
    array._checkInvariants()
    for index in 0..<count {
      array.append(UInt32(index * 7))
      array._checkInvariants()
    }
    #expect(array.count == count)
    #expect((0..<count).allSatisfy { array[$0] == UInt32($0 * 7) })
    #expect(array[count - 1] == UInt32((count - 1) * 7))
    #expect(array.storedBytes == 4 * ChunkedArray<UInt32>.blockSize * 4)
  }
}
