import FlowLanguage
import Testing

@testable import FlowModel

/// Pushes and pops in flight (`limits { inflight 1 }`) through the runtimes that use the
/// world's navigation stacks: the same World rules reach each.
@Suite("Navigation transitions in flight, through the runtimes")
struct NavigationInFlightRuntimeTests {
  static let doubleTap = """
    app Shop {
      window App
      home Home
      limits { inflight 1 }
    }
    screen Home
    screen Detail
    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.open { show Detail }
    }
    """

  @Test func radianttapADoubleTapPushesTwiceAndDidShowComesAtTheEnd() throws {
    var harness = try RuntimeHarness<Radianttap>(Self.doubleTap)
    try harness.perform("tap Home.open")
    #expect(harness.visibleStack == ["Home", "Detail"])
    #expect(harness.shadow(of: "App") == ["Home", "Detail"])
    #expect(harness.events.contains("tap Home.open"), "the covered Home still takes taps: \(harness.events)")
    try harness.perform("tap Home.open")
    #expect(harness.lastStepViolations == [])
    let unpacked = FlowState<Radianttap>(packed: harness.state.canonicalForm().packed())
    #expect(unpacked.world.deferredNavigations.count == 1)
    #expect(unpacked.world == harness.state.canonicalForm().world)
    var actions: [FlowAction] = []
    harness.system.enabledActions(in: unpacked, into: &actions)
    #expect(
      actions.map { $0.describe(in: unpacked, flow: harness.flow) }.contains { $0.hasPrefix("the push to") })
    let outcome = harness.system.run(unpacked, actions.last!, logging: true)
    #expect(outcome.state.world.objects.count == 4, "\(outcome.state.world)")
    #expect(harness.events.contains { $0.hasPrefix("the push to") }, "\(harness.events)")
    try harness.perform("the push to")
    #expect(harness.visibleStack == ["Home", "Detail", "Detail"])
    try harness.perform("the push to")
    #expect(harness.failingInvariants == [])
    #expect(harness.shadow(of: "App") == ["Home", "Detail", "Detail"])
  }

  static let backDuringChildPush = """
    app Swipes {
      window App
      home Home
      limits { inflight 1 }
    }
    screen Home
    screen Account
    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.account { startChild AccountFlow }
    }
    coordinator AccountFlow: NavigationCoordinator {
      root parent
      start { show Account }
    }
    """

  /// Back tapped during a child's push: when the push ends, UIKit runs the deferred pop,
  /// which animates in turn. The child's screen has left the stack, but `didShow`, through
  /// which radianttap learns of the pop and finishes the child, is still to come: the state
  /// invariants wait until the stack is at rest, where the child is gone.
  @Test func stateInvariantsAreJudgedOnceTheStackIsAtRest() throws {
    var harness = try RuntimeHarness<Radianttap>(Self.backDuringChildPush)
    try harness.perform("tap Home.account")
    try harness.perform("tap Back")
    try harness.perform("the push to")
    #expect(harness.visibleStack == ["Home"])
    let inFlight = InvariantContext(flow: harness.flow, state: harness.state)
    #expect(inFlight.isNavigationInFlight)
    #expect(harness.failingInvariants.contains("finish-propagation"), "\(harness.failingInvariants)")
    #expect(inFlight.failingBits(harness.system.stateInvariants) == 0)
    try harness.perform("the pop to")
    let atRest = InvariantContext(flow: harness.flow, state: harness.state)
    #expect(!atRest.isNavigationInFlight)
    #expect(harness.failingInvariants == [])
    #expect(atRest.failingBits(harness.system.stateInvariants) == 0)
  }
}

extension FlowState {
  fileprivate func canonicalForm() -> FlowState<Runtime> {
    var attached = 0
    return canonical(attachedCount: &attached)
  }
}

