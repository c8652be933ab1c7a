import FlowExplorer
import Testing

@testable import FlowModel

/// The frontier store gives back exactly the words it was given, in order.
@Suite struct PackedFrontierTests {
  @Test(arguments: 0..<10)
  func randomWordsComeBackUnchanged(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 7)
    var store = PackedFrontier<Radianttap>()
    var expected: [[UInt16]] = []
    // Enough states to fill several 256 KiB blocks on some seeds, and on one a state larger
    // than a block.
    for index in 0..<(1 + random.next(below: seed % 3 == 0 ? 12_000 : 400)) {
      let length = seed == 4 && index == 7 ? 200_000 : random.next(below: 40)
      // Mostly small words, some at and around the 255 escape, some large.
      let words = (0..<length).map { _ -> UInt16 in
        switch random.next(below: 4) {
        case 0: UInt16(253 + random.next(below: 5))
        case 1: UInt16(truncatingIfNeeded: random.next())
        default: UInt16(random.next(below: 20))
        }
      }
      expected.append(words)
      store.append(PackedState<Radianttap>(words: words))
    }
    #expect(store.count == expected.count)
    // The fingerprint a state comes out with is that of its words, and goes with them.
    guard let flow = ModelPropertyTests.generatedFlow(seed: 1) else { return }
    let system = FlowSystem<Radianttap>(flow: flow)
    for (position, words) in expected.enumerated() {
      #expect(store[position].words == words, "state \(position)")
      var state = store[position]
      #expect(
        state.fingerprint == system.fingerprint(of: PackedState<Radianttap>(words: words)),
        "state \(position)")
      state.words.append(1)
      #expect(state.fingerprint == nil)
      #expect(!store[position].isAnalysed)
    }
    var copy = PackedFrontier<Radianttap>()
    for position in stride(from: expected.count - 1, through: 0, by: -2) {
      copy.append(from: store, at: position)
    }
    for (index, position) in stride(from: expected.count - 1, through: 0, by: -2).enumerated() {
      #expect(copy[index].words == expected[position])
    }
    store.removeAll(keepingCapacity: true)
    #expect(store.isEmpty)
  }

  /// Giving back the blocks before a position keeps every state from it on, in the store and
  /// in a copy; emptying a store that a copy shares leaves the copy intact.
  @Test(arguments: 0..<6)
  func discardingKeepsTheStatesAfterIt(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 99)
    var store = PackedFrontier<Radianttap>()
    var expected: [[UInt16]] = []
    // About 20 MiB: many 1 MiB blocks.
    for _ in 0..<60_000 {
      let words = (0..<(100 + random.next(below: 300))).map { _ in UInt16(random.next(below: 300)) }
      expected.append(words)
      store.append(PackedState<Radianttap>(words: words))
    }
    let copy = store
    var position = 0
    while position < expected.count {
      position = min(expected.count, position + 1 + random.next(below: 9_000))
      store.discard(before: position)
      for checked in position..<min(expected.count, position + 50) {
        #expect(store[checked].words == expected[checked], "state \(checked)")
        #expect(copy[checked].words == expected[checked], "state \(checked) of the copy")
      }
    }
    #expect(store[expected.count - 1].words == expected[expected.count - 1])
    var shared = PackedFrontier<Radianttap>()
    for words in expected.prefix(10) { shared.append(PackedState<Radianttap>(words: words)) }
    let sharedCopy = shared
    shared.removeAll(keepingCapacity: true)
    shared.append(PackedState<Radianttap>(words: [7, 7, 7]))
    #expect(shared[0].words == [7, 7, 7])
    for position in 0..<10 { #expect(sharedCopy[position].words == expected[position]) }
  }

  /// A state appended in three parts, or appended again, is the state appended whole, with
  /// its own arrival; also when it does not fit its block and starts the next, and when a
  /// copy of the store shares the block (the state appended again is then read from a block
  /// the store no longer appends to).
  @Test(arguments: 0..<2)
  func statesAppendedInPartsOrAgainComeBackWhole(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 41)
    var parts = PackedFrontier<Radianttap>()
    var whole = PackedFrontier<Radianttap>()
    var copies: [PackedFrontier<Radianttap>] = []
    // About 1.3 MiB: more than one 1 MiB block, so that an append starts a block.
    for index in 0..<12_000 {
      let length = Int(random.next(below: 200))
      let bytes = (0..<length).map { _ in UInt8(random.next(below: 255)) }
      let first = Int(random.next(below: length + 1))
      let second = first + Int(random.next(below: length - first + 1))
      let arrival = StateArrival(
        lastStatementAt: Int32(index), previousFailing: random.next() & 0xFFFF_FFFF)
      bytes.withUnsafeBufferPointer { buffer in
        parts.append(
          encoded: UnsafeBufferPointer(rebasing: buffer[..<first]),
          UnsafeBufferPointer(rebasing: buffer[first..<second]),
          UnsafeBufferPointer(rebasing: buffer[second...]), arrival: arrival)
        whole.append(encoded: buffer, arrival: arrival)
      }
      if random.next(below: 3) == 0 {
        let again = StateArrival(lastStatementAt: -Int32(index), previousFailing: UInt64(index))
        if random.next(below: 600) == 0 { copies.append(parts) }
        parts.appendLastAgain(arrival: again)
        bytes.withUnsafeBufferPointer { whole.append(encoded: $0, arrival: again) }
      }
    }
    #expect(parts.count == whole.count)
    #expect(parts.blockCount > 1)
    #expect(copies.count >= 3)
    // A copy shares its blocks with the store: its last states are those that an append to
    // the store after the copy could have overwritten.
    let checks = [(parts, 0)] + copies.map { ($0, max(0, $0.count - 500)) }
    for (store, first) in checks {
      for position in first..<store.count {
        let (got, expected) = (store[position], whole[position])
        guard got.words != expected.words || got.arrival != expected.arrival else { continue }
        Issue.record("state \(position) of a store of \(store.count) differs")
        return
      }
    }
  }

  /// A copy is a value: appending to one store does not change the states of another that
  /// shares its blocks, and a block given back and reused reads its new states.
  @Test func copiesAppendIndependently() {
    var first = PackedFrontier<Radianttap>()
    first.append(PackedState<Radianttap>(words: [1, 2, 3]))
    var second = first
    first.append(PackedState<Radianttap>(words: [4, 5]))
    second.append(PackedState<Radianttap>(words: [6]))
    #expect(first.count == 2 && second.count == 2)
    #expect(first[1].words == [4, 5])
    #expect(second[1].words == [6])
    #expect(second[0].words == [1, 2, 3])

    var reused = PackedFrontier<Radianttap>()
    for index in 0..<12_000 {
      reused.append(PackedState<Radianttap>(words: Array(repeating: UInt16(index % 200), count: 100)))
    }
    reused.discard(before: 11_999)
    reused.removeAll(keepingCapacity: true)
    reused.append(PackedState<Radianttap>(words: [9, 9]))
    #expect(reused[0].words == [9, 9])
  }

  @Test func reachableStatesComeBackUnchanged() {
    ModelPropertyTests.check("packed frontier") { flow in
      var problems = ModelPropertyTests.Problems()
      let system = FlowSystem<Radianttap>(flow: flow)
      let states = ModelPropertyTests.firstStates(system, count: 100)
      var store = PackedFrontier<Radianttap>()
      for state in states { store.append(state) }
      for (position, state) in states.enumerated() {
        problems.expect(store[position].words == state.words, "state \(position) comes back changed")
        problems.expect(
          system.prepared(store[position]) == system.prepared(state), "state \(position) prepares differently"
        )
        problems.expect(
          system.prepared(store[position]).failing
            == system.pack(FlowState<Radianttap>(packed: state.words)).failing,
          "state \(position) breaks other invariants once stored")
      }
      return problems
    }
  }
}
