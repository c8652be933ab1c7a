import FlowExplorer
import FlowLanguage
import Foundation
import Testing

@testable import FlowModel

/// What UIKit delivers at the end of an animation runs at that transition's end event, in
/// every runtime (`limits { inflight 1 }`), and the invariants judge what is true meanwhile:
/// the four false alarms of issue 34, each driven by hand from the state where it was
/// reported.
@Suite("Timing in flight, through the runtimes")
struct InFlightTimingTests {
  static let routerSheet = """
    app RayPets {
      library router
      window Home
      home Home
      limits { presented 1, coordinators 3, inflight 1 }
    }
    screen Home
    screen SelectVisitType
    coordinator Home: AppDelegateRouter {
      start { present Home }
      on Home.scheduleAppointment { if presented == 0 { presentChild PetAppointmentBuilder } }
    }
    coordinator PetAppointmentBuilder: ModalNavigationRouter {
      start { present SelectVisitType }
      on SelectVisitType.okay { dismiss }
    }
    """

  /// The router's `dismiss` runs the onDismissed wrapper, which frees the builder, before it
  /// asks UIKit to dismiss: while the sheet animates out, its delegate is gone, but the
  /// sheet is leaving. Neither the state nor a second tap on it is a dead screen.
  @Test func routerASheetAnimatingOutIsNotADeadScreen() throws {
    var harness = try RuntimeHarness<Router>(Self.routerSheet)
    try harness.perform("tap Home.scheduleAppointment")
    try harness.perform(
      "the presentation of the UINavigationController(PetAppointmentBuilder) sheet (showing SelectVisitType) finishes animating"
    )
    try harness.perform("tap SelectVisitType.okay")
    #expect(harness.tree == ["Home"], "the wrapper freed the builder at once")
    #expect(harness.top == "SelectVisitType", "the sheet is still on screen while it animates out")
    #expect(harness.failingInvariants == [])
    try harness.perform("tap SelectVisitType.okay")
    #expect(harness.lastStepViolations == [])
    #expect(harness.lastLog.lines.contains { $0.text.contains("the sheet is already leaving") })
    try harness.perform(
      "the dismissal of the UINavigationController sheet (showing SelectVisitType) finishes animating"
    )
    #expect(harness.top == "Home")
    #expect(harness.failingInvariants == [])
  }

  /// A screen is judged dead as before once it is not animating away: the builder freed
  /// while its sheet stays (no dismissal in flight) is still reported.
  @Test func routerASheetThatStaysWithoutItsCoordinatorIsStillADeadScreen() throws {
    var harness = try RuntimeHarness<Router>(Self.routerSheet)
    try harness.perform("tap Home.scheduleAppointment")
    try harness.perform(
      "the presentation of the UINavigationController(PetAppointmentBuilder) sheet (showing SelectVisitType) finishes animating"
    )
    // Free the builder by hand, as a missed closure would: its sheet stays, at rest.
    let app = try #require(harness.state.appCoordinator)
    let builder = try #require(harness.state.coordinatorTree().last)
    harness.state.coordinators[app].children.removeAll()
    harness.state.coordinators[builder].isAlive = false
    #expect(harness.top == "SelectVisitType")
    #expect(harness.failingInvariants.contains("dead-screen"))
  }

  static let radianttapSheet = """
    app Outlive {
      window App
      limits { inflight 1 }
    }
    screen Home
    screen Player
    screen Share
    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.play { if !animating { startChild Playback } }
    }
    coordinator Playback: NavigationCoordinator {
      root parent
      start { show Player }
      on Player.share { if !animating { present Share } }
      on Share.close { dismiss; finish }
    }
    """

