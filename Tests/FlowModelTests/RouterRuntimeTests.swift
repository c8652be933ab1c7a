import FlowLanguage
import FlowTestSupport
import Testing

@testable import FlowModel

/// The router runtime, behaviour by behaviour, driven by hand (no explorer).
@Suite struct RouterRuntimeTests {
  typealias Harness = RuntimeHarness<Router>

  static let modal = """
    app Pets {
      library router
      window Home
    }
    screen Home
    screen Visit
    screen Pain
    var removed = false
    coordinator Home: AppDelegateRouter {
      start { present Home }
      on Home.schedule { presentChild Builder onDismissed { removed = true } }
    }
    coordinator Builder: ModalNavigationRouter {
      start { present Visit }
      on Visit.sick { present Pain }
      on Pain.okay { dismiss }
    }
    """

  @Test func presentChildAppendsTheChildAndItsRouterPresentsModally() throws {
    var h = try Harness(Self.modal)
    try h.perform("tap Home.schedule")
    #expect(h.children(of: "Home") == ["Builder"])
    #expect(h.top == "Visit")
    #expect(h.state.world.modalChain().count == 2)
    #expect(h.failingInvariants.isEmpty)
  }

  @Test func dismissRunsTheWrapperBeforeTheAnimationAndTheBlockAfterTheRemoval() throws {
    var h = try Harness(Self.modal)
    try h.perform("tap Home.schedule")
    try h.perform("tap Visit.sick")
    try h.perform("tap Pain.okay")
    #expect(h.children(of: "Home") == [])
    #expect(h.top == "Home")
    #expect(h.state.globals == [1])
    let closure = try #require(
      h.log.firstIndex { $0.contains("runs the onDismissed closure kept for Visit") })
    let removal = try #require(h.log.firstIndex { $0 == "Home.removeChild(Builder)" })
    let dismissal = try #require(h.log.firstIndex { $0 == "Home.dismiss(animated: true)" })
    #expect(closure < removal && removal < dismissal)
    #expect(h.failingInvariants.isEmpty)
  }

  /// The Cancel button is UIKit's bar button: like Back, it takes no touch while a sheet is
  /// being presented over its screen, and takes one again once that sheet is at rest.
  @Test func cancelWaitsForAPresentationOverItsScreen() throws {
    var h = try Harness(
      """
      app Mail {
        library router
        window Home
        limits { inflight 1 }
      }
      screen Home
      screen Form
      screen Upload
      coordinator Home: AppDelegateRouter {
        start { present Home }
        on Home.write { presentChild Writer }
      }
      coordinator Writer: ModalNavigationRouter {
        start { present Form }
        on Form.attach { presentChild Uploader }
      }
      coordinator Uploader: ModalNavigationRouter {
        start { present Upload }
      }
      """)
    try h.perform("tap Home.write")
    try h.perform(
      "the presentation of the UINavigationController(Writer) sheet (showing Form) finishes animating")
    #expect(h.events.contains("tap Cancel on Form"))
    try h.perform("tap Form.attach")
    #expect(!h.events.contains { $0.hasPrefix("tap Cancel") }, "\(h.events)")
    try h.perform(
      "the presentation of the UINavigationController(Uploader) sheet (showing Upload) finishes animating")
    #expect(h.events.contains("tap Cancel on Upload"))
  }

  @Test func cancelIsOfferedOnlyOnTheFirstScreenAndRemovesTheChild() throws {
    var h = try Harness(Self.modal)
    try h.perform("tap Home.schedule")
    #expect(h.events.contains("tap Cancel on Visit"))
    try h.perform("tap Visit.sick")
    #expect(!h.events.contains { $0.hasPrefix("tap Cancel") })
    try h.perform("tap Back (from Pain)")
    try h.perform("tap Cancel on Visit")
    #expect(h.children(of: "Home") == [])
    #expect(h.top == "Home")
  }

  @Test func aSwipedDownSheetLeavesTheChildAndItsClosure() throws {
    var h = try Harness(Self.modal)
    try h.perform("tap Home.schedule")
    try h.perform("swipe down the UINavigationController(Builder) sheet (showing Visit)")
    #expect(h.children(of: "Home") == ["Builder"])
    #expect(h.failingInvariants == ["finish-propagation", "stale-closure"])
    try h.perform("tap Home.schedule")
    #expect(h.children(of: "Home") == ["Builder", "Builder"])
  }

  static let navigation = """
    app Lists {
      library router
      window Lists
    }
    screen Items
    screen Editor
    screen Confirm
    coordinator Lists: NavigationRouter {
      start { present Items }
      on Items.add { presentChild ItemEditor }
    }
    coordinator ItemEditor: NavigationRouter {
      start { present Editor }
      on Editor.next { present Confirm }
      on Editor.save { dismiss }
      on Editor.quiet { dismiss animated: false }
      on Confirm.done { dismiss }
    }
    """

  @Test func anAnimatedPopOfTheFirstScreenRunsItsClosure() throws {
    var h = try Harness(Self.navigation)
    try h.perform("tap Items.add")
    #expect(h.state.world.objects[h.state.coordinators[0].root].delegate == 1)
    try h.perform("tap Back (from Editor)")
    #expect(h.children(of: "Lists") == [])
    #expect(h.failingInvariants.isEmpty)
  }

  @Test func dismissAfterOnePushRunsTheClosureThroughDidShow() throws {
    var h = try Harness(Self.navigation)
    try h.perform("tap Items.add")
    try h.perform("tap Editor.save")
    #expect(h.children(of: "Lists") == [])
    #expect(h.top == "Items")
  }

  @Test func aNonAnimatedDismissRunsNoClosure() throws {
    var h = try Harness(Self.navigation)
    try h.perform("tap Items.add")
    try h.perform("tap Editor.quiet")
    #expect(h.top == "Items")
    #expect(h.children(of: "Lists") == ["ItemEditor"])
    #expect(h.failingInvariants == ["finish-propagation", "stale-closure"])
  }

  @Test func dismissAfterTwoPushesRunsNeitherClosure() throws {
    var h = try Harness(Self.navigation)
    try h.perform("tap Items.add")
    try h.perform("tap Editor.next")
    try h.perform("tap Confirm.done")
    #expect(h.top == "Items")
    #expect(h.children(of: "Lists") == ["ItemEditor"])
  }

  @Test func theAppDelegateRoutersDismissDoesNothing() throws {
    var h = try Harness(
      """
      app A {
        library router
        window App
      }
      screen Home
      coordinator App: AppDelegateRouter {
        start { present Home }
        on Home.close { dismiss }
      }
      """)
    try h.perform("tap Home.close")
    #expect(h.top == "Home")
    #expect(h.log.contains("AppDelegateRouter.dismiss does nothing"))
  }

  @Test func dismissingAnEmptyModalNavigationControllerCrashes() throws {
    var h = try Harness(
      """
      app A {
        library router
        window App
      }
      screen Home
      coordinator App: AppDelegateRouter {
        start { present Home }
        on Home.open { presentChild Empty }
      }
      coordinator Empty: ModalNavigationRouter {
        start { dismiss }
      }
      """)
    try h.perform("tap Home.open")
    #expect(h.state.crashed)
    #expect(h.lastStepViolations == ["library-trap"])
  }

  @Test func aNavigationControllerWhosePresentationWasRefusedNeverGetsDidShow() throws {
    var h = try Harness(
      """
      app A {
        library router
        window App
      }
      screen Home
      screen Form
      coordinator App: AppDelegateRouter {
        start { present Home }
        on Home.open { presentChild Sheet }
      }
      coordinator Sheet: ModalNavigationRouter {
        start { present Form }
      }
      event reminder { presentChild Sheet }
      """)
    try h.perform("tap Home.open")
    #expect(h.log.contains { $0.contains("navigationController(didShow: Form)") })
    try h.perform("app event 'reminder'")
    #expect(h.lastStepViolations.contains("uikit-noop"))
    #expect(!h.log.contains { $0.contains("didShow") }, "the refused sheet never appears")
  }
}
