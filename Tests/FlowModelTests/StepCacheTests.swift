import FlowExplorer
import FlowLanguage
import FlowTestSupport
import Testing

@testable import FlowModel

/// `StepCache` reuses a step across states that differ only in the flow's variables. These
/// check the two things that makes sound: a step that reads and writes no variable does the
/// same whatever their values (`FlowStep.usesVariables` misses no read), and a search with
/// reuse is the search without it, under every runtime.
@Suite struct StepCacheTests {
  typealias Family = ModelPropertyTests.Family

  /// The flows of the property tests' generators, each with a flag that app events turn on
  /// and off: every arrangement of screens is then reached with both values, so that steps
  /// are reused even in flows that declare no variable.
  static func flows(_ family: Family?, seeds: [UInt64]) -> [(seed: UInt64, flow: CheckedFlow)] {
    seeds.compactMap { seed in
      let text =
        family.map { ModelPropertyTests.flowText($0, seed: seed) }
        ?? ModelPropertyTests.generated(seed: seed).text
      guard let coordinator = text.range(of: "\ncoordinator ") else {
        Issue.record("seed \(seed): the generated flow has no coordinator to put a flag before\n\(text)")
        return nil
      }
      let flag = """

        var cacheTestFlag = false
        event cacheTestOn when !cacheTestFlag { cacheTestFlag = true }
        event cacheTestOff when cacheTestFlag { cacheTestFlag = false }

        """
      var withFlag = text
      withFlag.insert(contentsOf: flag, at: coordinator.lowerBound)
      guard let flow = ModelPropertyTests.boundedFlow(withFlag, path: "cache-\(seed).flow") else {
        Issue.record("seed \(seed): the flow with a flag has errors\n\(withFlag)")
        return nil
      }
      return (seed, flow)
    }
  }

  static let seeds = Array(ModelPropertyTests.seeds.prefix(8))

  @Test func reusedStepsGiveTheSearchOfRunSteps() {
    #expect(Self.searchesAgree(Radianttap.self, family: nil) > 0)
    #expect(Self.searchesAgree(Router.self, family: .router) > 0)
    #expect(Self.searchesAgree(Insecurity.self, family: .insecurity) > 0)
    #expect(Self.searchesAgree(JLCoordinator.self, family: .presenter) > 0)
  }

