import FlowExplorer
import FlowLanguage
import FlowModel
import FlowReport
import FlowTestSupport
import Testing

/// The proof of the runtime seam: `PushPop`, a runtime written in this test target alone,
/// runs through the front end, the explorer and both reports.
@Suite struct RuntimeSeamTests {
  // Its flows run with transitions completing within their steps (`TransitionsInTheirStep`):
  // the states these tests count are those of the seam, not of animations.
  static let flowText = """
    app Tiny {
      library pushpop
      window App
      home Home
    }
    screen Home
    screen Detail
    coordinator App: NavigationCoordinator {
      root window
      start { show Home }
      on Home.open { show Detail }
      on Detail.done { pop }
    }
    """

  static func check(_ text: String) throws -> CheckReport {
    let loaded = FrontEnd.check(
      source: SourceFile(path: "tiny.flow", text: TransitionsInTheirStep.flow(text)),
      libraries: RuntimeRegistry.libraries + [PushPop.capabilities])
    #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
    let flow = try #require(loaded.flow)
    // The whole graph: these tests count its states.
    var settings = CheckSettings()
    settings.exploresPastViolations = true
    return FlowChecker.check(flow, under: PushPop.self, path: "tiny.flow", options: settings)
  }

  @Test func theBackButtonLeavesPushPopsListStaleAndTheReportSaysHow() throws {
    let report = try Self.check(Self.flowText)
    // Each Back leaves Detail in the list, which holds it, so opening Detail again grows the
    // list by one until the stack bound (6) cuts the next push: lists of 2…6 with Detail on
    // top (5 states) and, after Back, with Home on top (5). `Detail.done` pops the list's
    // last and leaves it held by the app-wide history alone (5 more), from which the
    // runtime's own event, a memory warning, lets it go (5 more); the launch state is the
    // only one with one push: 21.
    #expect(report.outcome == .violated)
    #expect(report.states == 21)
    #expect(report.cutTransitions == 1)
    let verdicts = Dictionary(uniqueKeysWithValues: report.verdicts.map { ($0.id, $0.status) })
    #expect(verdicts["shadow-sync"] == .violated)
    #expect(verdicts["dead-screen"] == .holds)
    #expect(verdicts["can-return"] == .holds)
    let violation = try #require(report.violations.first { $0.id == "shadow-sync" })
    #expect(violation.events == ["tap Home.open", "tap Back (from Detail)"])
    #expect(violation.why == "pushed [Home, Detail] but the stack is [Home]")
    #expect(violation.steps.last?.state.contains("  App pushed: [Home, Detail]") == true)
    // The runtime's app-wide state is packed, renumbered and told with the rest.
    #expect(violation.launch.state.contains("pushes: 1 (last Home)"))
    #expect(violation.steps.map { $0.state.contains("pushes: 2 (last Detail)") } == [true, true])

    let text = TextReport().render(report)
    #expect(text.contains("flowcheck tiny.flow — app Tiny, runtime pushpop"))
    #expect(text.contains("  2. tap Back (from Detail)"))
    let json = JSONReport().render(report)
    #expect(json.contains("\"runtime\":\"pushpop\""))
  }

