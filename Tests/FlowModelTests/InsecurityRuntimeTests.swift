import FlowExplorer
import FlowLanguage
import FlowTestSupport
import Foundation
import Testing

@testable import FlowModel

/// The Insecurity runtime, behaviour by behaviour, driven by hand (no explorer): where a
/// start lands, how each way out reaches the host, results, batching and the purge, the
/// deferred start, and the four gaps.
@Suite struct InsecurityRuntimeTests {
  typealias Harness = RuntimeHarness<Insecurity>

  /// A wallet: the list pushes the payment methods (a result) and presents a verification
  /// sheet (a result); `last` records what the completions saw.
  static let wallet = """
    app Wallet {
      library insecurity
      window App
      home Cards
    }
    screen Cards
    screen Methods
    screen AddCard
    screen Verify { style formSheet }
    var last: 0...4 = 0
    coordinator App: WindowCoordinator {
      start { start Cards in: newNavigation }
    }
    coordinator Cards: NavigationCoordinator {
      viewController Cards
      on Cards.methods {
        start Methods { r in
          if r == nil { last = 1 } else { last = 2 }
        }
      }
      on Cards.verify {
        start Verify { r in
          if r == ok { last = 3 } else { last = 4 }
        }
      }
    }
    coordinator Methods: NavigationCoordinator {
      viewController Methods
      result picked
      on Methods.pick { finish(picked) }
      on Methods.add { start AddCard }
    }
    coordinator AddCard: NavigationCoordinator {
      viewController AddCard
      on AddCard.save { finish }
    }
    coordinator Verify: ModalCoordinator {
      viewController Verify
      result ok
      on Verify.ok { finish(ok) }
      on Verify.cancel { dismiss }
    }
    """

  /// The kinds of the host's entries, bottom first.
  static func kinds(_ h: Harness) -> [EntryKind] { h.state.library.entries.map(\.kind) }

  @Test func theWindowsStartPutsTheChildInANewNavigationControllerAndMakesAHost() throws {
    let h = try Harness(Self.wallet)
    #expect(h.visibleStack == ["Cards"])
    #expect(h.state.library.isAlive)
    #expect(h.state.library.rootIsNavigation)
    #expect(h.state.library.count == 0)
    #expect(h.tree == ["App", "Cards"])
  }

  @Test func aPushedChildGetsAnEntryOverAPlaceholderFrameForTheRoot() throws {
    var h = try Harness(Self.wallet)
    try h.perform("tap Cards.methods")
    #expect(h.visibleStack == ["Cards", "Methods"])
    #expect(Self.kinds(h) == [.rootNavigationFrame, .pushed])
    #expect(h.failingInvariants.isEmpty)
  }

  @Test func finishDeliversTheValueFirstThenPopsWithAnAnimationDuringWhichOnlyAsyncWorkRuns() throws {
    var h = try Harness(Self.wallet)
    try h.perform("tap Cards.methods")
    try h.perform("tap Methods.pick")
    #expect(h.state.globals == [2])
    #expect(h.visibleStack == ["Cards"])
    #expect(h.state.library.transition == .pop)
    #expect(h.events == ["async 'the host's pop animation' completes (App)"])
    let log = h.lastLog.lines.map(\.text)
    let completion = try #require(log.firstIndex { $0.hasPrefix("completion(picked) runs in Cards") })
    let pop = try #require(log.firstIndex { $0.contains("popToViewController(Cards, animated: true)") })
    #expect(completion < pop, "the completion runs before UIKit is touched")
    try h.perform("async 'the host's pop animation'")
    #expect(h.events.contains("tap Cards.methods"))
  }

  @Test func theBackButtonReachesTheHostOnlyThroughTheControllersDeallocation() throws {
    var h = try Harness(Self.wallet)
    try h.perform("tap Cards.methods")
    try h.perform("tap Back")
    #expect(h.state.globals == [1], "the completion gets nil")
    #expect(h.lastLog.lines.map(\.text).contains("deinit of Methods's view controller: the host is told"))
    #expect(Self.kinds(h) == [.rootNavigationFrame])
  }

  @Test func aCompletedSwipeBackIsABackButtonAndACancelledOneReachesNothing() throws {
    var h = try Harness(Self.wallet)
    try h.perform("tap Cards.methods")
    try h.perform("swipe back from Methods, then cancel")
    #expect(h.state.globals == [0])
    #expect(Self.kinds(h) == [.rootNavigationFrame, .pushed])
    try h.perform("swipe back from Methods (completed)")
    #expect(h.state.globals == [1])
  }

