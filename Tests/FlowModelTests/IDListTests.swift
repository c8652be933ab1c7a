import Testing

@testable import FlowExplorer
@testable import FlowModel

/// `IDList`'s own versions of what the model does on every step agree with the generic
/// `Collection` algorithms on an array of the same ids.
@Suite struct IDListTests {
  @Test(arguments: 0..<40)
  func fastPathsAgreeWithTheGenericAlgorithms(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 5)
    let ids = (0..<random.next(below: IDList.capacity + 1)).map { _ in random.next(below: 40) }
    let list = IDList(ids)
    list._checkInvariants()
    #expect(list.last == ids.last)
    for probe in 0..<41 {
      #expect(list.contains(probe) == ids.contains(probe))
      let end = random.next(below: ids.count + 1)
      #expect(list.contains(probe, before: end) == ids[..<end].contains(probe))
    }
    let start = random.next(below: ids.count + 1)
    let suffix = list.reversedSuffix(from: start)
    suffix._checkInvariants()
    #expect(Array(suffix) == Array(ids[start...].reversed()))
    var shortened = list
    let k = random.next(below: ids.count + 1)
    shortened.removeLast(k)
    shortened._checkInvariants()
    #expect(Array(shortened) == Array(ids.dropLast(k)))
    shortened.append(7)
    shortened._checkInvariants()
    #expect(Array(shortened) == Array(ids.dropLast(k)) + [7])
    #expect(!shortened.overflowed)
    var renumbered = list
    renumbered.renumber { $0 % 3 == 0 ? nil : $0 + 1 }
    renumbered._checkInvariants()
    #expect(Array(renumbered) == ids.compactMap { $0 % 3 == 0 ? nil : $0 + 1 })
  }

  /// A list made from part of another is a new list: it does not inherit the overflow mark.
  @Test func aReversedSuffixStartsWithoutTheOverflowMark() {
    var full = IDList(0..<IDList.capacity)
    full.append(99)
    full._checkInvariants()
    #expect(full.overflowed)
    let suffix = full.reversedSuffix(from: 28)
    suffix._checkInvariants()
    #expect(Array(suffix) == [30, 29, 28])
    #expect(!suffix.overflowed)
  }
}
