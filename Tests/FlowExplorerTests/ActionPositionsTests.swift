import Testing

@testable import FlowExplorer

/// Action positions are stored in a byte each, with positions from 255 up kept aside: every
/// position comes back, and a trace through a state with hundreds of actions replays.
@Suite struct ActionPositionsTests {
  @Test func everyPositionComesBack() {
    var random = SplitMix64(seed: 5)
    let positions = (0..<20_000).map { _ in
      random.next(below: 8) == 0 ? random.next(below: 70_000) : random.next(below: 255)
    }
    let store = ActionPositions()
    for (index, position) in positions.enumerated() {
      store.append(position)
      if index % 997 == 0 { store._checkInvariants() }
    }
    store._checkInvariants()
    #expect(store.count == positions.count)
    #expect(positions.indices.allSatisfy { store[$0] == positions[$0] })
    #expect(store.large.count == positions.count { $0 >= 255 })
  }

  @Test func aTraceThroughAWideStateReplays() throws {
    // Node 0 has 600 edges; the bad node is behind edge 512 then edge 300 of a second wide node.
    var successors = [Array(1...600)] + Array(repeating: [], count: 700)
    successors[513] = Array(repeating: 0, count: 400)
    successors[513][300] = 650
    let graph = GraphSystem(
      successors: successors, properties: [.always("not 650") { $0 != 650 }])
    let result = Explorer.explore(graph, options: ExplorerOptions(threads: 1))
    let violation = try #require(result.violations.first)
    #expect(violation.actionIndices == [512, 300])
    #expect(
      finalState(
        of: graph, initialStateIndex: violation.initialStateIndex, actionIndices: violation.actionIndices)
        == 650)
  }
}

/// Parents are stored as steps of a byte from the parent before: every parent comes back,
/// the initial states' marker, long jumps and steps backwards included.
@Suite struct ParentLinksTests {
  @Test(arguments: 0..<8)
  func everyParentComesBack(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 31)
    var parents: [UInt32] = Array(repeating: UInt32.max, count: 1 + random.next(below: 70))
    var parent: UInt32 = 0
    for _ in 0..<(seed == 0 ? 200 : 20_000) {
      switch random.next(below: 20) {
      case 0: parent += UInt32(random.next(below: 100_000))  // a long run of states without new successors
      case 1: parent = UInt32(random.next(below: Int(parent) + 1))  // backwards: not BFS, still kept
      case 2: parents.append(UInt32.max)
      default: parent += UInt32(random.next(below: 3))
      }
      parents.append(parent)
    }
    let links = ParentLinks()
    for (index, parent) in parents.enumerated() {
      links.append(parent)
      if index % 997 == 0 { links._checkInvariants() }
    }
    links._checkInvariants()
    #expect(links.count == parents.count)
    #expect(parents.indices.allSatisfy { links[$0] == parents[$0] })
  }

  @Test func aBreadthFirstTreeTakesAboutAByteAState() {
    var random = SplitMix64(seed: 3)
    let links = ParentLinks()
    for _ in 0..<3 { links.append(UInt32.max) }
    var parent: UInt32 = 0
    for _ in 0..<400_000 {
      parent += UInt32(random.next(below: 3))
      links.append(parent)
    }
    links._checkInvariants()
    #expect(links.exceptions.count <= 1, "only the step down from the initial states' marker")
    #expect(links.storedBytes <= links.count * 5 / 4 + 2 * 4096 * 4)
  }
}