  /// Explores each flow with and without reuse, on one thread and on two, and records every
  /// difference in counts, levels or traces; returns how many states found their steps in
  /// the cache in all. Searches stop at a few thousand states, at the same one each time.
  static func searchesAgree<R: CoordinatorRuntime>(_ runtime: R.Type, family: Family?) -> Int {
    var reused = 0
    for (seed, flow) in flows(family, seeds: seeds) {
      let referenceSystem = FlowSystem<R>(flow: flow, reusesSteps: false)
      let reference = Explorer.explore(referenceSystem, options: ExplorerOptions(maxStates: 3000))
      for threads in [1, 2] {
        let system = FlowSystem<R>(flow: flow)
        let result = Explorer.explore(system, options: ExplorerOptions(maxStates: 3000, threads: threads))
        reused += system.stepCache?.reusedStates ?? 0
        let label = "\(R.self), seed \(seed), \(threads) thread(s)"
        #expect(result.states == reference.states, "\(label): states")
        #expect(result.completion == reference.completion, "\(label): completion")
        #expect(result.transitions == reference.transitions, "\(label): transitions")
        #expect(result.cutTransitions == reference.cutTransitions, "\(label): cut transitions")
        #expect(result.levelSizes == reference.levelSizes, "\(label): levels")
        #expect(result.verdicts == reference.verdicts, "\(label): verdicts")
        #expect(
          result.violations.map(\.actionIndices) == reference.violations.map(\.actionIndices),
          "\(label): traces")
      }
    }
    return reused
  }

  /// `flow` explored by a system that reuses steps (returned, for its cache) and by one that
  /// runs every step.
  static func exploredWithAndWithoutReuse<R: CoordinatorRuntime>(_ runtime: R.Type, _ flow: CheckedFlow)
    -> (FlowSystem<R>, ExplorationResult<FlowAction>, reference: ExplorationResult<FlowAction>)
  {
    let system = FlowSystem<R>(flow: flow)
    return (
      system, Explorer.explore(system), Explorer.explore(FlowSystem<R>(flow: flow, reusesSteps: false))
    )
  }

  /// A message's arguments are read when it is sent or called: a tap that sends a variable
  /// uses it, though no `if` in the tap's handler names it.
  @Test func argumentsOfMessagesAreReadsOfVariables() throws {
    let text = """
      app Arguments {
        library radianttap
        window App
        limits { stack 4, presented 1, coordinators 3, pending 1, depth 40 }
      }
      screen Home
      screen A
      screen B
      var choice: 1...2 = 1
      event chooseOne when choice == 2 { choice = 1 }
      event chooseTwo when choice == 1 { choice = 2 }

      coordinator App: NavigationCoordinator {
        root window
        start { root Home }
        on Home.send { send open(choice) }
        on Home.call {
          if !started(Child) { startChild Child }
          call Child.pick(choice)
        }
        handle open(page: 1...2) {
          if page == 2 { show B } else { show A }
        }
      }

      coordinator Child: NavigationCoordinator {
        root parent
        start { show A }
        handle pick(page: 1...2) {
          if page == 2 { show B }
        }
      }
      """
    let flow = try #require(ModelPropertyTests.boundedFlow(text, path: "arguments.flow"))
    let (system, result, reference) = Self.exploredWithAndWithoutReuse(Radianttap.self, flow)
    #expect(result.states == reference.states && result.transitions == reference.transitions)
    #expect(result.levelSizes == reference.levelSizes)
    // Pops, swipes and the app events' other steps are reused: the comparison means something.
    #expect((system.stepCache?.reusedStates ?? 0) > 0)
    // At launch: Home's two taps, which send and call with `choice`.
    let launch = system.initialStates()[0]
    var actions: [FlowAction] = []
    system.actions(in: launch, into: &actions)
    let taps = actions.filter { !$0.isAppEvent }
    #expect(taps.count == 2)
    for tap in taps {
      let usesVariables = Self.run(tap, from: FlowState(packed: launch.words), system).usesVariables
      #expect(usesVariables, "\(tap) reads no variable")
    }
  }

  /// Insecurity's purge reports a dropped completion only when running it would do
  /// something, which its `if`s decide: a condition on a variable makes the purge's step one
  /// that uses variables, so it is never reused for a state whose values would decide the
  /// other way (debug builds trap on such a reuse; release builds missed the report).
  @Test func aPurgeReadsTheVariablesOfTheCompletionsItDrops() throws {
    let text = """
      app Purge {
        library insecurity
        window App
        limits { presented 3, coordinators 5, pending 1, depth 40 }
      }
      screen Home
      screen Settings
      screen Editor
      var counts = false
      var lost: 0...3 = 0
      event countFromNowOn when !counts { counts = true }

      coordinator App: WindowCoordinator {
        start { start Home }
      }
      coordinator Home: ModalCoordinator {
        viewController Home
        on Home.settings { if !animating { start Settings } }
      }
      coordinator Settings: ModalCoordinator {
        viewController Settings
        on Settings.edit {
          if !animating {
            start Editor { r in
              if counts { lost += 1 }
            }
            after weak sessionTimeout { if !animating { finish } }
          }
        }
        on Settings.close { if !animating { finish } }
      }
      coordinator Editor: ModalCoordinator {
        viewController Editor
        result saved
        on Editor.save { if !animating { finish(saved) } }
        on Editor.cancel { if !animating { dismiss } }
      }
      """
    let flow = try #require(ModelPropertyTests.boundedFlow(text, path: "purge.flow"))
    let (system, result, reference) = Self.exploredWithAndWithoutReuse(Insecurity.self, flow)
    #expect(result.states == reference.states && result.transitions == reference.transitions)
    #expect(result.verdicts == reference.verdicts)
    #expect(result.violations.map(\.actionIndices) == reference.violations.map(\.actionIndices))
    // The purge is reported once `counts` is set, and the cache took part in the search.
    #expect(reference.violations.contains { $0.name == "result-once" })
    #expect((system.stepCache?.reusedStates ?? 0) > 0)
  }

  @Test func aStepThatUsesNoVariableDoesTheSameWhateverTheirValues() {
    var compared = [0, 0, 0, 0]
    compared[0] = Self.variablesIgnored(Radianttap.self, family: nil)
    compared[1] = Self.variablesIgnored(Router.self, family: .router)
    compared[2] = Self.variablesIgnored(Insecurity.self, family: .insecurity)
    compared[3] = Self.variablesIgnored(JLCoordinator.self, family: .presenter)
    #expect(compared.allSatisfy { $0 > 100 }, "steps compared per runtime: \(compared)")
  }

  /// Runs every step from the first states of each flow's search; for each that used no
  /// variable, runs it again from the same state with every variable changed, and records
  /// a difference in what it did. Returns how many steps were compared.
  static func variablesIgnored<R: CoordinatorRuntime>(_ runtime: R.Type, family: Family?) -> Int {
    var compared = 0
    for (seed, flow) in flows(family, seeds: seeds) {
      let system = FlowSystem<R>(flow: flow, reusesSteps: false)
      ModelPropertyTests.forEachEarlyStep(of: system, count: 200) { _, state, action in
        guard !action.isAppEvent else { return }
        let first = run(action, from: state, system)
        guard !first.usesVariables else { return }
        var changed = state
        changed.globals = otherValues(state.globals, system: system)
        var second = run(action, from: changed, system)
        let label = "\(R.self), seed \(seed): \(action.describe(in: state, flow: flow))"
        #expect(second.state.globals == changed.globals, "\(label): changed a variable")
        second.state.globals = first.state.globals
        // Compared first: a failing `#expect` would print both states whole.
        let sameState = second.state == first.state
        #expect(sameState, "\(label): another state with other variables")
        #expect(
          second.violations.map(\.property) == first.violations.map(\.property),
          "\(label): other violations with other variables")
        #expect(second.handlersRun == first.handlersRun, "\(label): other handlers with other variables")
        compared += 1
      }
    }
    return compared
  }

  /// The step `action` from `state`, run to quiescence as the explorer runs it.
  static func run<R: CoordinatorRuntime>(
    _ action: FlowAction, from state: FlowState<R>, _ system: FlowSystem<R>
  )
    -> FlowStep<R>
  {
    var step = FlowStep(tables: system.tables, state: state, logging: false)
    system.perform(action, on: &step)
    step.settle()
    return step
  }

  /// `values` of the global variables, each changed to another value of its type.
  static func otherValues<R: CoordinatorRuntime>(_ values: [Int], system: FlowSystem<R>) -> [Int] {
    var changed = values
    for (variable, info) in system.flow.variables.enumerated() where !system.tables.isLocal[variable] {
      let slot = system.tables.slot[variable]
      guard slot < changed.count else { continue }
      switch info.type {
      case .integer(let low, let high): changed[slot] = changed[slot] < high ? changed[slot] + 1 : low
      default: changed[slot] = changed[slot] == 0 ? 1 : 0
      }
    }
    return changed
  }

  @Test func theCacheGivesBackWhatItKept() {
    let cache = StepCache(byteBudget: 1 << 16)
    let key = StepCache.Key(first: 7, second: 9)
    var steps: [StepCache.Step] = []
    var bytes: [UInt8] = []
    #expect(!cache.steps(for: key, into: &steps, bytes: &bytes))
    let kept = [
      StepCache.Step(start: 0, count: 3, variablesAt: 1, lastStatementAt: 12),
      StepCache.Step(start: StepCache.Step.cut, count: 0, variablesAt: 0, lastStatementAt: 30),
      StepCache.Step(start: StepCache.Step.notReusable, count: 0, variablesAt: 0),
      StepCache.Step(start: 3, count: 2, variablesAt: 1),
    ]
    cache.keep(kept, bytes: [1, 2, 3, 4, 5], for: key)
    // A second entry for the same structure (another worker's) leaves the first.
    cache.keep([], bytes: [], for: key)
    #expect(cache.steps(for: key, into: &steps, bytes: &bytes))
    #expect(steps.map(\.start) == kept.map(\.start) && steps.map(\.count) == kept.map(\.count))
    #expect(steps.map(\.lastStatementAt) == kept.map(\.lastStatementAt))
    #expect(bytes == [1, 2, 3, 4, 5])
    // Same first hash, another second: another structure.
    #expect(!cache.steps(for: StepCache.Key(first: 7, second: 10), into: &steps, bytes: &bytes))
    #expect(steps.isEmpty && bytes.isEmpty)
    #expect(cache.isOn && cache.reusedStates == 1)
  }

  @Test func aFullCacheEmptiesItselfAndTurnsOffWhenItDoesNotPay() {
    // Ten structures with one 100-byte successor each, all different, fit (with their step
    // record and two entry records, their own and their successor's), not eleven; the cache
    // judges itself every ten lookups.
    let cache = StepCache(byteBudget: 2000, lookupBlock: 10)
    let step = [StepCache.Step(start: 0, count: 100, variablesAt: 1)]
    func successor(_ index: Int) -> [UInt8] { [UInt8](repeating: UInt8(index), count: 100) }
    var steps: [StepCache.Step] = []
    var found: [UInt8] = []
    // Each entry is looked up before it is kept and once after: half the lookups find theirs.
    for index in 0..<10 {
      let key = StepCache.Key(first: UInt64(index), second: 0)
      #expect(!cache.steps(for: key, into: &steps, bytes: &found))
      cache.keep(step, bytes: successor(index), for: key)
      #expect(cache.steps(for: key, into: &steps, bytes: &found))
      #expect(found == successor(index))
    }
    // The eleventh does not fit: the cache starts again with it.
    cache.keep(step, bytes: successor(10), for: StepCache.Key(first: 10, second: 0))
    #expect(cache.isOn)
    #expect(!cache.steps(for: StepCache.Key(first: 0, second: 0), into: &steps, bytes: &found))
    #expect(cache.steps(for: StepCache.Key(first: 10, second: 0), into: &steps, bytes: &found))
    // Structures never met again: once fewer than one lookup in five of the last eight
    // blocks (here all 60 so far, at the sixth judgement: 11 found) has found its own, the
    // cache lets go. It judges on eight blocks: the blocks of misses before that do not turn
    // it off.
    for index in 11..<40 {
      let key = StepCache.Key(first: UInt64(index), second: 0)
      _ = cache.steps(for: key, into: &steps, bytes: &found)
      cache.keep(step, bytes: successor(index), for: key)
    }
    #expect(cache.isOn)
    for index in 40..<60 {
      let key = StepCache.Key(first: UInt64(index), second: 0)
      _ = cache.steps(for: key, into: &steps, bytes: &found)
      cache.keep(step, bytes: successor(index), for: key)
    }
    #expect(!cache.isOn)
    #expect(!cache.steps(for: StepCache.Key(first: 39, second: 0), into: &steps, bytes: &found))
    #expect(cache.reusedStates == 11)
  }

  @Test func aKeptStepTakesEightBytesOfTheBudget() {
    // Structures of twenty cut steps each: with its entry record (40 bytes) a structure takes
    // 200 bytes, so ten fit in 2000 and the eleventh empties the cache. Steps that kept their
    // successor's length and split too (16 bytes) would fit five; room for an entry per
    // step, cut or not, six.
    let cache = StepCache(byteBudget: 2000)
    let steps = [StepCache.Step](
      repeating: StepCache.Step(start: StepCache.Step.cut, count: 0, variablesAt: 0, lastStatementAt: 7),
      count: 20)
    var found: [StepCache.Step] = []
    var bytes: [UInt8] = []
    for index in 0..<10 {
      cache.keep(steps, bytes: [], for: StepCache.Key(first: UInt64(index), second: 0))
    }
    for index in 0..<10 {
      #expect(cache.steps(for: StepCache.Key(first: UInt64(index), second: 0), into: &found, bytes: &bytes))
    }
    #expect(
      found.map(\.start) == steps.map(\.start) && found.map(\.lastStatementAt) == steps.map(\.lastStatementAt)
    )
    cache.keep(steps, bytes: [], for: StepCache.Key(first: 10, second: 0))
    #expect(!cache.steps(for: StepCache.Key(first: 0, second: 0), into: &found, bytes: &bytes))
    #expect(cache.steps(for: StepCache.Key(first: 10, second: 0), into: &found, bytes: &bytes))
  }

  @Test func theCacheJudgesItselfOnItsLastEightBlocks() {
    // Blocks of ten lookups: five that all find their structure, then only misses. The
    // cache stays on while two good blocks are among the last eight (20 of 80 found), and
    // turns off at the next judgement (10 of 80), though 50 of the 120 lookups so far found
    // theirs.
    let cache = StepCache(byteBudget: 1 << 16, lookupBlock: 10)
    let found = StepCache.Key(first: 1, second: 1)
    cache.keep([StepCache.Step(start: 0, count: 2, variablesAt: 1)], bytes: [1, 2], for: found)
    var steps: [StepCache.Step] = []
    var bytes: [UInt8] = []
    for _ in 0..<50 { #expect(cache.steps(for: found, into: &steps, bytes: &bytes)) }
    func missing(_ index: Int) -> StepCache.Key { StepCache.Key(first: UInt64(100 + index), second: 0) }
    for index in 0..<60 { #expect(!cache.steps(for: missing(index), into: &steps, bytes: &bytes)) }
    #expect(cache.isOn)
    for index in 60..<70 { _ = cache.steps(for: missing(index), into: &steps, bytes: &bytes) }
    #expect(!cache.isOn)
    #expect(cache.reusedStates == 50)
  }

  @Test func structuresThatLeadToTheSameSuccessorShareItsBytes() {
    let cache = StepCache(byteBudget: 1 << 16)
    let successor: [UInt8] = [3, 1, 2, 4, 5, 6]
    let key = StepCache.Key(
      before: UnsafeRawBufferPointer(start: nil, count: 0),
      after: UnsafeRawBufferPointer(start: nil, count: 0))
    var steps: [StepCache.Step] = []
    var found: [UInt8] = []
    // Two structures, each with a step to the same successor (variables after its first
    // byte); the first has a cut too, the second a step to a successor of its own.
    let first = StepCache.Key(first: 1, second: 1)
    let second = StepCache.Key(first: 2, second: 2)
    cache.keep(
      [
        StepCache.Step(start: 0, count: 6, variablesAt: 1),
        StepCache.Step(start: StepCache.Step.cut, count: 0, variablesAt: 0),
      ],
      bytes: successor, for: first)
    cache.keep(
      [
        StepCache.Step(start: 0, count: 6, variablesAt: 1),
        StepCache.Step(start: 6, count: 2, variablesAt: 0),
      ],
      bytes: successor + [8, 9], for: second)
    #expect(cache.steps(for: first, into: &steps, bytes: &found))
    #expect(
      steps.map(\.start) == [0, StepCache.Step.cut] && steps[0].count == 6 && steps[0].variablesAt == 1)
    #expect(found == successor)
    var structures: [UInt64] = []
    #expect(cache.steps(for: second, into: &steps, structures: &structures, bytes: &found))
    #expect(
      steps.map(\.start) == [0, 6] && steps.map(\.count) == [6, 2] && steps.map(\.variablesAt) == [1, 0])
    #expect(found == successor + [8, 9])
    // Each successor comes with the first hash of its structure, its fingerprint's start.
    #expect(structures == steps.map { StepCache.structure(of: $0, in: found).first })
    #expect(structures[0] != structures[1])
    #expect(cache.steps(for: first, into: &steps, structures: &structures, bytes: &found))
    #expect(structures == [StepCache.structure(of: steps[0], in: found).first, 0])
    // A successor's structure is not an expanded one until its own steps are kept.
    let successorKey = successor.withUnsafeBytes { bytes in
      StepCache.Key(
        before: UnsafeRawBufferPointer(rebasing: bytes[..<1]),
        after: UnsafeRawBufferPointer(rebasing: bytes[1...]))
    }
    #expect(!cache.steps(for: successorKey, into: &steps, bytes: &found))
    cache.keep(
      [StepCache.Step(start: StepCache.Step.notReusable, count: 0, variablesAt: 0)], bytes: [],
      for: successorKey)
    #expect(cache.steps(for: successorKey, into: &steps, bytes: &found))
    #expect(steps.map(\.start) == [StepCache.Step.notReusable] && found.isEmpty)
    #expect(!cache.steps(for: key, into: &steps, bytes: &found))
  }

  @Test func aCacheRefusedItsMemoryHoldsNothingAndRunsEveryStep() {
    // No system gives 2^60 bytes: the allocation at the first entry is refused.
    let cache = StepCache(byteBudget: 1 << 60)
    let key = StepCache.Key(first: 1, second: 2)
    var steps: [StepCache.Step] = []
    var bytes: [UInt8] = []
    cache.keep([StepCache.Step(start: 0, count: 2, variablesAt: 1)], bytes: [1, 2], for: key)
    #expect(!cache.isOn)
    #expect(!cache.steps(for: key, into: &steps, bytes: &bytes))
    #expect(steps.isEmpty && bytes.isEmpty && cache.reusedStates == 0)
  }
}