/// Transitions are in flight unless a flow says `inflight 0`, and `animating` is true exactly
/// while a presentation, dismissal, push or pop animates: the guard a careful team writes.
@Suite("In flight by default; the animating guard")
struct AnimatingGuardTests {
  /// The default, written out: the harness runs a flow that does not name `inflight` with
  /// `inflight 0` (`TransitionsInTheirStep`).
  static let inFlight = "limits { inflight 1 }"

  static func flow(limits: String, guarded: Bool) -> String {
    """
    app Shop {
      window App
      home Home
      \(limits)
    }
    screen Home
    screen Detail
    screen Sheet
    var sawAnimating = false
    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.open { \(guarded ? "if !animating { show Detail }" : "show Detail") }
      on Home.check { if animating { sawAnimating = true } }
      on Detail.sheet { present Sheet }
      on Detail.check { if animating { sawAnimating = true } }
      on Sheet.close { dismiss }
    }
    """
  }

  @Test func withoutALimitTransitionsAreInFlight() throws {
    let flow = try #require(
      FrontEnd.check(source: SourceFile(path: "a.flow", text: Self.flow(limits: "", guarded: false))).flow)
    #expect(flow.limits.inflight == 1)
    let off = try #require(
      FrontEnd.check(
        source: SourceFile(path: "a.flow", text: Self.flow(limits: "limits { inflight 0 }", guarded: false))
      ).flow)
    #expect(off.limits.inflight == 0)
  }

  @Test func animatingIsTrueWhileAPushOrAPresentationAnimates() throws {
    var harness = try RuntimeHarness<Radianttap>(Self.flow(limits: Self.inFlight, guarded: false))
    try harness.perform("tap Home.check")
    #expect(harness.global("sawAnimating") == 0, "nothing animates at launch")
    try harness.perform("tap Home.open")
    try harness.perform("tap Home.check")
    #expect(harness.global("sawAnimating") == 1, "the push of Detail animates")
  }

  @Test func animatingIsFalseOnceTheAnimationEnds() throws {
    var harness = try RuntimeHarness<Radianttap>(Self.flow(limits: Self.inFlight, guarded: false))
    try harness.perform("tap Home.open")
    try harness.perform("the push to Detail finishes animating")
    try harness.perform("tap Detail.check")
    #expect(harness.global("sawAnimating") == 0)
    try harness.perform("tap Detail.sheet")
    try harness.perform("tap Detail.check")
    #expect(
      harness.global("sawAnimating") == 1, "the presentation of Sheet animates; Detail is still touched")
  }

  @Test func theGuardIgnoresTheSecondTapOfADoubleTap() throws {
    var unguarded = try RuntimeHarness<Radianttap>(Self.flow(limits: Self.inFlight, guarded: false))
    try unguarded.perform("tap Home.open")
    try unguarded.perform("tap Home.open")
    let deferred = FlowState<Radianttap>(packed: unguarded.state.canonicalForm().packed()).world
      .deferredNavigations.count
    #expect(deferred == 1, "unguarded, the second push waits behind the first")
    var guarded = try RuntimeHarness<Radianttap>(Self.flow(limits: Self.inFlight, guarded: true))
    try guarded.perform("tap Home.open")
    try guarded.perform("tap Home.open")
    try guarded.perform("the push to Detail finishes animating")
    #expect(guarded.visibleStack == ["Home", "Detail"])
    #expect(guarded.failingInvariants == [])
  }

  @Test func animatingIsABoolAndNotAVariableName() {
    let declared = FrontEnd.check(
      source: SourceFile(
        path: "a.flow",
        text: Self.flow(limits: "", guarded: false).replacingOccurrences(
          of: "var sawAnimating = false", with: "var animating = false")))
    #expect(declared.flow == nil)
    let compared = FrontEnd.check(
      source: SourceFile(
        path: "a.flow",
        text: Self.flow(limits: "", guarded: false).replacingOccurrences(
          of: "if animating { sawAnimating = true }", with: "if animating == 1 { sawAnimating = true }")))
    #expect(compared.flow == nil)
  }
}
