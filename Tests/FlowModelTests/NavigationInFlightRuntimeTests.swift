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