  @Test func aSheetSwipedDownReachesTheHostThroughKVOWithNil() throws {
    var h = try Harness(Self.wallet)
    try h.perform("tap Cards.verify")
    #expect(Self.kinds(h) == [.modalFrame])
    try h.perform("swipe down the Verify sheet")
    #expect(h.state.globals == [4])
    #expect(h.lastLog.lines.map(\.text).contains { $0.hasPrefix("KVO: Verify.parentModalViewController") })
    #expect(h.state.library.count == 0)
    #expect(h.state.library.transition == .none, "UIKit already dismissed it: the host dismisses nothing")
  }

  @Test func aFinishedFrameIsDismissedFromItsPresenterWithAnAnimation() throws {
    var h = try Harness(Self.wallet)
    try h.perform("tap Cards.verify")
    try h.perform("tap Verify.ok")
    #expect(h.state.globals == [3])
    #expect(h.state.world.modalChain().count == 1)
    #expect(h.state.library.transition == .dismissal)
    #expect(h.events == ["async 'the host's dismissal animation' completes (App)"])
  }

  /// The finish cleared `_finishImplementation` (`InsecurityHost.swift:207`): the `dismiss`
  /// after it asserts (`ModalCoordinator.swift:28`) and does nothing else.
  @Test func aSecondFinishOfAFinishedChildAsserts() throws {
    var h = try Harness(
      Self.wallet.replacing("on Verify.ok { finish(ok) }", with: "on Verify.ok { finish(ok); dismiss }"))
    try h.perform("tap Cards.verify")
    try h.perform("tap Verify.ok")
    #expect(h.state.globals == [3])
    #expect(h.lastLog.lines.map(\.text).contains { $0.hasPrefix("_finishImplementation is nil") })
    #expect(h.lastStepViolations == ["library-trap"])
  }

  /// Each coordinator class has its own `finish` and `dismiss`, asserting at the same lines
  /// of its own file (`ModalCoordinator.swift:19`, `28`; `NavigationCoordinator.swift:19`, `28`): the
  /// trace names the class of the coordinator that finished twice.
  @Test(arguments: [
    (
      "on Verify.ok { finish(ok) }", "on Verify.ok { finish(ok); finish(ok) }", "Cards.verify", "Verify.ok",
      "ModalCoordinator.swift:19"
    ),
    (
      "on Methods.pick { finish(picked) }", "on Methods.pick { finish(picked); dismiss }", "Cards.methods",
      "Methods.pick", "NavigationCoordinator.swift:28"
    ),
  ])
  func aSecondFinishCitesTheCoordinatorsOwnClass(
    old: String, new: String, open: String, finish: String, site: String
  ) throws {
    var h = try Harness(Self.wallet.replacing(old, with: new))
    try h.perform("tap \(open)")
    try h.perform("tap \(finish)")
    #expect(h.lastStepViolations == ["library-trap"])
    #expect(h.lastStepDetails.first?.contains("called before the coordinator was started, \(site))") == true)
  }

  /// A second start while another waits in the host's slot asserts in the start method the
  /// child goes through, each with its own copy of the check: `startModal`
  /// (`InsecurityHost.swift:170`), `startNavigation` (`338`) or `startNavigationNew` (`548`).
  @Test(arguments: [
    ("start Verify", "InsecurityHost.swift:170"),
    ("start Methods", "InsecurityHost.swift:338"),
    ("start AddCard in: newNavigation", "InsecurityHost.swift:548"),
  ])
  func aSecondStartWhileOneWaitsCitesItsStartMethod(second: String, site: String) throws {
    var h = try Harness(
      Self.wallet.replacing(
        "if r == ok { last = 3 } else { last = 4 }", with: "last = 3; start AddCard; \(second)"))
    try h.perform("tap Cards.verify")
    try h.perform("tap Verify.ok")
    #expect(h.lastStepViolations == ["library-trap"])
    let detail = try #require(h.lastStepDetails.first)
    #expect(detail.contains("can't start multiple children at the same time\"), \(site))"), "\(detail)")
  }

