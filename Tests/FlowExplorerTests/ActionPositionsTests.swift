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
    for position in positions { store.append(position) }
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
