import FlowExplorer
import FlowLanguage
import FlowTestSupport
import Testing

@testable import FlowModel

/// Seeded property tests of the model and the explorer together, on generated flows.
/// A failure prints its seed; rerun one seed by narrowing `seeds`.
@Suite struct ModelPropertyTests {
  /// Generated flows small enough to explore exhaustively many times over.
  static let seeds: [UInt64] = Array(1...30)

  /// The flow generated from `seed`, with small limits; nil, and an issue recorded, when
  /// the generator made a flow with errors.
  static func generatedFlow(
    seed: UInt64, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> CheckedFlow? {
    var generator = FlowGenerator(seed: seed)
    let text = generator.validFlowText()
    guard var flow = FrontEnd.check(source: SourceFile(path: "generated-\(seed).flow", text: text)).flow
    else {
      Issue.record("seed \(seed): the generator made a flow with errors", sourceLocation: sourceLocation)
      return nil
    }
    // Keep the state spaces small: the properties are about exactness, not size.
    var limits = flow.limits
    limits.stack = min(limits.stack, 3)
    limits.presented = min(limits.presented, 2)
    limits.coordinators = min(limits.coordinators, 4)
    limits.pending = min(limits.pending, 1)
    limits.depth = 60
    flow.limits = limits
    return flow
  }

  /// A plain reference BFS over `Set<PackedState<Radianttap>>`: every reachable state and its depth.
  static func referenceStates(_ system: FlowSystem<Radianttap>, limit: Int = 3_000) -> [PackedState<
    Radianttap
  >: Int]? {
    var depth: [PackedState<Radianttap>: Int] = [:]
    var frontier = system.initialStates()
    for state in frontier { depth[state] = 0 }
    var level = 0
    while !frontier.isEmpty {
      level += 1
      var next: [PackedState<Radianttap>] = []
      for state in frontier where !system.isTerminal(state) {
        var actions: [FlowAction] = []
        system.actions(in: state, into: &actions)
        for action in actions {
          var violations: [Int] = []
          guard let successor = system.successor(of: state, via: action, violations: &violations) else {
            continue
          }
          if depth[successor] == nil {
            depth[successor] = level
            next.append(successor)
            if depth.count > limit { return nil }
          }
        }
      }
      frontier = next
    }
    return depth
  }

  @Test(arguments: seeds)
  func explorerCountsMatchAReferenceBFSAndRandomWalksStayInside(seed: UInt64) throws {
    guard let flow = Self.generatedFlow(seed: seed) else { return }
    let system = FlowSystem<Radianttap>(flow: flow)
    guard let reference = Self.referenceStates(system) else { return }
    let result = Explorer.explore(system, options: ExplorerOptions())
    #expect(result.completion == .complete, "seed \(seed)")
    #expect(result.states == reference.count, "seed \(seed)")

    // (a) every state a random walk reaches is in the explored set.
    var random = SplitMix64(seed: seed)
    for _ in 0..<20 {
      var state = system.initialStates()[0]
      for _ in 0..<30 {
        var actions: [FlowAction] = []
        system.actions(in: state, into: &actions)
        guard !actions.isEmpty else { break }
        var violations: [Int] = []
        let action = actions[random.next(below: actions.count)]
        guard let next = system.successor(of: state, via: action, violations: &violations) else { continue }
        #expect(reference[next] != nil, "seed \(seed): a walk reached a state BFS did not")
        state = next
      }
    }
  }

  @Test(arguments: seeds)
  func reportedTracesReplayToTheirViolationAndAreShortest(seed: UInt64) throws {
    guard let flow = Self.generatedFlow(seed: seed) else { return }
    let system = FlowSystem<Radianttap>(flow: flow)
    guard let reference = Self.referenceStates(system) else { return }
    let result = Explorer.explore(system, options: ExplorerOptions())
    for violation in result.violations {
      let property = system.properties[violation.property]
      // (b) replaying the trace reproduces the violation.
      var state = system.initialStates()[0]
      var lastStepViolations: [Int] = []
      for action in violation.trace {
        lastStepViolations = []
        state = try #require(
          system.successor(of: state, via: action, violations: &lastStepViolations), "seed \(seed)")
        state = system.prepared(state)
      }
      switch property.kind {
      case .step:
        #expect(lastStepViolations.contains(violation.property), "seed \(seed): \(property.name)")
      case .always(let holds):
        #expect(!holds(state), "seed \(seed): \(property.name)")
        // (c) shortest: no state at a smaller depth breaks it.
        let shallower = reference.filter {
          $0.value < violation.trace.count && !holds(system.prepared($0.key))
        }
        #expect(shallower.isEmpty, "seed \(seed): \(property.name) has a shorter trace")
        #expect(reference[state] == violation.trace.count, "seed \(seed): trace longer than BFS depth")
      case .deadlockFree:
        var actions: [FlowAction] = []
        system.actions(in: state, into: &actions)
        #expect(actions.isEmpty && !system.isTerminal(state), "seed \(seed)")
      default:
        break
      }
    }
  }