  /// The payment flow's 3-D Secure: its approval finishes the card form inside the
  /// completion, so both finishes are purged at once.
  static let checkout = """
    app Checkout {
      library insecurity
      window App
      home Cart
    }
    screen Cart
    screen AddCard
    screen Secure
    var saved = false
    coordinator App: WindowCoordinator {
      start { start Cart in: newNavigation }
    }
    coordinator Cart: NavigationCoordinator {
      viewController Cart
      on Cart.add {
        start AddCard { card in
          if card != nil { saved = true }
        }
      }
    }
    coordinator AddCard: NavigationCoordinator {
      viewController AddCard
      on AddCard.save {
        start Secure { verdict in
          if verdict == approved { finish }
        }
      }
    }
    coordinator Secure: ModalCoordinator {
      viewController Secure
      result approved
      on Secure.approve { finish(approved) }
    }
    """

  @Test func finishesInsideACompletionMergeIntoOnePurge() throws {
    var h = try Harness(Self.checkout)
    try h.perform("tap Cart.add")
    try h.perform("tap AddCard.save")
    #expect(Self.kinds(h) == [.rootNavigationFrame, .pushed, .modalFrame])
    try h.perform("tap Secure.approve")
    #expect(h.state.globals == [1])
    let log = h.lastLog.lines.map(\.text)
    #expect(log.filter { $0.hasPrefix("purge:") }.count == 1)
    #expect(log.contains { $0.contains("popToViewController(Cart, animated: false)") })
    #expect(log.contains { $0.hasSuffix(".dismiss(animated: true)") })
    #expect(h.visibleStack == ["Cart"])
    #expect(h.state.world.modalChain().count == 1)
    #expect(Self.kinds(h) == [.rootNavigationFrame])
  }

  /// A completion that starts the next screen while the host is batching: it waits in the
  /// slot, and a second one is dropped.
  static let deferred = """
    app Scan {
      library insecurity
      window App
      home Cards
    }
    screen Cards
    screen Scanner
    screen AddCard
    screen Help
    coordinator App: WindowCoordinator {
      start { start Cards in: newNavigation }
    }
    coordinator Cards: NavigationCoordinator {
      viewController Cards
      on Cards.scan {
        start Scanner { result in
          start AddCard
          start Help
        }
      }
    }
    coordinator Scanner: NavigationCoordinator {
      viewController Scanner
      on Scanner.done { finish }
    }
    coordinator AddCard: NavigationCoordinator {
      viewController AddCard
    }
    coordinator Help: NavigationCoordinator {
      viewController Help
    }
    """