/// The cache with its bytes in arrays, as these tests write them.
extension StepCache {
  fileprivate func steps(for key: Key, into steps: inout [Step], bytes: inout [UInt8]) -> Bool {
    var structures: [UInt64] = []
    return self.steps(for: key, into: &steps, structures: &structures, bytes: &bytes)
  }

  fileprivate func steps(
    for key: Key, into steps: inout [Step], structures: inout [UInt64], bytes: inout [UInt8]
  ) -> Bool {
    let found = PackedBytes(capacity: 8)
    defer { bytes = Array(found.buffer) }
    return self.steps(for: key, into: &steps, structures: &structures, bytes: found) != nil
  }

  /// Keeps `steps` with their successors' keys made from `bytes`, as `StepWorkspace` makes
  /// them.
  fileprivate func keep(_ steps: [Step], bytes: [UInt8], for key: Key) {
    let kept = PackedBytes(capacity: max(bytes.count, 1))
    bytes.withUnsafeBufferPointer { kept.append($0) }
    let successors = steps.filter { $0.start >= 0 }.map { step in
      Self.structure(of: step, in: bytes)
    }
    keep(steps, successors: successors, bytes: kept, failing: 0, for: key)
  }

  /// The key of the successor of `step`, whose bytes without the variables are in `bytes`.
  fileprivate static func structure(of step: Step, in bytes: [UInt8]) -> Key {
    let start = Int(step.start)
    let split = start + Int(step.variablesAt)
    return bytes.withUnsafeBytes { bytes in
      Key(
        before: UnsafeRawBufferPointer(rebasing: bytes[start..<split]),
        after: UnsafeRawBufferPointer(rebasing: bytes[split..<start + Int(step.count)]))
    }
  }
}