  /// radianttap: Close asks UIKit to dismiss the sheet, then finishes its coordinator. While
  /// the sheet animates out, a second tap on it goes up a responder chain with no handler,
  /// but the sheet is leaving: not a dead screen. Once the sheet is at rest with no handler
  /// (Close without the dismiss), the tap is a dead screen.
  @Test func radianttapATapOnASheetAnimatingOutIsNotADeadScreen() throws {
    var harness = try RuntimeHarness<Radianttap>(Self.radianttapSheet)
    try harness.perform("tap Home.play")
    try harness.perform("the push to Player finishes animating")
    try harness.perform("tap Player.share")
    try harness.perform("the presentation of the Share sheet finishes animating")
    try harness.perform("tap Share.close")
    #expect(harness.top == "Share", "the sheet is still on screen while it animates out")
    try harness.perform("tap Share.close")
    #expect(harness.lastStepViolations == [])
    #expect(harness.lastLog.lines.contains { $0.text.contains("the sheet is already leaving") })
    try harness.perform("the dismissal of the Share sheet finishes animating")
    #expect(harness.top == "Home")
    #expect(harness.failingInvariants == [])

    var atRest = try RuntimeHarness<Radianttap>(
      Self.radianttapSheet.replacing("on Share.close { dismiss; finish }", with: "on Share.close { finish }"))
    try atRest.perform("tap Home.play")
    try atRest.perform("the push to Player finishes animating")
    try atRest.perform("tap Player.share")
    try atRest.perform("the presentation of the Share sheet finishes animating")
    try atRest.perform("tap Share.close")
    try atRest.perform("tap Share.close")
    #expect(atRest.lastStepViolations == ["dead-screen"])
  }

  static let presenterSheet = """
    app Notes {
      library presenter
      window App
      home Home
      limits { presented 1, coordinators 2, inflight 1 }
    }
    screen Home
    screen Sheet
    coordinator App: InitialPresenter {
      start { present Home }
      on Home.open { if presented == 0 { startChild SheetFlow } }
    }
    coordinator SheetFlow: ModalPresenter {
      var shown = false
      start { present Sheet }
      on Sheet.close { dismiss }
      didPresent Sheet { shown = true }
      didDismiss Sheet { stop }
    }
    """

  /// The presenter's completion, with its `didPresent` / `didDismiss` report, runs when the
  /// animation ends: the flow stops once the sheet is gone, not while it animates out.
  @Test func presenterReportsComeAtTheEndOfTheAnimation() throws {
    var harness = try RuntimeHarness<JLCoordinator>(Self.presenterSheet)
    try harness.perform("tap Home.open")
    #expect(!harness.lastLog.lines.contains { $0.text.contains("notifies didPresent") })
    #expect(harness.picture.contains { $0.contains("waits for the animation: didPresent(Sheet)") })
    try harness.perform("the presentation of the Sheet sheet finishes animating")
    #expect(harness.lastLog.lines.contains { $0.text.contains("notifies didPresent(Sheet)") })
    try harness.perform("tap Sheet.close")
    #expect(harness.tree == ["App", "SheetFlow"], "not stopped while the sheet animates out")
    #expect(harness.lastStepViolations == [])
    #expect(harness.failingInvariants == [])
    try harness.perform("the dismissal of the Sheet sheet finishes animating")
    #expect(harness.lastStepViolations == [], "stopped once the sheet is gone: no stopped-on-screen")
    #expect(harness.tree == ["App"])
    #expect(harness.top == "Home")
    #expect(harness.state.library.pending == nil)
  }

  /// A dismissal UIKit ignores while another transition animates never calls its
  /// completion: the second Close of a double tap reports nothing, and the first dismissal
  /// still reports the sheet once, at its end.
  @Test func presenterAnIgnoredDismissalReportsNothing() throws {
    var harness = try RuntimeHarness<JLCoordinator>(Self.presenterSheet)
    try harness.perform("tap Home.open")
    try harness.perform("the presentation of the Sheet sheet finishes animating")
    try harness.perform("tap Sheet.close")
    try harness.perform("tap Sheet.close")
    #expect(harness.lastStepViolations == ["uikit-noop"])
    #expect(!harness.lastLog.lines.contains { $0.text.contains("notifies didDismiss") })
    try harness.perform("the dismissal of the Sheet sheet finishes animating")
    #expect(harness.lastStepViolations == [])
    #expect(harness.lastLog.lines.filter { $0.text.contains("notifies didDismiss(Sheet)") }.count == 1)
  }

  /// Without transitions in flight the reports run within the step, as before.
  @Test func presenterReportsRunAtOnceWithoutTransitionsInFlight() throws {
    let text = Self.presenterSheet.replacing("inflight 1", with: "inflight 0")
    var harness = try RuntimeHarness<JLCoordinator>(text)
    try harness.perform("tap Home.open")
    #expect(harness.lastLog.lines.contains { $0.text.contains("notifies didPresent(Sheet)") })
    try harness.perform("tap Sheet.close")
    #expect(harness.tree == ["App"])
    #expect(harness.state.library.pending == nil)
  }