  @Test func aStartDuringABatchWaitsInTheSlotAndASecondOneIsDropped() throws {
    var h = try Harness(Self.deferred)
    try h.perform("tap Cards.scan")
    try h.perform("tap Scanner.done")
    let log = h.lastLog.lines.map(\.text)
    #expect(log.contains { $0.contains("AddCard waits in the deferred-start slot") })
    #expect(log.contains { $0.contains("can't start multiple children at the same time") })
    #expect(
      h.state.library.deferred.map { h.flow.coordinators[h.state.coordinators[$0.child].declaration].name }
        == "AddCard")
    #expect(h.state.library.timerArmed)
    #expect(
      Set(h.events) == [
        "async 'the host's pop animation' completes (App)",
        "async 'the host's 0.25 s start timer' completes (App)",
      ])
  }

  @Test func theTimerFiresBeforeThePopEndsAndItsPushAppears() throws {
    var h = try Harness(Self.deferred)
    try h.perform("tap Cards.scan")
    try h.perform("tap Scanner.done")
    try h.perform("async 'the host's pop animation'")
    #expect(h.lastLog.lines.map(\.text).contains("the host's 0.25 s start timer fires before its pop ends"))
    #expect(h.lastStepViolations.isEmpty)
    #expect(h.visibleStack == ["Cards", "AddCard"])
    #expect(!h.events.contains { $0.contains("0.25 s start timer") })
  }

  @Test func theTimersPushDuringThePopIsQueuedByUIKitAndNoTapComesBetween() throws {
    var h = try Harness(Self.deferred)
    try h.perform("tap Cards.scan")
    try h.perform("tap Scanner.done")
    #expect(!h.events.contains { $0.hasPrefix("tap") }, "UIKit takes no touches during the pop")
    try h.perform("async 'the host's 0.25 s start timer'")
    #expect(h.lastStepViolations.isEmpty)
    #expect(h.visibleStack == ["Cards", "AddCard"])
    #expect(Self.kinds(h) == [.rootNavigationFrame, .pushed])
  }

  /// Three levels pushed; a long-press on Back jumps to the first.
  static let threeLevels = """
    app Profile {
      library insecurity
      window App
      home Profile
    }
    screen Profile
    screen Methods
    screen AddCard
    var closed = false
    coordinator App: WindowCoordinator {
      start { start Profile in: newNavigation }
    }
    coordinator Profile: NavigationCoordinator {
      viewController Profile
      on Profile.methods { start Methods }
    }
    coordinator Methods: NavigationCoordinator {
      viewController Methods
      on Methods.add {
        start AddCard { result in closed = true }
      }
    }
    coordinator AddCard: NavigationCoordinator {
      viewController AddCard
    }
    """

  @Test func aMultiLevelPopFreesItsControllersInEitherOrderAndTheUserWaits() throws {
    var h = try Harness(Self.threeLevels)
    try h.perform("tap Profile.methods")
    try h.perform("tap Methods.add")
    try h.perform("long-press Back, choose Profile")
    #expect(h.events == ["UIKit frees Methods (Methods) first", "UIKit frees AddCard (AddCard) first"])
    var upperFirst = h
    try upperFirst.perform("UIKit frees AddCard (AddCard) first")
    #expect(upperFirst.lastStepViolations.isEmpty)
    #expect(upperFirst.state.globals == [1])
    #expect(upperFirst.state.library.count == 1)
    try h.perform("UIKit frees Methods (Methods) first")
    #expect(h.lastStepViolations == ["result-once"], "gap 2: the form's completion is lost")
    #expect(h.state.globals == [0])
    #expect(h.state.library.count == 1)
  }

  @Test func gap1AControllerTheCoordinatorRetainsIsNeverFreedAndTheNextPopToItCrashes() throws {
    let text = """
      app Wallet {
        library insecurity
        window App
        home Cards
      }
      screen Cards
      screen AddCard
      screen Scanner
      coordinator App: WindowCoordinator {
        start { start Cards in: newNavigation }
      }
      coordinator Cards: NavigationCoordinator {
        viewController Cards
        on Cards.add { start AddCard }
        on Cards.scan { start Scanner }
      }
      coordinator AddCard: NavigationCoordinator {
        viewController AddCard retained
        on AddCard.save { finish }
      }
      coordinator Scanner: NavigationCoordinator {
        viewController Scanner
        on Scanner.done { finish }
      }
      """
    var h = try Harness(text)
    try h.perform("tap Cards.add")
    try h.perform("tap Back")
    #expect(h.visibleStack == ["Cards"])
    #expect(Self.kinds(h) == [.rootNavigationFrame, .pushed])
    #expect(h.failingInvariants == ["finish-propagation"])
    try h.perform("tap Cards.scan")
    try h.perform("tap Scanner.done")
    #expect(h.lastStepViolations == ["uikit-crash"])
    #expect(h.state.crashed)
  }

  @Test func gap4AFinishDuringTheHostsDismissalIsIgnoredByUIKitAndLeavesAnOrphan() throws {
    let text = """
      app Food {
        library insecurity
        window App
        home Menu
      }
      screen Menu
      screen Order
      screen Tip
      coordinator App: WindowCoordinator {
        start { start Menu }
      }
      coordinator Menu: ModalCoordinator {
        viewController Menu
        on Menu.order { start Order }
      }
      coordinator Order: ModalCoordinator {
        viewController Order
        on Order.tip {
          start Tip
          after countdown { finish }
        }
        on Order.close { finish }
      }
      coordinator Tip: ModalCoordinator {
        viewController Tip
        on Tip.close { finish }
      }
      """
    var h = try Harness(text)
    try h.perform("tap Menu.order")
    try h.perform("tap Order.tip")
    try h.perform("tap Tip.close")
    #expect(!h.events.contains("tap Order.close"), "no touches while the dismissal animates")
    try h.perform("async 'countdown'")
    #expect(h.lastStepViolations == ["uikit-noop"])
    try h.perform("async 'the host's dismissal animation'")
    #expect(h.state.world.modalChain().count == 2, "Order is still on screen")
    #expect(h.failingInvariants == ["orphan-child"])
    try h.perform("tap Order.close")
    #expect(h.state.world.modalChain().count == 2, "its finish does nothing")
  }

  @Test func theWindowsChildFinishingTwiceRunsItsCompletionTwice() throws {
    let text = """
      app Onboarding {
        library insecurity
        window App
      }
      screen Welcome
      var runs: 0...3 = 0
      coordinator App: WindowCoordinator {
        start {
          start Welcome { result in runs += 1 }
        }
      }
      coordinator Welcome: ModalCoordinator {
        viewController Welcome
        on Welcome.done { finish }
      }
      """
    var h = try Harness(text)
    try h.perform("tap Welcome.done")
    #expect(h.state.globals == [1])
    #expect(!h.state.library.isAlive, "the window host killed its host")
    #expect(h.lastStepViolations.isEmpty)
    try h.perform("tap Welcome.done")
    #expect(h.state.globals == [2])
    #expect(h.lastStepViolations == ["result-once"])
  }

  @Test func aStartAlwaysTargetsTheTopOfTheGlobalStackWhoeverCallsIt() throws {
    let text = """
      app Shop {
        library insecurity
        window App
        home Home
      }
      screen Home
      screen Detail
      screen Sheet
      coordinator App: WindowCoordinator {
        start { start Home in: newNavigation }
      }
      coordinator Home: NavigationCoordinator {
        viewController Home
        on Home.open {
          start Sheet
          after later { start Detail }
        }
      }
      coordinator Detail: NavigationCoordinator {
        viewController Detail
      }
      coordinator Sheet: ModalCoordinator {
        viewController Sheet
      }
      """
    var h = try Harness(text)
    try h.perform("tap Home.open")
    try h.perform("async 'later'")
    #expect(
      h.lastLog.lines.map(\.text).contains {
        $0.contains("Can not start navigation child when the top context is not UINavigationController")
      })
    #expect(h.state.world.modalChain().count == 2)
    #expect(Self.kinds(h) == [.modalFrame])
  }

  @Test func aNewWindowStartKillsTheHostAndItsCoordinatorsCannotStartAgain() throws {
    let text = """
      app Bank {
        library insecurity
        window App
        home Accounts
      }
      screen Accounts
      screen Login
      screen Detail
      coordinator App: WindowCoordinator {
        start { start Accounts in: newNavigation }
      }
      coordinator Accounts: NavigationCoordinator {
        viewController Accounts
        on Accounts.logout {
          after expired { start Detail }
        }
      }
      coordinator Detail: NavigationCoordinator {
        viewController Detail
      }
      coordinator Login: ModalCoordinator {
        viewController Login
      }
      event logout { start Login }
      """
    var h = try Harness(text)
    try h.perform("tap Accounts.logout")
    try h.perform("app event 'logout'")
    #expect(h.state.world.windowRoot.map { h.screenName($0) } == "Login")
    #expect(!h.state.library.rootIsNavigation)
    try h.perform("async 'expired'")
    // A NavigationCoordinator holds its host strongly: the killed host is still there, and
    // its start returns at once (`guard state.notDead`).
    let log = h.lastLog.lines.map(\.text)
    #expect(log.contains { $0.contains("is killed (notDead is false): the start does nothing") })
    #expect(h.state.world.modalChain().count == 1)
  }

  @Test func aModalCoordinatorWhoseHostWasFreedTrapsWhenItStarts() throws {
    let text = """
      app Bank {
        library insecurity
        window App
        home Welcome
      }
      screen Welcome
      screen Promotion
      screen Account
      coordinator App: WindowCoordinator {
        start { start Welcome { r in start Account } }
      }
      coordinator Welcome: ModalCoordinator {
        viewController Welcome
        on Welcome.appear {
          after lookup { start Promotion }
        }
        on Welcome.signIn { finish }
      }
      coordinator Promotion: ModalCoordinator {
        viewController Promotion
      }
      coordinator Account: ModalCoordinator {
        viewController Account
      }
      """
    var h = try Harness(text)
    try h.perform("tap Welcome.appear")
    try h.perform("tap Welcome.signIn")
    #expect(h.state.world.windowRoot.map { h.screenName($0) } == "Account")
    try h.perform("async 'lookup'")
    #expect(h.lastStepViolations == ["library-trap"])
    #expect(h.state.crashed)
  }

  /// A sheet swiped down whose late reply finishes it: its `_finishImplementation` was
  /// cleared by the KVO (`InsecurityHost.swift:232`), so `finish` asserts
  /// (`ModalCoordinator.swift:19`), unless the reply captured it weakly (`after weak`): then
  /// nothing holds the ended coordinator, and the reply does nothing.
  @Test(arguments: [false, true])
  func aSecondFinishAssertsUnlessTheReplyIsWeak(weak: Bool) throws {
    let text = """
      app Notes {
        library insecurity
        window App
        home Home
        limits { inflight 0 }
      }
      screen Home
      screen Sheet
      coordinator App: WindowCoordinator {
        start { start Home }
      }
      coordinator Home: ModalCoordinator {
        viewController Home
        on Home.open { start Sheet }
      }
      coordinator Sheet: ModalCoordinator {
        viewController Sheet
        on Sheet.save { after \(weak ? "weak " : "")upload { finish } }
      }
      """
    var h = try Harness(text)
    try h.perform("tap Home.open")
    try h.perform("tap Sheet.save")
    try h.perform("swipe down the Sheet sheet")
    #expect(h.lastStepViolations.isEmpty)
    guard !weak else {
      // The ended Sheet was freed, and its weak reply with it.
      #expect(!h.events.contains { $0.hasPrefix("async 'upload'") })
      return
    }
    try h.perform("async 'upload'")
    #expect(h.lastStepViolations == ["library-trap"])
    #expect(!h.state.crashed)
  }

  /// A window child finishing inside a completion kills the host that is batching: the
  /// killed host's purge finds the dead frame and does nothing else (`InsecurityHost.swift:
  /// 685-748`), so nothing asserts "Noone died?" and the new root's host is untouched.
  @Test func aHostKilledInsideItsBatchPurgesNothingElse() throws {
    let text = """
      app Login {
        library insecurity
        window App
        home Phone
      }
      screen Phone
      screen Code
      screen Gallery
      coordinator App: WindowCoordinator {
        start { start Phone in: newNavigation { r in start Gallery in: newNavigation } }
      }
      coordinator Phone: NavigationCoordinator {
        viewController Phone
        on Phone.sent { start Code { r in finish } }
      }
      coordinator Code: NavigationCoordinator {
        viewController Code
        on Code.confirmed { finish }
      }
      coordinator Gallery: NavigationCoordinator {
        viewController Gallery
      }
      """
    var h = try Harness(text)
    try h.perform("tap Phone.sent")
    try h.perform("tap Code.confirmed")
    let log = h.lastLog.lines.map(\.text)
    #expect(log.contains { $0.contains("the window host kills its host") })
    #expect(!log.contains { $0.contains("Noone died") })
    #expect(h.lastStepViolations.isEmpty)
    #expect(h.state.world.windowRoot.map { h.screenName($0) } != nil)
  }

  @Test func anOldWindowChildsSecondFinishKillsTheNewRootsHost() throws {
    let text = """
      app Shop {
        library insecurity
        window App
        home Catalog
      }
      screen SignIn
      screen Catalog
      var rootsMade: 0...3 = 0
      coordinator App: WindowCoordinator {
        start {
          start SignIn { r in
            rootsMade += 1
            start Catalog
          }
        }
      }
      coordinator SignIn: ModalCoordinator {
        viewController SignIn
        on SignIn.submit {
          after reply { finish }
        }
        on SignIn.guest { finish }
      }
      coordinator Catalog: ModalCoordinator {
        viewController Catalog
      }
      """
    var h = try Harness(text)
    try h.perform("tap SignIn.submit")
    try h.perform("tap SignIn.guest")
    #expect(h.global("rootsMade") == 1)
    try h.perform("async 'reply'")
    #expect(h.lastStepViolations == ["result-once"])
    #expect(h.global("rootsMade") == 2)
  }

  @Test(arguments: [
    ("in: current", [EntryKind.rootNavigationFrame, .pushed]),
    ("in: modal", [.modalFrame]),
    ("in: newNavigation", [.navigationFrame]),
    ("in: navigationFallback", [.rootNavigationFrame, .pushed]),
  ])
  func anAdaptiveStartOnANavigationTop(context: String, kinds: [EntryKind]) throws {
    var h = try Harness(Self.adaptive(context))
    try h.perform("tap Home.go")
    #expect(Self.kinds(h) == kinds)
  }

  @Test(arguments: [
    ("in: current", [EntryKind.modalFrame, .modalFrame]),
    ("in: navigationFallback", [.modalFrame, .navigationFrame]),
  ])
  func anAdaptiveStartOnAModalTop(context: String, kinds: [EntryKind]) throws {
    var h = try Harness(Self.adaptive(context))
    try h.perform("tap Home.sheet")
    try h.perform("tap Sheet.go")
    #expect(Self.kinds(h) == kinds)
  }

  static func adaptive(_ context: String) -> String {
    """
    app Adapt {
      library insecurity
      window App
      home Home
    }
    screen Home
    screen Sheet
    screen Next
    coordinator App: WindowCoordinator {
      start { start Home in: newNavigation }
    }
    coordinator Home: NavigationCoordinator {
      viewController Home
      on Home.go { start Next \(context) }
      on Home.sheet { start Sheet }
    }
    coordinator Sheet: ModalCoordinator {
      viewController Sheet
      on Sheet.go { start Next \(context) }
    }
    coordinator Next: AdaptiveCoordinator {
      viewController Next
    }
    """
  }

  // MARK: The library's own assertions

  /// The order sheet's tip sheet is closed; while the host's dismissal of it animates (the
  /// host's own work here, `inflight 0`), a new navigation start asserts only if the top
  /// frame's controller is the one whose presented controller is leaving, as its
  /// `presentedViewController` is still set (`InsecurityHost.swift:646-651`). A promotion the
  /// host put on the stack meanwhile (UIKit ignored its presentation; its coordinator retains
  /// its controller, so the frame stays) is the top frame and presents nothing: the library
  /// goes on past the check.
  @Test(arguments: [false, true])
  func aNewNavigationStartAssertsOnlyOverTheControllerStillDismissing(promotionFirst: Bool) throws {
    let text = """
      app Food {
        library insecurity
        window App
        home Menu
        limits { inflight 0, pending 2 }
      }
      screen Menu
      screen Order
      screen Tip
      screen Promotion
      screen Receipt
      coordinator App: WindowCoordinator {
        start { start Menu }
      }
      coordinator Menu: ModalCoordinator {
        viewController Menu
        on Menu.order { start Order }
      }
      coordinator Order: ModalCoordinator {
        viewController Order
        on Order.tip {
          start Tip
          after promotion { start Promotion }
          after kitchen { start Receipt in: newNavigation }
        }
      }
      coordinator Tip: ModalCoordinator {
        viewController Tip
        on Tip.close { finish }
      }
      coordinator Promotion: ModalCoordinator {
        viewController Promotion retained
      }
      coordinator Receipt: NavigationCoordinator {
        viewController Receipt
      }
      """
    var h = try Harness(text)
    try h.perform("tap Menu.order")
    try h.perform("tap Order.tip")
    try h.perform("tap Tip.close")
    #expect(h.state.library.transition == .dismissal)
    if promotionFirst {
      try h.perform("async 'promotion'")
      #expect(h.lastStepViolations == ["uikit-noop"], "UIKit ignores the present during the dismissal")
    }
    try h.perform("async 'kitchen'")
    if promotionFirst {
      #expect(!h.lastStepViolations.contains("library-trap"), "\(h.lastStepDetails)")
    } else {
      #expect(h.lastStepViolations == ["library-trap"])
      let detail = try #require(h.lastStepDetails.first)
      #expect(detail.contains("something else\"), InsecurityHost.swift:650): a debug build"), "\(detail)")
    }
  }

  /// The window's root is replaced while a sheet started on the welcome screen's host has an
  /// upload in flight; the host is freed. The upload's `finish` runs the host's finish
  /// closure, which clears it and asserts that the host was not retained
  /// (`InsecurityHost.swift:210`), when the sheet's controller is still alive (the
  /// coordinator retains it). Otherwise its deinit observer cleared the finish first
  /// (`InsecurityHost.swift:247`), and `finish` asserts as before the start
  /// (`ModalCoordinator.swift:19`).
  @Test(arguments: [true, false])
  func aChildOfAFreedHostAssertsWhenItFinishes(retained: Bool) throws {
    let text = """
      app Bank {
        library insecurity
        window App
        home Account
        limits { coordinators 5, pending 2 }
      }
      screen Welcome
      screen Promotion
      screen Account
      coordinator App: WindowCoordinator {
        start { start Welcome { r in start Account } }
      }
      coordinator Welcome: ModalCoordinator {
        viewController Welcome
        on Welcome.promotion {
          start Promotion
          after signIn { finish }
        }
      }
      coordinator Promotion: ModalCoordinator {
        viewController Promotion\(retained ? " retained" : "")
        on Promotion.save { after upload { finish } }
      }
      coordinator Account: ModalCoordinator {
        viewController Account
      }
      """
    var h = try Harness(text)
    try h.perform("tap Welcome.promotion")
    try h.perform("tap Promotion.save")
    try h.perform("async 'signIn'")
    #expect(h.state.world.windowRoot.map { h.screenName($0) } == "Account")
    #expect(h.lastStepViolations.isEmpty)
    try h.perform("async 'upload'")
    #expect(h.lastStepViolations == ["library-trap"])
    let detail = try #require(h.lastStepDetails.first)
    #expect(
      detail.contains(
        retained
          ? "InsecurityHost wasn't properly retained. Make sure you save it somewhere before starting any children., InsecurityHost.swift:210)"
          : "`finish` called before the coordinator was started, ModalCoordinator.swift:19)"), "\(detail)")
  }

  /// The order sheet finishes while the tip sheet it presented has an upload in flight: the
  /// purge drops the tip sheet's entry, and the dismissal takes both sheets off the screen.
  /// The KVO handler of the tip sheet then clears its finish before it looks for its frame
  /// (`InsecurityHost.swift:232`), so the upload's `finish` asserts
  /// (`ModalCoordinator.swift:19`) instead of finding no entry.
  @Test func aChildDroppedByAPurgeAssertsWhenItFinishesAfterItLeft() throws {
    let text = """
      app Food {
        library insecurity
        window App
        home Menu
        limits { inflight 0, pending 2 }
      }
      screen Menu
      screen Order
      screen Tip
      coordinator App: WindowCoordinator {
        start { start Menu }
      }
      coordinator Menu: ModalCoordinator {
        viewController Menu
        on Menu.order { start Order }
      }
      coordinator Order: ModalCoordinator {
        viewController Order
        on Order.tip {
          start Tip
          after cancel { finish }
        }
      }
      coordinator Tip: ModalCoordinator {
        viewController Tip retained
        on Tip.save { after upload { finish } }
      }
      """
    var h = try Harness(text)
    try h.perform("tap Menu.order")
    try h.perform("tap Order.tip")
    try h.perform("tap Tip.save")
    try h.perform("async 'cancel'")
    #expect(h.lastStepViolations.isEmpty)
    #expect(h.state.library.count == 0, "the purge dropped the tip sheet's entry")
    try h.perform("async 'upload'")
    #expect(h.lastStepViolations == ["library-trap"])
    let detail = try #require(h.lastStepDetails.first)
    #expect(
      detail.contains("`finish` called before the coordinator was started, ModalCoordinator.swift:19)"),
      "\(detail)")
  }
}

