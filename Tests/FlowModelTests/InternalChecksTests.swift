import FlowExplorer
import FlowLanguage
import Foundation
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

  /// The same on a spec of each runtime, searched as `check` searches by default: a state
  /// that follows a violation is kept but not expanded, with its flag packed (the specs
  /// marked so have such states).
  @Test(arguments: [
    ("Specs/shop.flow", 1_000, false), ("Specs/raypets.flow", 30, false),
    ("Specs/jl-example.flow", 50, false),
    ("Specs/payment.flow", 50, false), ("Specs/real/element-room-info.flow", 20, true),
    ("Specs/bugs/class7-dismiss-closes-parent.flow", 20, true),
    ("Specs/bugs/presenter/gap2-long-press-pop.flow", 50, false),
    ("Specs/bugs/insecurity/purge-drops-completion-acting-on-nil.flow", 30, true),
  ])
  func reachedStatesOfEveryRuntimePack(path: String, minimum: Int, followsViolations: Bool) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    let flow = try #require(FrontEnd.check(source: SourceFile(path: path, text: text)).flow)
    let reached = Self.checkReachedStates(of: RuntimeRegistry.modelledRuntime(of: flow), flow: flow)
    #expect(reached.checked >= minimum, "\(path): only \(reached.checked) states reached")
    if followsViolations {
      #expect(reached.afterViolation > 0, "\(path): no state follows a violation")
    }
  }

  /// Two completions pending at once, of two coordinators: `pack` writes them sorted by the
  /// coordinators' new numbers.
  @Test func statesWithTwoCompletionsPendingPackBackToThemselves() throws {
    let flow = try #require(FrontEnd.check(source: SourceFile(path: "two.flow", text: Self.twoPending)).flow)
    let reached = Self.checkReachedStates(of: Radianttap.self, flow: flow)
    #expect(reached.checked > 100)
    #expect(reached.withTwoPending > 0, "no state has two completions pending")
    #expect(reached.afterViolation > 0, "no state follows a violation")
  }

  static let twoPending = """
    app TwoPending {
      library radianttap
      window App
      home Home
      limits { stack 3, presented 1, coordinators 4, pending 2, depth 12 }
    }

    screen Home
    screen Detail

    var loads: 0...2 = 0

    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.open { startChild Child }
      on Home.load {
        after loaded {
          if loads < 2 { loads += 1 }
        }
      }
    }

    coordinator Child: NavigationCoordinator {
      root parent
      start { show Detail }
      on Detail.load {
        after fetched { pop }
      }
      on Detail.done { finish }
    }
    """

  static func checkReachedStates<Runtime: CoordinatorRuntime>(of runtime: Runtime.Type, flow: CheckedFlow)
    -> (checked: Int, afterViolation: Int, withTwoPending: Int)
  {
    let system = FlowSystem<Runtime>(flow: flow, exploresPastViolations: false)
    var afterViolation = 0
    var withTwoPending = 0
    let checked = checkReachedStates(of: system, seed: 7, limit: 2_000) { state in
      if system.followsViolation(state) { afterViolation += 1 }
      if FlowState<Runtime>(packed: state.words).pending.count >= 2 { withTwoPending += 1 }
    }
    return (checked, afterViolation, withTwoPending)
  }

  /// Checks the first `limit` states a search of `system` reaches, each also handed to
  /// `body`; returns how many it checked.
  static func checkReachedStates<Runtime: CoordinatorRuntime>(
    of system: FlowSystem<Runtime>, seed: UInt64, limit: Int = 300,
    _ body: (PackedState<Runtime>) -> Void = { _ in }
  ) -> Int {
    var random = SplitMix64(seed: seed)
    var frontier = PackedFrontier<Runtime>()
    var arrivals: [StateArrival] = []
    var seen = Set<[UInt16]>()
    func add(_ state: PackedState<Runtime>) {
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
    // Each state copied as the merge copies new states into the next level, arrival included.
    var copies = PackedFrontier<Runtime>()
    // Each state also unpacked into the one before's storage, as a worker unpacks the states
    // it expands: into more objects than it has, or fewer.
    var reused = FlowState<Runtime>(globals: [])
    var (grew, shrank) = (0, 0)
    while position < frontier.count && position < limit {
      let state = frontier[position]
      state._checkInvariants()
      let unpacked = FlowState<Runtime>(packed: state.words)
      // Growth counts from a state that had objects: the first state fills an empty one.
      if !reused.world.objects.isEmpty && unpacked.world.objects.count > reused.world.objects.count {
        grew += 1
      }
      if unpacked.world.objects.count < reused.world.objects.count { shrank += 1 }
      reused.replace(withPacked: state.words)
      #expect(reused == unpacked, "seed \(seed), state \(position): unpacked into a used state")
      #expect(state.arrival == arrivals[position], "seed \(seed), state \(position)")
      copies.append(from: frontier, at: position)
      #expect(copies[position].words == state.words && copies[position].arrival == state.arrival)
      body(state)
      actions.removeAll()
      system.actions(in: state, into: &actions)
      for action in actions {
        if let next = system.successor(of: state, via: action, violations: &violations) { add(next) }
      }
      position += 1
    }
    #expect(position < 50 || (grew > 0 && shrank > 0), "states unpacked into a used one never changed size")
    return position
  }
}