  @Test(arguments: Array(seeds.prefix(12)))
  func countsTracesAndReportBytesAreIdenticalAcrossRunsAndThreads(seed: UInt64) throws {
    guard let flow = Self.generatedFlow(seed: seed) else { return }
    let first = Explorer.explore(FlowSystem<Radianttap>(flow: flow), options: ExplorerOptions(threads: 1))
    let second = Explorer.explore(FlowSystem<Radianttap>(flow: flow), options: ExplorerOptions(threads: 2))
    #expect(first.states == second.states, "seed \(seed)")
    #expect(first.transitions == second.transitions, "seed \(seed)")
    #expect(first.violations.map(\.actionIndices) == second.violations.map(\.actionIndices), "seed \(seed)")
  }

  /// The first `count` states of a BFS in order (all of them in a smaller space).
  static func firstStates(_ system: FlowSystem<Radianttap>, count: Int = 300) -> [PackedState<Radianttap>] {
    var states = system.initialStates()
    var seen = Set(states)
    var position = 0
    while position < states.count && states.count < count {
      let state = states[position]
      position += 1
      guard !system.isTerminal(state) else { continue }
      var actions: [FlowAction] = []
      system.actions(in: state, into: &actions)
      for action in actions {
        var ignored: [Int] = []
        if let next = system.successor(of: state, via: action, violations: &ignored),
          seen.insert(next).inserted
        {
          states.append(next)
        }
      }
    }
    return states
  }

  /// `expand` unpacks a state once for all its actions and writes successors straight into
  /// the frontier's storage; it must give exactly what `actions(in:into:)`,
  /// `successor(of:via:violations:)` and `fingerprint(of:)` give one action at a time.
  @Test(arguments: seeds)
  func expandAgreesWithActionsAndSuccessors(seed: UInt64) throws {
    guard let flow = Self.generatedFlow(seed: seed) else { return }
    let system = FlowSystem<Radianttap>(flow: flow)
    let reachable = Self.firstStates(system)
    var checked = 0
    // One workspace for every state, as a worker keeps it: nothing of one state may leak
    // into the next.
    var workspace = system.makeExpansionScratch()
    for reached in reachable where !system.isTerminal(reached) {
      // Prepared in the workspace, as a worker does: unpacked into storage the previous
      // state used, it must be the state a fresh unpacking gives.
      let fresh = PackedState<Radianttap>(words: reached.words, isAnalysed: false)
      let state = system.prepared(fresh, scratch: &workspace)
      let reference = system.prepared(fresh)
      #expect(state.unpacked == reference.unpacked, "seed \(seed)")
      #expect(state.unpacked == FlowState<Radianttap>(packed: reached.words), "seed \(seed)")
      #expect(state.failing == reference.failing && state.holds == reference.holds, "seed \(seed)")
      var expected: [FlowAction] = []
      system.actions(in: state, into: &expected)
      var actions: [FlowAction] = []
      var scratch: [Int] = []
      var positions: [Int] = []
      var stored: [Bool] = []
      var successors = PackedFrontier<Radianttap>()
      // Something already in the store: the successors go after it.
      successors.append(state)
      system.expand(
        state, actions: &actions, violations: &scratch, successors: &successors, scratch: &workspace
      ) {
        position, fingerprint, violations in
        positions.append(position)
        stored.append(fingerprint != nil)
        var oneByOne: [Int] = []
        let alone = system.successor(of: state, via: expected[position], violations: &oneByOne)
        #expect(fingerprint == alone.map(system.fingerprint(of:)), "seed \(seed), action \(position)")
        #expect(violations == oneByOne, "seed \(seed), action \(position)")
      }
      // Each successor not cut was appended, in order, and reads back as the one-by-one step.
      var next = 1
      for (position, isStored) in stored.enumerated() {
        var ignored: [Int] = []
        let alone = system.successor(of: state, via: expected[position], violations: &ignored)
        #expect((isStored ? successors[next].words : nil) == alone?.words, "seed \(seed), action \(position)")
        if isStored { next += 1 }
      }
      #expect(successors.count == next, "seed \(seed)")
      #expect(actions == expected, "seed \(seed)")
      #expect(positions == Array(expected.indices), "seed \(seed)")
      checked += 1
    }
    #expect(checked > 0 || reachable.allSatisfy { system.isTerminal($0) }, "seed \(seed)")
  }