  static let insecuritySheet = """
    app Notes {
      library insecurity
      window App
      home Home
      limits { presented 1, coordinators 4, inflight 1 }
    }
    screen Home
    screen Sheet
    screen Receipt
    coordinator App: WindowCoordinator {
      start { start Home }
    }
    coordinator Home: ModalCoordinator {
      viewController Home
      on Home.open {
        if presented == 0 {
          start Sheet { result in
            if result != nil { start Receipt }
          }
        }
      }
    }
    coordinator Sheet: ModalCoordinator {
      viewController Sheet
      on Sheet.pay { finish }
    }
    coordinator Receipt: ModalCoordinator {
      viewController Receipt
      on Receipt.done { finish }
    }
    """

  /// The host's dismissal is UIKit's, in flight: the user cannot act, but its end is
  /// offered, and its completion runs the deferred start once the sheet is gone.
  @Test func insecurityTheHostsDismissalEndsWithUIKitsAndRunsTheDeferredStart() throws {
    var harness = try RuntimeHarness<Insecurity>(Self.insecuritySheet)
    try harness.perform("tap Home.open")
    try harness.perform("the presentation of the Sheet sheet finishes animating")
    try harness.perform("tap Sheet.pay")
    #expect(harness.state.library.transition == .dismissal)
    #expect(harness.state.library.deferred != nil)
    #expect(
      harness.events == ["the dismissal of the Sheet sheet finishes animating"], "no host work, no user event"
    )
    #expect(harness.failingInvariants == [])
    try harness.perform("the dismissal of the Sheet sheet finishes animating")
    #expect(harness.lastStepViolations == [])
    #expect(harness.state.library.transition == .none)
    #expect(harness.state.library.deferred == nil)
    #expect(harness.state.world.modalTransitionInFlight() != nil, "the receipt is animating in")
    try harness.perform("the presentation of the Receipt sheet finishes animating")
    #expect(harness.top == "Receipt")
    #expect(harness.failingInvariants == [])
  }

  static let insecurityPopDuringDismissal = """
    app Notes {
      library insecurity
      window App
      home Home
      limits { presented 1, coordinators 4, pending 1, inflight 1 }
    }
    screen Home
    screen Detail
    screen Sheet
    coordinator App: WindowCoordinator {
      start { start Home in: newNavigation }
    }
    coordinator Home: NavigationCoordinator {
      viewController Home
      on Home.open { start Detail }
    }
    coordinator Detail: NavigationCoordinator {
      viewController Detail
      on Detail.share {
        start Sheet animated: false
        after timeout { finish }
      }
    }
    coordinator Sheet: ModalCoordinator {
      viewController Sheet
      on Sheet.close { finish }
    }
    """

  /// A pop that starts during the host's dismissal keeps both in flight, each ended by its
  /// own end event; the user acts again only when both are over.
  @Test func insecurityAPopDuringTheHostsDismissalKeepsBoth() throws {
    var harness = try RuntimeHarness<Insecurity>(Self.insecurityPopDuringDismissal)
    try harness.perform("tap Home.open")
    try harness.perform("the push to Detail finishes animating")
    try harness.perform("tap Detail.share")
    try harness.perform("tap Sheet.close")
    try harness.perform("async 'timeout' completes")
    #expect(harness.state.library.transition == [.pop, .dismissal])
    #expect(harness.state.pending.isEmpty, "no end of a host animation left pending as work")
    #expect(harness.picture.contains { $0.contains("animating: the host's pop and dismissal") })
    let ends = harness.events
    #expect(ends.contains("the dismissal of the Sheet sheet finishes animating"), "\(ends)")
    #expect(ends.contains("the pop to Home finishes animating"), "\(ends)")
    try harness.perform("the pop to Home finishes animating")
    #expect(harness.state.library.transition == .dismissal)
    try harness.perform("the dismissal of the Sheet sheet finishes animating")
    #expect(harness.state.library.transition == .none)
    #expect(harness.events.contains("tap Home.open"))
    #expect(harness.failingInvariants == [])
  }

  static let insecurityTimerDuringPop = """
    app Wallet {
      library insecurity
      window App
      home Cards
      limits { stack 4, coordinators 4, inflight 1 }
    }
    screen Cards
    screen Scanner
    screen AddCard
    coordinator App: WindowCoordinator {
      start { start Cards in: newNavigation }
    }
    coordinator Cards: NavigationCoordinator {
      viewController Cards
      on Cards.scan {
        start Scanner { result in
          if result != nil { start AddCard }
        }
      }
    }
    coordinator Scanner: NavigationCoordinator {
      viewController Scanner
      on Scanner.done { finish }
    }
    coordinator AddCard: NavigationCoordinator {
      viewController AddCard
      on AddCard.save { finish }
    }
    """

  /// The host's 0.25 s timer, set as its pop begins, fires before the pop has finished
  /// animating: the pop's end waits for it, so timers never pile up as pending work, and its
  /// push in the middle of the pop is deferred by UIKit until the pop ends.
  @Test func insecurityTheHostsTimerFiresBeforeItsPopEnds() throws {
    var harness = try RuntimeHarness<Insecurity>(Self.insecurityTimerDuringPop)
    try harness.perform("tap Cards.scan")
    try harness.perform("the push to Scanner finishes animating")
    try harness.perform("tap Scanner.done")
    #expect(harness.state.library.transition == .pop)
    #expect(harness.events == ["async 'the host's 0.25 s start timer' completes (App)"], "\(harness.events)")
    try harness.perform("async 'the host's 0.25 s start timer' completes")
    #expect(harness.lastStepViolations.isEmpty, "UIKit defers the push in the middle of the pop")
    #expect(harness.events.contains("the pop to Cards finishes animating"), "\(harness.events)")
    try harness.perform("the pop to Cards finishes animating")
    #expect(harness.visibleStack == ["Cards", "AddCard"])
    let flow = try #require(
      FrontEnd.check(source: SourceFile(path: "test.flow", text: Self.insecurityTimerDuringPop)).flow)
    var options = ExplorerOptions(threads: 1)
    options.maxDepth = 200
    let result = Explorer.explore(FlowSystem<Insecurity>(flow: flow), options: options)
    #expect(result.completion.isComplete, "timers left pending would make the state space endless")
  }

  /// The flow whose state space never ended (318, 818, 1,646 states at depth 40, 100, 200)
  /// now has a finite one: the search completes well within its depth bound.
  @Test func insecurityAPopDuringTheHostsDismissalLeavesAFiniteStateSpace() throws {
    let flow = try #require(
      FrontEnd.check(source: SourceFile(path: "test.flow", text: Self.insecurityPopDuringDismissal)).flow)
    var options = ExplorerOptions(threads: 1)
    options.maxDepth = 200
    let result = Explorer.explore(FlowSystem<Insecurity>(flow: flow), options: options)
    #expect(result.completion.isComplete)
    #expect(result.maxDepthReached < 40, "\(result.maxDepthReached)")
  }
}