/// The explorer's successors and replayed steps (`run`) pack every Insecurity state alike,
/// so that traces, replays and pictures see the explorer's states.
@Suite struct InsecuritySuccessorTests {
  @Test(arguments: [
    "Specs/payment.flow", "Specs/bugs/insecurity/gap1-retained-popped-controller.flow",
    "Specs/bugs/insecurity/gap2-multi-level-pop.flow", "Specs/inflight/insecurity-timer-push-during-pop.flow",
    "Specs/bugs/insecurity/gap4-finish-during-dismissal.flow",
    "Specs/bugs/insecurity/inflight-double-tap-starts-twice.flow",
    "Specs/inflight/insecurity-sheet-finishes.flow",
    "Specs/inflight/insecurity-pop-during-dismissal.flow",
  ])
  func theExplorersStepsAreTheReplayedOnes(path: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    let flow = try #require(FrontEnd.check(source: SourceFile(path: path, text: text)).flow)
    let system = FlowSystem<Insecurity>(flow: flow)
    // Level by level to the flow's depth bound, each state prepared as the explorer prepares
    // it: its property bits, and the mark of a state kept beyond the bounds (not expanded).
    var level = system.initialStates().map(system.prepared)
    var seen = Set(level.map(\.words))
    for depth in 0...flow.limits.depth where !level.isEmpty {
      var next: [PackedState<Insecurity>] = []
      for packed in level where !system.isTerminal(packed) {
        let state = FlowState<Insecurity>(packed: packed.words)
        var actions: [FlowAction] = []
        system.actions(in: packed, into: &actions)
        for action in actions {
          var violations: [Int] = []
          let explored = system.successor(of: packed, via: action, violations: &violations).map(
            system.prepared)
          let replayed = system.run(state, action, logging: false).packed.map(system.prepared)
          #expect(
            explored?.words == replayed?.words,
            "\(path): \(action.describe(in: state, flow: flow)) from\n\(state.describe(flow: flow).joined(separator: "\n"))"
          )
          if depth < flow.limits.depth, let explored, seen.insert(explored.words).inserted {
            next.append(explored)
          }
        }
      }
      level = next
    }
    var options = ExplorerOptions()
    options.maxDepth = flow.limits.depth
    #expect(Explorer.explore(system, options: options).states == seen.count)
  }
}
