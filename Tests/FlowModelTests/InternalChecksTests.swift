import Testing

@testable import FlowModel

/// The checks of `IDList` and `LocalValues` are compiled into test builds, and hold for
/// lists made and changed every way the model makes and changes them.
@Suite struct InternalChecksTests {
  @Test func internalChecksAreCompiledIntoTestBuilds() {
    #expect(
      internalChecksAreCompiledIn(),
      "FLOWCHECK_INTERNAL_CHECKS is off: every _checkInvariants() the tests call is empty")
  }

  /// Locals as a coordinator starts with them, then assigned at each position.
  @Test(arguments: [
    [], [0], [-1_000, 1_000], Array(-8..<8), Array(repeating: 7, count: LocalValues.capacity),
  ])
  func localValuesKeepTheirValues(values: [Int]) {
    var locals = LocalValues(values)
    locals._checkInvariants()
    #expect(Array(locals) == values)
    for position in locals.indices {
      locals[position] = -locals[position] + position
      locals._checkInvariants()
    }
    #expect(Array(locals) == values.enumerated().map { -$0.element + $0.offset })
    #expect(locals == LocalValues(Array(locals)))
    var grown = LocalValues(values.prefix(LocalValues.capacity - 1))
    grown.append(42)
    grown._checkInvariants()
    #expect(grown.last == 42)
  }

  /// Lists as the world changes them: replaced, cut, grown past their capacity.
  @Test func idListsKeepTheirChecksThroughEveryChange() {
    var list: IDList = [3, 1, 4, 1, 5]
    list._checkInvariants()
    list.replaceSubrange(1..<3, with: [9, 2, 6])
    list._checkInvariants()
    #expect(Array(list) == [3, 9, 2, 6, 1, 5])
    list.replace(with: [7, 8])
    list._checkInvariants()
    list.removeAll()
    list._checkInvariants()
    #expect(list.isEmpty)
    for id in 0..<(IDList.capacity + 2) { list.append(id) }
    list._checkInvariants()
    #expect(list.overflowed && list.count == IDList.capacity)
    var kept = IDList()
    kept.replace(with: list)
    kept._checkInvariants()
    #expect(kept.overflowed)
  }
}
