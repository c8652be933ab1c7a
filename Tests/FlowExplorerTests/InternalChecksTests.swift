import Testing

@testable import FlowExplorer

/// The containers' `_checkInvariants()` are compiled into test builds, and each catches a
/// structure broken on purpose (in a child process, as a failed precondition ends it).
@Suite struct InternalChecksTests {
  @Test func internalChecksAreCompiledIntoTestBuilds() {
    #expect(
      internalChecksAreCompiledIn(),
      "FLOWCHECK_INTERNAL_CHECKS is off: every _checkInvariants() the tests call is empty")
  }

  /// A structure of each kind, filled, then broken in one way its check must see.
  enum Breakage: String, CaseIterable, Codable, Sendable {
    case fingerprintTableCount, chunkedArrayCount, parentLinksLostException, actionPositionsLostPosition
    case compactEdgesTrailingByte, openStateIndexCount, bitstateSetBits, stateGraphUnsortedSuccessors

    /// Builds the structure and breaks it, then runs its check.
    func breakAndCheck() {
      var random = SplitMix64(seed: 1)
      switch self {
      case .fingerprintTableCount:
        let table = FingerprintTable(minimumCapacity: 4, keepsMarks: false)
        for _ in 0..<100 { _ = table.insert(random.next()) }
        table.count += 1
        table._checkInvariants()
      case .chunkedArrayCount:
        let array = ChunkedArray<UInt8>()
        for _ in 0..<ChunkedArray<UInt8>.blockSize { array.append(1) }
        array.count += 1
        array._checkInvariants()
      case .parentLinksLostException:
        let links = ParentLinks()
        for parent: UInt32 in [0, 0, 1_000, 1_001] { links.append(parent) }
        links.exceptions.removeAll()
        links._checkInvariants()
      case .actionPositionsLostPosition:
        let positions = ActionPositions()
        for position in [1, 300, 2] { positions.append(position) }
        positions.large.removeAll()
        positions._checkInvariants()
      case .compactEdgesTrailingByte:
        let edges = CompactEdges()
        edges.append([1, 2], of: 0)
        edges.bytes.append(0x81)
        edges._checkInvariants()
      case .openStateIndexCount:
        let fingerprints = ChunkedArray<UInt64>()
        let index = OpenStateIndex()
        for node in 0..<20 {
          fingerprints.append(random.next())
          index.insert(node, fingerprints: fingerprints)
        }
        index.count -= 1
        index._checkInvariants(fingerprints: fingerprints)
      case .bitstateSetBits:
        let array = BitstateArray(log2Bits: 12, hashCount: 3)
        for _ in 0..<50 { _ = array.insert(random.next()) }
        array.setBits += 1
        array._checkInvariants()
      case .stateGraphUnsortedSuccessors:
        let graph = StateGraph()
        graph.close(0, fingerprint: 1, isOpen: true, successors: [5, 9])
        graph.unresolvedSuccessors.swapAt(0, 1)
        graph._checkInvariants()
      }
    }
  }

  /// Each structure passes its check before it is broken.
  @Test func theStructuresPassTheirChecksUnbroken() {
    var random = SplitMix64(seed: 1)
    let table = FingerprintTable(minimumCapacity: 4, keepsMarks: true)
    for _ in 0..<100 { _ = table.insert(random.next()) }
    table._checkInvariants()
    let graph = StateGraph()
    graph.close(0, fingerprint: 1, isOpen: true, successors: [9, 5, 9, 1])
    graph._checkInvariants()
  }

  @Test(arguments: Breakage.allCases)
  func aBrokenStructureIsCaught(_ breakage: Breakage) async {
    await #expect(processExitsWith: .failure, "\(breakage.rawValue)") { [breakage] in
      breakage.breakAndCheck()
    }
  }
}
