import FlowLanguage
import FlowModel
import Testing

/// `orphan-child` is what `flowcheck explain orphan-child` says it is: a child that never had
/// a screen and awaits no work, or one lost by an identifier collision. A child whose screens
/// were shown and left unseen is `finish-propagation`'s.
@Suite struct OrphanChildTests {
  @Test func aChildWhoseSheetWasSwipedAwayIsFinishPropagationNotOrphanChild() throws {
    let report = try RadianttapCheck.report(
      """
      app Sheets { window App; home Home }
      screen Home
      screen Cart
      coordinator App: NavigationCoordinator {
        root window
        start { root Home }
        on Home.cart { if !started(Basket) { startChild Basket } }
      }
      coordinator Basket: NavigationCoordinator {
        root presented
        start { root Cart }
        on Cart.close { dismiss; finish }
      }
      """)
    #expect(RadianttapCheck.verdicts(report)["finish-propagation"] == .violated)
    #expect(RadianttapCheck.verdicts(report)["orphan-child"] == .holds)
    let violation = try #require(report.violations.first { $0.id == "finish-propagation" })
    #expect(
      violation.events == [
        "tap Home.cart", "swipe down the UINavigationController(Basket) sheet (showing Cart)",
      ])
  }

  @Test func aChildThatNeverShowsAScreenIsAnOrphan() throws {
    let report = try RadianttapCheck.report(
      """
      app Empty { window App; home Home }
      var ready = false
      screen Home
      screen Cart
      coordinator App: NavigationCoordinator {
        root window
        start { root Home }
        on Home.cart { startChild Basket }
      }
      coordinator Basket: NavigationCoordinator {
        root parent
        start { if ready { show Cart } }
        on Cart.close { pop; finish }
      }
      """)
    #expect(RadianttapCheck.verdicts(report)["orphan-child"] == .violated)
    let violation = try #require(report.violations.first { $0.id == "orphan-child" })
    #expect(violation.events == ["tap Home.cart"])
  }

  @Test func theExplanationSaysWhereASwipedSheetIsReported() throws {
    let orphan = try #require(InvariantRegistry.invariant(.orphanChild)).explanation
    #expect(!orphan.typicalCause.contains("swiped"))
    #expect(orphan.whatItChecks.contains("that is 'finish-propagation'"))
    let finish = try #require(InvariantRegistry.invariant(.finishPropagation)).explanation
    #expect(finish.typicalCause.contains("a sheet swiped down"))
  }
}