/// The explorer's successors and replayed steps (`run`) pack every JLCoordinator state
/// alike, the completion kept for an animation included, so that traces and replays see
/// the explorer's states.
@Suite struct PresenterCompletionPackingTests {
  @Test(arguments: [
    "Specs/inflight/presenter-close-stops-at-end.flow", "Specs/bugs/presenter/inflight-double-tap-close.flow",
    "Specs/bugs/presenter/gap3-dismiss-while-presenting.flow",
    "Specs/bugs/presenter/gap5-dismiss-root-reports-first.flow",
  ])
  func theExplorersStepsAreTheReplayedOnes(path: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    var text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    if !text.contains("inflight") { text = text.replacing("limits {", with: "limits { inflight 1,") }
    let flow = try #require(FrontEnd.check(source: SourceFile(path: path, text: text)).flow)
    #expect(flow.limits.inflight == 1)
    let system = FlowSystem<JLCoordinator>(flow: flow)
    var level = system.initialStates().map(system.prepared)
    var seen = Set(level.map(\.words))
    var keptCompletions = 0
    for depth in 0...flow.limits.depth where !level.isEmpty {
      var next: [PackedState<JLCoordinator>] = []
      for packed in level where !system.isTerminal(packed) {
        let state = FlowState<JLCoordinator>(packed: packed.words)
        if state.library.pending != nil { keptCompletions += 1 }
        var actions: [FlowAction] = []
        system.actions(in: packed, into: &actions)
        for action in actions {
          var violations: [Int] = []
          let explored = system.successor(of: packed, via: action, violations: &violations).map(
            system.prepared)
          let replayed = system.run(state, action, logging: false).packed.map(system.prepared)
          #expect(explored?.words == replayed?.words, "\(path): \(action.describe(in: state, flow: flow))")
          if depth < flow.limits.depth, let explored, seen.insert(explored.words).inserted {
            next.append(explored)
          }
        }
      }
      level = next
    }
    #expect(keptCompletions > 0, "\(path): no state keeps a completion for its animation")
  }
}
