import Testing

@testable import FlowExplorer

/// The merge takes only the successors not found in the visited set one by one
/// (`ExpansionBuffer.unknown`); `SuccessorOrder` must take them in the order it gives all of
/// them, and count the known ones before a stop as a merge taking every successor would.
@Suite struct SuccessorOrderTests {
  @Test func withoutASeedTheSuccessorsAreTakenInActionOrder() {
    let order = SuccessorOrder(seed: 0, source: 17, first: 40, end: 47)
    #expect((0..<7).map(order.successor(at:)) == Array(40..<47))
  }

  @Test func aSeedTakesEverySuccessorOnceRotatedAndSometimesReversed() {
    var reversed = 0
    var rotated = 0
    for source in 0..<200 {
      let order = SuccessorOrder(seed: 9, source: source, first: 5, end: 13)
      let taken = (0..<8).map(order.successor(at:))
      #expect(taken.sorted() == Array(5..<13), "source \(source) took \(taken)")
      if order.reversed { reversed += 1 }
      if taken.first != 5 && taken.first != 12 { rotated += 1 }
    }
    // Both directions and many starting points over 200 sources: a fixed order would fail.
    #expect(reversed > 50 && reversed < 150)
    #expect(rotated > 100)
  }

  /// The order as the merge took every successor before it took only the unknown ones:
  /// from a seed- and source-drawn offset round, backwards for about half the sources.
  @Test func theOrderIsTheOneTheMergeAlwaysUsed() {
    var random = SplitMix64(seed: 12)
    for _ in 0..<500 {
      let seed = random.next(below: 4) == 0 ? 0 : random.next()
      let source = random.next(below: 100_000)
      let first = random.next(below: 50)
      let count = random.next(below: 12)
      var offset = 0
      var reversed = false
      if seed != 0 && count > 1 {
        let mixed = SplitMix64.mix(seed &+ SplitMix64.mix(UInt64(source)))
        offset = Int(mixed % UInt64(count))
        reversed = mixed >> 63 == 1
      }
      var expected: [Int] = []
      var turn = offset
      for _ in 0..<count {
        expected.append(first + (reversed ? count - 1 - turn : turn))
        turn += 1
        if turn == count { turn = 0 }
      }
      let order = SuccessorOrder(seed: seed, source: source, first: first, end: first + count)
      #expect((0..<count).map(order.successor(at:)) == expected, "seed \(seed), source \(source)")
    }
  }

  /// Seeded random sources, successor ranges and known sets: the unknown successors taken
  /// through `split(of:)` and `unknownPosition(at:count:split:)` are those of the full
  /// order, in its order; the known ones before each are those the full order passes.
  @Test(arguments: 0..<40) func theUnknownSuccessorsAreTakenAsTheFullOrderTakesThem(case seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 101)
    for _ in 0..<50 {
      let first = Int(random.next() % 20)
      let count = Int(random.next() % 12)
      let end = first + count
      let orderSeed = seed % 4 == 0 ? 0 : random.next()
      let order = SuccessorOrder(seed: orderSeed, source: Int(random.next() % 1000), first: first, end: end)
      // Slots for the successors 0..<end; those before `first` belong to other sources.
      let knownSlots = (0..<end).map { _ in random.next() % 3 == 0 ? -1 : Int(random.next() % 100) }
      let unknownAscending = (first..<end).filter { knownSlots[$0] < 0 }.map(Int32.init)
      // As the buffer holds them: other sources' unknown successors around this one's.
      let padding: [Int32] = [-7, -3]
      let unknown = (padding + unknownAscending + [99])[
        padding.count..<(padding.count + unknownAscending.count)]
      let full = (0..<count).map(order.successor(at:))
      let expected = full.filter { knownSlots[$0] < 0 }
      let split = order.split(of: unknown)
      let taken = (0..<unknown.count).map {
        Int(unknown[unknown.startIndex + order.unknownPosition(at: $0, count: unknown.count, split: split)])
      }
      #expect(
        taken == expected, "first \(first), end \(end), offset \(order.offset), reversed \(order.reversed)")
      for successor in expected {
        let before = full.prefix { $0 != successor }.count { knownSlots[$0] >= 0 }
        #expect(order.knownSuccessors(before: successor, knownSlots: knownSlots) == before)
      }
    }
  }
}