  /// The explorer's steps write the canonical words straight from the numbering; they must
  /// be the words of the step the reports replay (`run`, which builds the canonical state),
  /// with the same step violations, for every action of every state.
  @Test(arguments: seeds)
  func explorerStepsMatchReplayedSteps(seed: UInt64) throws {
    guard let flow = Self.generatedFlow(seed: seed) else { return }
    let system = FlowSystem<Radianttap>(flow: flow)
    let compared = Self.forEachStep(of: system) { packed, state, action in
      var violations: [Int] = []
      let fast = system.successor(of: packed, via: action, violations: &violations)
      let replayed = system.run(state, action, logging: false)
      #expect(
        fast?.words == replayed.packed?.words, "seed \(seed): \(action.describe(in: state, flow: flow))")
      #expect(violations == replayed.violations.map(\.property.rawValue), "seed \(seed)")
      // Packing drops the reverse links (`container`, `presenting`) and a non-tab-bar's
      // `selectedIndex`: it must lose nothing, so the step's canonical state has them
      // consistent and unpacks to itself.
      if let words = replayed.packed?.words, !replayed.state.crashed {
        #expect(replayed.state.world.checkInvariants() == [], "seed \(seed)")
        #expect(FlowState<Radianttap>(packed: words) == replayed.state, "seed \(seed)")
      }
    }
    #expect(compared > 0, "seed \(seed)")
  }

  /// The explorer reuses the back button's step for the completed swipe-back that follows
  /// it (`FlowSystem.expand`): the two must be the same step, to the handlers that run, as
  /// long as nothing in the runtime tells an interactive pop from an animated one.
  @Test func completedSwipeBackIsTheBackButtonsStep() throws {
    var compared = 0
    for seed in Self.seeds {
      guard let flow = Self.generatedFlow(seed: seed) else { continue }
      let system = FlowSystem<Radianttap>(flow: flow)
      _ = Self.forEachStep(of: system) { packed, state, action in
        guard case .gesture(.backButton(let nav)) = action else { return }
        let swipe = FlowAction.gesture(.swipeBack(nav: nav, completes: true))
        var backViolations: [Int] = []
        var swipeViolations: [Int] = []
        let back = system.successor(of: packed, via: action, violations: &backViolations)
        let swiped = system.successor(of: packed, via: swipe, violations: &swipeViolations)
        #expect(back?.words == swiped?.words, "seed \(seed)")
        #expect(backViolations == swipeViolations, "seed \(seed)")
        var steps = [action, swipe].map { action in
          var step = FlowStep(tables: system.tables, state: state, logging: false)
          system.perform(action, on: &step)
          step.deliverCallbacks()
          return step
        }
        #expect(steps[0].handlersRun == steps[1].handlersRun, "seed \(seed)")
        #expect(steps[0].state == steps[1].state, "seed \(seed)")
        steps.removeAll()
        compared += 1
      }
    }
    // Not every generated flow stacks two screens in its first states; most do.
    #expect(compared > 100)
  }

  /// Calls `body` with every enabled action of every non-terminal state among the first
  /// states of `system`; returns how many.
  static func forEachStep(
    of system: FlowSystem<Radianttap>,
    _ body: (_ packed: PackedState<Radianttap>, _ state: FlowState<Radianttap>, _ action: FlowAction) -> Void
  ) -> Int {
    var count = 0
    for packed in firstStates(system) where !system.isTerminal(packed) {
      let state = FlowState<Radianttap>(packed: packed.words)
      var actions: [FlowAction] = []
      system.enabledActions(in: state, into: &actions)
      for action in actions {
        body(packed, state, action)
        count += 1
      }
    }
    return count
  }

  /// A step collects coordinators only when one may have lost its last holder since the last
  /// collection; it must free exactly what collecting after every call frees, when it frees
  /// it: same successor, same violations, same log (deallocations included), on the
  /// explorer's path and on a logged step started as the explorer starts its steps, for every
  /// action of every state.
  @Test(arguments: seeds)
  func skippedCollectionsFreeWhatFullCollectionsFree(seed: UInt64) throws {
    guard let flow = Self.generatedFlow(seed: seed) else { return }
    let system = FlowSystem<Radianttap>(flow: flow)
    let compared = Self.forEachStep(of: system) { packed, state, action in
      let reference = system.runForCollectionTest(state, action, collectingAlways: true)
      let skipping = system.runForCollectionTest(state, action, collectingAlways: false)
      var violations: [Int] = []
      let explored = system.successor(of: packed, via: action, violations: &violations)
      let label = "seed \(seed): \(action.describe(in: state, flow: flow))"
      #expect(skipping.packed?.words == reference.packed?.words, "\(label)")
      #expect(explored?.words == reference.packed?.words, "\(label)")
      #expect(skipping.violations == reference.violations, "\(label)")
      #expect(skipping.log == reference.log, "\(label)")
    }
    #expect(compared > 0, "seed \(seed)")
  }

  /// A canonical state is its own canonical form, and the objects in the window's hierarchy
  /// are its first `attachedCount` (what the on-screen marking relies on).
  @Test(arguments: seeds)
  func canonicalFormIsStableAndPutsTheHierarchyFirst(seed: UInt64) throws {
    guard let flow = Self.generatedFlow(seed: seed) else { return }
    for packed in Self.firstStates(FlowSystem<Radianttap>(flow: flow)) {
      let state = FlowState<Radianttap>(packed: packed.words)
      var attachedCount = -1
      var expected = state
      expected.beyondBounds = false  // a flag of the step, not of the form
      #expect(state.canonical(attachedCount: &attachedCount) == expected, "seed \(seed)")
      let attached = state.world.attachedObjects()
      #expect(attached == (0..<attached.count).map { $0 < attachedCount }, "seed \(seed)")
    }
  }
}
