import FlowExplorer
import Testing

@testable import FlowModel

/// The checks of `IDList`, `LocalValues` and `PackedState` are compiled into test builds, and
/// hold for lists made and changed every way the model makes and changes them, and for the
/// states a search reaches.
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

  /// The states a breadth-first search of generated flows reaches (the first 300 of each,
  /// terminal ones expanded too), as the frontier hands them back: its words pack back to themselves, its
  /// fingerprint is that of its bytes, and how it was reached comes back as it was stored.
  @Test func reachedStatesPackBackToThemselves() {
    var checked = 0
    for seed: UInt64 in 1...6 {
      guard let flow = ModelPropertyTests.generatedFlow(seed: seed) else { continue }
      checked += Self.checkReachedStates(of: FlowSystem<Radianttap>(flow: flow), seed: seed)
    }
    // Some generated flows stop at their first state; together they must reach many.
    #expect(checked > 100, "only \(checked) states reached")
  }

  /// Checks the first 300 states a search of `system` reaches; returns how many it checked.
  static func checkReachedStates(of system: FlowSystem<Radianttap>, seed: UInt64) -> Int {
    var random = SplitMix64(seed: seed)
    var frontier = PackedFrontier<Radianttap>()
    var arrivals: [StateArrival] = []
    var seen = Set<[UInt16]>()
    func add(_ state: PackedState<Radianttap>) {
      guard seen.insert(state.words).inserted else { return }
      var state = state
      // Statements at any offset, none (-1), and failing bits in all 32 of their bits.
      state.arrival = StateArrival(
        lastStatementAt: Int32(truncatingIfNeeded: Int(random.next(below: 1 << 20)) - 1),
        previousFailing: random.next() & 0xFFFF_FFFF)
      arrivals.append(state.arrival)
      frontier.append(state)
    }
    for state in system.initialStates() { add(state) }
    var position = 0
    var actions: [FlowAction] = []
    var violations: [Int] = []
    while position < frontier.count && position < 300 {
      let state = frontier[position]
      state._checkInvariants()
      #expect(state.arrival == arrivals[position], "seed \(seed), state \(position)")
      actions.removeAll()
      system.actions(in: state, into: &actions)
      for action in actions {
        if let next = system.successor(of: state, via: action, violations: &violations) { add(next) }
      }
      position += 1
    }
    return position
  }
}