  /// A runtime that observes deallocation hears of a controller once nothing holds it: the
  /// Detail that `Detail.done` popped is held by the history until the next push.
  @Test func aRuntimeHearsOfAControllerNothingHolds() throws {
    let loaded = FrontEnd.check(
      source: SourceFile(path: "tiny.flow", text: TransitionsInTheirStep.flow(Self.flowText)),
      libraries: [PushPop.capabilities])
    let system = FlowSystem<PushPop>(flow: try #require(loaded.flow))
    var state = system.launch(logging: true).state
    var logs: [[String]] = []
    for event in ["tap Home.open", "tap Detail.done", "tap Home.open"] {
      var actions: [FlowAction] = []
      system.enabledActions(in: state, into: &actions)
      let action = try #require(actions.first { $0.describe(in: state, flow: system.flow) == event })
      let outcome = system.run(state, action, logging: true)
      logs.append(outcome.log.lines.map(\.text))
      state = outcome.state
    }
    #expect(!logs[0].contains { $0.contains("deallocated") })
    #expect(!logs[1].contains { $0.contains("deallocated") })
    #expect(logs[2].suffix(2) == ["Detail is deallocated", "deinit Detail"])
  }

  /// Work the runtime schedules itself is an event of its own, named by the runtime.
  @Test func aRuntimesOwnWorkArrivesAsAnEventOfItsOwn() throws {
    let text = Self.flowText.replacing(
      "on Detail.done { pop }", with: "on Detail.done { pop animated: false }")
    let loaded = FrontEnd.check(
      source: SourceFile(path: "tiny.flow", text: TransitionsInTheirStep.flow(text)),
      libraries: [PushPop.capabilities])
    #expect(loaded.diagnostics.isEmpty, "\(loaded.diagnostics)")
    let system = FlowSystem<PushPop>(flow: try #require(loaded.flow))
    var state = system.launch(logging: true).state
    var last = StepLog()
    for event in ["tap Home.open", "tap Detail.done", "async 'settle' completes (App)"] {
      var actions: [FlowAction] = []
      system.enabledActions(in: state, into: &actions)
      let described = actions.map { $0.describe(in: state, flow: system.flow) }
      let action = try #require(
        actions.first { $0.describe(in: state, flow: system.flow) == event }, "\(described)")
      let outcome = system.run(state, action, logging: true)
      state = outcome.state
      last = outcome.log
      if event == "tap Detail.done" {
        #expect(state.describe(flow: system.flow).contains("pending: settle (App)"))
      }
    }
    #expect(last.lines.map(\.text).contains("App settles"))
    #expect(state.pending.isEmpty)
  }

  /// An event the runtime makes possible is enabled, told and performed like any other.
  @Test func aRuntimesOwnEventIsExplored() throws {
    let loaded = FrontEnd.check(
      source: SourceFile(path: "tiny.flow", text: TransitionsInTheirStep.flow(Self.flowText)),
      libraries: [PushPop.capabilities])
    let system = FlowSystem<PushPop>(flow: try #require(loaded.flow))
    var state = system.launch(logging: true).state
    var described: [String] = []
    var log: [String] = []
    for event in ["tap Home.open", "tap Detail.done", "memory warning (the history forgets Detail)"] {
      var actions: [FlowAction] = []
      system.enabledActions(in: state, into: &actions)
      described = actions.map { $0.describe(in: state, flow: system.flow) }
      let action = try #require(
        actions.first { $0.describe(in: state, flow: system.flow) == event }, "\(described)")
      let outcome = system.run(state, action, logging: true)
      state = outcome.state
      log = outcome.log.lines.map(\.text)
    }
    #expect(described.last == "memory warning (the history forgets Detail)")
    #expect(
      log == [
        "memory warning (the history forgets Detail)", "memory warning: the history forgets its last screen",
        "Detail is deallocated", "deinit Detail",
      ])
  }

  /// Every transition of the PushPop space, taken as the explorer takes it (from a
  /// canonical state, in a reused workspace) and as a replayed story takes it (a fresh
  /// step), gives the same successor; and the explorer stores exactly the states so found.
  @Test func theExplorersStepsAreTheReplayedOnes() throws {
    let text = Self.flowText.replacing(
      "on Detail.done { pop }", with: "on Detail.done { pop animated: false }")
    let loaded = FrontEnd.check(
      source: SourceFile(path: "tiny.flow", text: TransitionsInTheirStep.flow(text)),
      libraries: [PushPop.capabilities])
    let system = FlowSystem<PushPop>(flow: try #require(loaded.flow))
    var frontier = system.initialStates()
    var seen = Set(frontier.map(\.words))
    var compared = 0
    while let packed = frontier.popLast() {
      guard !system.isTerminal(packed) else { continue }
      let state = FlowState<PushPop>(packed: packed.words)
      var actions: [FlowAction] = []
      system.actions(in: packed, into: &actions)
      for action in actions {
        var violations: [Int] = []
        let explored = system.successor(of: packed, via: action, violations: &violations)
        let replayed = system.run(state, action, logging: true)
        #expect(explored?.words == replayed.packed?.words, "\(action.describe(in: state, flow: system.flow))")
        compared += 1
        if let next = explored, seen.insert(next.words).inserted { frontier.append(next) }
      }
    }
    #expect(compared > 40)
    #expect(Explorer.explore(system, options: ExplorerOptions()).states == seen.count)
  }

  @Test func aFlowWithNothingToPopIsVerified() throws {
    let report = try Self.check(
      Self.flowText.replacing("on Home.open { show Detail }", with: "on Home.open { opened = true }")
        .replacing("screen Home\n", with: "screen Home\nvar opened = false\n"))
    #expect(report.outcome == .verified)
    #expect(report.states == 2)
  }

  @Test func theLanguageRefusesWhatTheRuntimeDoesNotOffer() {
    let loaded = FrontEnd.check(
      source: SourceFile(
        path: "tiny.flow",
        text: TransitionsInTheirStep.flow(Self.flowText.replacing("{ pop }", with: "{ dismiss }"))),
      libraries: [PushPop.capabilities])
    #expect(loaded.flow == nil)
    #expect(loaded.diagnostics.map(\.message).contains("'dismiss' is not available under runtime 'pushpop'"))
  }
}
