import FlowLanguage
import FlowTestSupport
import Testing

@testable import FlowModel

/// The JLCoordinator runtime (`library presenter`), behaviour by behaviour and gap by gap,
/// driven by hand.
@Suite struct JLCoordinatorRuntimeTests {
  typealias Harness = RuntimeHarness<JLCoordinator>

  /// A navigation app whose pushed flows share the root presenter, and a sheet flow.
  static let app = """
    app Example {
      library presenter
      window App
    }
    screen Home
    screen Detail
    screen Sheet
    screen Help
    var stopped: 0...9 = 0
    coordinator App: InitialNavigationPresenter {
      start { present Home }
      on Home.push { startChild Pushed }
      on Home.pushQuietly { startChild Quiet }
      on Home.sheet { startChild SheetFlow }
      didStop { stopped += 1 }
    }
    coordinator Pushed: ParentPresenter {
      start { present Detail }
      didDismiss Detail { stop }
    }
    coordinator Quiet: ParentPresenter {
      start { present Detail }
      on Detail.close { dismiss animated: false }
      didDismiss Detail { stop }
    }
    coordinator SheetFlow: ModalPresenter {
      start { present Sheet }
      on Sheet.help { startChild HelpFlow }
      on Sheet.close { dismiss }
      didDismiss Sheet { stop }
    }
    coordinator HelpFlow: ModalPresenter {
      start { present Help }
      didDismiss Help { stop }
    }
    event timeout to SheetFlow { dismiss }
    event closeAll to SheetFlow { dismissRoot }
    """

  @Test func anAnimatedPopIsReportedAndTheChildStops() throws {
    var harness = try Harness(Self.app)
    try harness.perform("tap Home.push")
    #expect(harness.tree == ["App", "Pushed"])
    #expect(harness.visibleStack == ["Home", "Detail"])
    try harness.perform("tap Back")
    #expect(harness.tree == ["App"])
    #expect(harness.global("stopped") == 1)
    #expect(harness.failingInvariants.isEmpty)
  }

  @Test func gap1ANonAnimatedPopIsNeverReported() throws {
    var harness = try Harness(Self.app)
    try harness.perform("tap Home.pushQuietly")
    try harness.perform("tap Detail.close")
    #expect(harness.visibleStack == ["Home"])
    #expect(
      harness.lastLog.lines.contains { $0.text == "no transition coordinator: the presenter reports nothing" }
    )
    #expect(harness.tree == ["App", "Quiet"])
    #expect(harness.failingInvariants == ["finish-propagation"])
  }

  @Test func aSheetSwipedDownIsReported() throws {
    var harness = try Harness(Self.app)
    try harness.perform("tap Home.sheet")
    #expect(harness.tree == ["App", "SheetFlow"])
    try harness.perform("swipe down")
    #expect(harness.tree == ["App"])
    #expect(harness.failingInvariants.isEmpty)
  }

  @Test func stopStopsTheChildrenFirstThenTellsTheParent() throws {
    var harness = try Harness(Self.app)
    try harness.perform("tap Home.sheet")
    try harness.perform("tap Sheet.help")
    #expect(harness.tree == ["App", "SheetFlow", "HelpFlow"])
    try harness.perform("app event 'closeAll'")
    let stops = harness.lastLog.lines.map(\.text).filter { $0.hasSuffix(".stop()") }
    #expect(stops == ["SheetFlow.stop()", "HelpFlow.stop()"])
    let removals = harness.lastLog.lines.map(\.text).filter { $0.contains("childCoordinators.removeAll") }
    #expect(removals.first?.hasPrefix("SheetFlow.childCoordinators") == true)
    // The parent's didStop(child:) runs before the child leaves its childCoordinators.
    let texts = harness.lastLog.lines.map(\.text)
    let didStop = try #require(texts.firstIndex { $0 == "App's didStop override runs" })
    let removal = try #require(texts.firstIndex { $0.hasPrefix("App.childCoordinators.removeAll") })
    #expect(didStop < removal)
    #expect(harness.tree == ["App"])
    // App's didStop ran for SheetFlow only: HelpFlow's parent was SheetFlow.
    #expect(harness.global("stopped") == 1)
  }

  @Test func gap3DismissingAWhileItPresentsBStopsAOnScreen() throws {
    var harness = try Harness(Self.app)
    try harness.perform("tap Home.sheet")
    try harness.perform("tap Sheet.help")
    try harness.perform("app event 'timeout'")
    #expect(harness.top == "Sheet")
    #expect(harness.tree == ["App"])
    #expect(harness.failingInvariants == ["dead-screen"])
    // stopped-on-screen, as the step settles: SheetFlow stopped, its Sheet still shown.
    #expect(harness.lastStepViolations == ["stopped-on-screen"])
    #expect(
      harness.lastLog.lines.contains {
        $0.text
          == "stopped-on-screen: SheetFlow was stopped while its screen Sheet is still on screen: the screen's delegate is deallocated"
      })
  }

  @Test func stoppingWithTheScreenDismissedInTheSameStepIsNotStoppedOnScreen() throws {
    // 'stop' before 'dismiss' in one handler: by the time the step settles, the screen is gone.
    var harness = try Harness(
      """
      app Order {
        library presenter
        window App
      }
      screen Home
      screen Sheet
      coordinator App: InitialPresenter {
        start { present Home }
        on Home.open { startChild SheetFlow }
      }
      coordinator SheetFlow: ModalPresenter {
        start { present Sheet }
        on Sheet.done { stop; dismiss }
      }
      """)
    try harness.perform("tap Home.open")
    try harness.perform("tap Sheet.done")
    #expect(harness.lastStepViolations.isEmpty)
    #expect(harness.tree == ["App"])
  }

  @Test func gap5DismissRootReportsOnlyTheFirstPresented() throws {
    var harness = try Harness(Self.app)
    try harness.perform("tap Home.sheet")
    try harness.perform("tap Sheet.help")
    try harness.perform("app event 'closeAll'")
    let reports = harness.lastLog.lines.map(\.text).filter { $0.contains("notifies didDismiss") }
    #expect(reports == ["ModalPresenter(SheetFlow) notifies didDismiss(Sheet)"])
  }

  static let presenting = """
    app Inbox {
      library presenter
      window App
    }
    screen Home
    screen Compose
    screen Alert
    var alerted = false
    coordinator App: InitialPresenter {
      start { present Home }
      on Home.compose { startChild ComposeFlow }
    }
    coordinator ComposeFlow: ModalPresenter {
      start { present Compose }
      didDismiss Compose { stop }
    }
    event notification to App { startChild AlertFlow }
    coordinator AlertFlow: ModalPresenter {
      start { present Alert }
      didPresent Alert { alerted = true }
    }
    """

  @Test func gap4PresentingWhilePresentingNeverReportsAndLeavesTheChild() throws {
    var harness = try Harness(Self.presenting)
    try harness.perform("app event 'notification'")
    #expect(harness.state.globals[0] == 1, "didPresent runs when UIKit presents")
    harness = try Harness(Self.presenting)
    try harness.perform("tap Home.compose")
    try harness.perform("app event 'notification'")
    // ModalPresenter.init asserts first (a debug build stops); a release build goes on to
    // the refused presentation.
    #expect(harness.lastStepViolations == ["library-trap", "uikit-noop"])
    #expect(harness.lastLog.lines.contains { $0.text.contains("ModalPresenter.swift:14-17") })
    #expect(harness.state.globals[0] == 0, "didPresent never runs")
    #expect(harness.tree == ["App", "ComposeFlow", "AlertFlow"])
    #expect(harness.failingInvariants == ["orphan-child"])
  }

  @Test func theBroadcastIsFilteredByIdentity() throws {
    // Two coordinators share App's presenter; a pop of one's screen stops only it.
    var harness = try Harness(
      """
      app Two {
        library presenter
        window App
      }
      screen Home
      screen Detail
      coordinator App: InitialNavigationPresenter {
        start { present Home }
        on Home.push { startChild A }
      }
      coordinator A: ParentPresenter {
        start { present Detail }
        on Detail.more { startChild B }
        didDismiss Detail { stop }
      }
      coordinator B: ParentPresenter {
        start { present Detail }
        didDismiss Detail { stop }
      }
      """)
    try harness.perform("tap Home.push")
    try harness.perform("tap Detail.more")
    #expect(harness.tree == ["App", "A", "B"])
    try harness.perform("tap Back")
    #expect(harness.tree == ["App", "A"])
    #expect(harness.visibleStack == ["Home", "Detail"])
  }

  @Test func aModalNavigationPresenterPresentsThenPushesAndItsDismissalReachesEveryObserver() throws {
    var harness = try Harness(
      """
      app Nav {
        library presenter
        window App
      }
      screen Home
      screen Root
      screen Detail
      coordinator App: InitialNavigationPresenter {
        start { present Home }
        on Home.open { startChild NavFlow }
      }
      coordinator NavFlow: ModalNavigationPresenter {
        start { present Root }
        on Root.push { startChild Pushed }
        on Root.close { dismiss }
        didDismiss { stop }
      }
      coordinator Pushed: ParentPresenter {
        start { present Detail }
        didDismiss { stop }
      }
      """)
    try harness.perform("tap Home.open")
    try harness.perform("tap Root.push")
    #expect(harness.visibleStack == ["Root", "Detail"])
    #expect(harness.tree == ["App", "NavFlow", "Pushed"])
    try harness.perform("swipe down")
    // The sheet wrapper reports the navigation controller: both observers stop.
    #expect(harness.tree == ["App"])
    #expect(harness.failingInvariants.isEmpty)
    try harness.perform("tap Home.open")
    try harness.perform("tap Root.close")
    #expect(harness.visibleStack == ["Home"])
    #expect(harness.tree == ["App"])
  }

  @Test func aPopToTheRootRunsTheDidDismissAllViewControllersToOverrideOfEveryRegisteredCoordinator() throws {
    // The presenter tells every coordinator registered with it (`Presenter.swift:72-79`):
    // the root's, and A, which shares its presenter and presented no root. An override
    // naming a screen runs only when the root is that screen.
    var harness = try Harness(
      """
      app Root {
        library presenter
        window App
      }
      screen Home
      screen Detail
      var toRoot: 0...9 = 0
      var everyObserver: 0...9 = 0
      var notTheRoot: 0...9 = 0
      coordinator App: InitialNavigationPresenter {
        start { present Home }
        on Home.push { startChild A }
        didDismissAllViewControllersTo Home { toRoot += 1 }
      }
      coordinator A: ParentPresenter {
        start { present Detail }
        on Detail.more { startChild A2 }
        didDismissAllViewControllersTo { everyObserver += 1 }
        didDismissAllViewControllersTo Detail { notTheRoot += 1 }
      }
      coordinator A2: ParentPresenter {
        start { present Detail }
      }
      """)
    try harness.perform("tap Home.push")
    try harness.perform("tap Detail.more")
    #expect(harness.visibleStack == ["Home", "Detail", "Detail"])
    try harness.perform("long-press Back, choose Home")
    #expect(harness.visibleStack == ["Home"])
    #expect(
      harness.lastLog.lines.contains {
        $0.text.hasSuffix("notifies didDismissAllViewControllersTo(Home)")
      })
    #expect(harness.global("toRoot") == 1)
    // A and A2 are both registered, but only A overrides it.
    #expect(harness.global("everyObserver") == 1)
    #expect(harness.global("notTheRoot") == 0)
  }

  @Test func aPopToAMiddleScreenRunsNoDidDismissAllViewControllersTo() throws {
    var harness = try Harness(
      """
      app Middle {
        library presenter
        window App
      }
      screen Home
      screen Detail
      var toRoot: 0...9 = 0
      coordinator App: InitialNavigationPresenter {
        start { present Home }
        on Home.push { startChild A }
        didDismissAllViewControllersTo { toRoot += 1 }
      }
      coordinator A: ParentPresenter {
        start { present Detail }
        on Detail.more { startChild A }
        didDismiss Detail { stop }
      }
      """)
    try harness.perform("tap Home.push")
    try harness.perform("tap Detail.more")
    try harness.perform("tap Back")
    #expect(harness.visibleStack == ["Home", "Detail"])
    #expect(harness.global("toRoot") == 0)
  }

  /// Two tabs made in Home's handler: a TabPresenter and a TabNavigationPresenter.
  static let tabs = """
    app Tabs {
      library presenter
      window App
    }
    screen Home
    screen First
    screen Second
    screen More
    var reports: 0...9 = 0
    coordinator App: InitialNavigationPresenter {
      start { present Home }
      on Home.tabs { startChild FirstTab; startChild SecondTab }
    }
    coordinator FirstTab: TabPresenter {
      start { present First }
      on First.remove { dismiss }
      on First.close { dismissRoot }
      didPresent First { reports += 1 }
    }
    coordinator SecondTab: TabNavigationPresenter {
      start { present Second }
      on Second.more { present More }
      on Second.remove { dismiss }
      on More.close { dismiss }
      didPresent { reports += 1 }
      didDismiss Second { stop }
    }
    """

  /// The tabs of the tab bar controller Home presents, as the report draws them.
  func tabBarLine(_ harness: Harness) -> String? {
    harness.picture.first { $0.contains("UITabBarController") }?.trimmingCharacters(in: .whitespaces)
  }

  @Test func aTabPresenterAppendsATabAndReportsIt() throws {
    var harness = try Harness(Self.tabs)
    try harness.perform("tap Home.tabs")
    // The first tab coordinator's code presents a tab bar controller over Home; the second
    // finds it presented and adds its own navigation controller as the second tab.
    #expect(
      tabBarLine(harness)
        == "presents (pageSheet): UITabBarController [*First | UINavigationController [Second] {delegate: SecondTab}]"
    )
    #expect(harness.tree == ["App", "FirstTab", "SecondTab"])
    let reports = harness.global("reports")
    #expect(reports == 2)
    #expect(harness.failingInvariants.isEmpty)
  }

  @Test func aTabPresentersDismissOnlyLogs() throws {
    var harness = try Harness(Self.tabs)
    try harness.perform("tap Home.tabs")
    try harness.perform("tap First.remove")
    #expect(
      harness.lastLog.lines.contains { $0.text == "TabPresenter.dismiss only logs: a tab is not removed" })
    #expect(tabBarLine(harness)?.contains("[*First | UINavigationController") == true)
  }

  @Test func aTabNavigationPresenterPushesAndPopsButNeverDismissesItsRoot() throws {
    var harness = try Harness(Self.tabs)
    try harness.perform("tap Home.tabs")
    try harness.perform("select the SecondTab tab")
    try harness.perform("tap Second.more")
    #expect(harness.visibleStack == ["Second", "More"])
    try harness.perform("tap More.close")
    #expect(harness.visibleStack == ["Second"])
    try harness.perform("tap Second.remove")
    #expect(
      harness.lastLog.lines.contains {
        $0.text == "the tab's root is not dismissed: nothing happens, silently"
      })
    #expect(harness.visibleStack == ["Second"])
    #expect(harness.tree == ["App", "FirstTab", "SecondTab"])
  }

  @Test func dismissRootDismissesThePresentedTabBarAndReportsIt() throws {
    var harness = try Harness(Self.tabs)
    try harness.perform("tap Home.tabs")
    try harness.perform("tap First.close")
    #expect(tabBarLine(harness) == nil)
    // TabPresenter.dismissRoot reports the tab bar controller in the dismissal's completion.
    #expect(
      harness.lastLog.lines.contains {
        $0.text.hasPrefix("TabPresenter(FirstTab) notifies didDismiss(UITabBarController")
      })
    // FirstTab has no screenless didDismiss; SecondTab (another presenter) hears nothing.
    #expect(harness.tree == ["App", "FirstTab", "SecondTab"])
    #expect(harness.failingInvariants == ["finish-propagation"])
  }

  @Test func aDismissedTabBarReachesTheScreenlessDidDismissOfItsTabsCoordinators() throws {
    // The example's ViewCoordinator: 'viewController.tabBarController === viewController'.
    var harness = try Harness(
      """
      app Tabs {
        library presenter
        window App
      }
      screen Home
      screen First
      screen Second
      coordinator App: InitialNavigationPresenter {
        start { present Home }
        on Home.tabs { startChild FirstTab; startChild SecondTab }
      }
      coordinator FirstTab: TabPresenter {
        start { present First }
        didDismiss { stop }
      }
      coordinator SecondTab: TabNavigationPresenter {
        start { present Second }
        on Second.close { dismissRoot }
        didDismiss { stop }
      }
      """)
    try harness.perform("tap Home.tabs")
    try harness.perform("select the SecondTab tab")
    try harness.perform("tap Second.close")
    #expect(tabBarLine(harness) == nil)
    // SecondTab's presenter reports it; FirstTab, registered with the other presenter, leaks.
    #expect(harness.tree == ["App", "FirstTab"])
    #expect(harness.failingInvariants == ["finish-propagation"])
  }

  /// The tab bar's dismissal reaches a screenless `didDismiss` only where the coordinator's
  /// last screen is in that tab bar (`viewController.tabBarController`): SecondTab's last
  /// screen, More, left its stack in a pop no one reported (gap 1), so SecondTab is not told.
  @Test func aDismissedTabBarSkipsACoordinatorWhoseLastScreenLeftIt() throws {
    var harness = try Harness(
      """
      app Tabs {
        library presenter
        window App
      }
      screen Home
      screen First
      screen Second
      screen More
      coordinator App: InitialNavigationPresenter {
        start { present Home }
        on Home.tabs { startChild FirstTab; startChild SecondTab }
      }
      coordinator FirstTab: TabPresenter {
        start { present First }
      }
      coordinator SecondTab: TabNavigationPresenter {
        start { present Second }
        on Second.more { present More }
        on Second.close { dismissRoot }
        on More.close { dismiss animated: false }
        didDismiss { stop }
      }
      """)
    try harness.perform("tap Home.tabs")
    try harness.perform("select the SecondTab tab")
    try harness.perform("tap Second.more")
    try harness.perform("tap More.close")
    #expect(harness.visibleStack == ["Second"])
    try harness.perform("tap Second.close")
    #expect(tabBarLine(harness) == nil)
    #expect(
      harness.lastLog.lines.contains {
        $0.text.hasPrefix("TabNavigationPresenter(SecondTab) notifies didDismiss(UITabBarController")
      })
    #expect(harness.tree == ["App", "FirstTab", "SecondTab"])
  }

  /// A NavigationPresenter's navigation controller, presented over Home by App's code; a
  /// pushed flow shares the presenter.
  static let navigation = """
    app Browse {
      library presenter
      window App
    }
    screen Home
    screen List
    screen Detail
    var reports: 0...9 = 0
    coordinator App: InitialPresenter {
      start { present Home }
      on Home.browse { startChild Browse }
    }
    coordinator Browse: NavigationPresenter {
      start { present List }
      on List.open { startChild Pushed }
      on List.close { dismissRoot }
      on List.remove { dismiss }
      didPresent List { reports += 1 }
      didDismiss { stop }
    }
    coordinator Pushed: ParentPresenter {
      start { present Detail }
      on Detail.back { dismiss }
      on Detail.quietly { dismiss animated: false }
      on Detail.closeAll { dismissRoot }
      didPresent Detail { reports += 1 }
      didDismiss { stop }
    }
    event expire to Browse { dismiss }
    """

  @Test func aNavigationPresenterPushesOntoTheNavigationControllerTheParentPresents() throws {
    var harness = try Harness(Self.navigation)
    try harness.perform("tap Home.browse")
    #expect(
      harness.picture.contains {
        $0.contains("presents (pageSheet): UINavigationController [List] {delegate: Browse}")
      },
      "\(harness.picture)")
    #expect(harness.tree == ["App", "Browse"])
    // The first push, onto an empty stack, is never animated: no transition, no didPresent.
    #expect(harness.global("reports") == 0)
    try harness.perform("tap List.open")
    #expect(harness.visibleStack == ["List", "Detail"])
    #expect(harness.tree == ["App", "Browse", "Pushed"])
    #expect(harness.global("reports") == 1)
    #expect(harness.failingInvariants.isEmpty)
  }

  @Test func aNavigationPresenterPopsTheTopAndTheWrapperReportsAnAnimatedPop() throws {
    var harness = try Harness(Self.navigation)
    try harness.perform("tap Home.browse")
    try harness.perform("tap List.open")
    try harness.perform("tap Detail.back")
    #expect(harness.visibleStack == ["List"])
    #expect(harness.tree == ["App", "Browse"])
    // Only the top is popped: List is not.
    try harness.perform("tap List.open")
    try harness.perform("app event 'expire'")
    #expect(
      harness.lastLog.lines.contains { $0.text.hasPrefix("⚠️ trying to pop List") })
    #expect(harness.visibleStack == ["List", "Detail"])
    // The navigation controller's root: popping it does nothing (UIKit's pop of the root).
    harness = try Harness(Self.navigation)
    try harness.perform("tap Home.browse")
    try harness.perform("tap List.remove")
    #expect(harness.visibleStack == ["List"])
    #expect(harness.tree == ["App", "Browse"])
  }

  @Test func gap1UnderANavigationPresenterANonAnimatedPopIsNeverReported() throws {
    var harness = try Harness(Self.navigation)
    try harness.perform("tap Home.browse")
    try harness.perform("tap List.open")
    try harness.perform("tap Detail.quietly")
    #expect(harness.visibleStack == ["List"])
    #expect(harness.tree == ["App", "Browse", "Pushed"])
    #expect(harness.failingInvariants == ["finish-propagation"])
  }

  @Test func aNavigationPresentersDismissRootReportsTheNavigationControllerThenEachScreen() throws {
    var harness = try Harness(Self.navigation)
    try harness.perform("tap Home.browse")
    try harness.perform("tap List.open")
    try harness.perform("tap Detail.closeAll")
    #expect(harness.top == "Home")
    let reports = harness.lastLog.lines.map(\.text).filter { $0.contains("notifies didDismiss") }
    #expect(reports.count == 3)
    #expect(reports.first?.contains("didDismiss(UINavigationController") == true)
    #expect(
      Array(reports.dropFirst()) == [
        "NavigationPresenter(Browse) notifies didDismiss(List)",
        "NavigationPresenter(Browse) notifies didDismiss(Detail)",
      ])
    #expect(harness.tree == ["App"])
    #expect(harness.failingInvariants.isEmpty)
    #expect(harness.lastStepViolations.isEmpty)
  }

  @Test func aNavigationPresentersDismissRootWhileItsNavigationControllerPresentsStopsItOnScreen() throws {
    // navigationController.dismiss when it presents a sheet dismisses only the sheet, yet the
    // navigation controller and its stack are reported: Browse stops with List still shown.
    var harness = try Harness(
      """
      app Covered {
        library presenter
        window App
      }
      screen Home
      screen List
      screen Sheet
      coordinator App: InitialPresenter {
        start { present Home }
        on Home.browse { startChild Browse }
      }
      coordinator Browse: NavigationPresenter {
        start { present List }
        on List.help { startChild SheetFlow }
        didDismiss { stop }
      }
      coordinator SheetFlow: ModalPresenter {
        start { present Sheet }
        didDismiss Sheet { stop }
      }
      event close to Browse { dismissRoot }
      """)
    try harness.perform("tap Home.browse")
    try harness.perform("tap List.help")
    try harness.perform("app event 'close'")
    #expect(harness.top == "List")
    #expect(harness.lastStepViolations == ["stopped-on-screen"])
    #expect(harness.tree == ["App"])
  }

  @Test func aSwipeDownOfANavigationPresentersNavigationControllerIsNeverReported() throws {
    // NavigationPresenter sets no presentation controller delegate: no sheet wrapper.
    var harness = try Harness(Self.navigation)
    try harness.perform("tap Home.browse")
    try harness.perform("swipe down")
    #expect(harness.top == "Home")
    #expect(harness.tree == ["App", "Browse"])
    #expect(harness.failingInvariants == ["finish-propagation"])
  }

  @Test func aNavigationPresentersDismissRootDoesNothingWhenItsNavigationControllerIsNotPresented() throws {
    // Home already presents a sheet: UIKit refuses to present the navigation controller.
    var harness = try Harness(
      """
      app Refused {
        library presenter
        window App
      }
      screen Home
      screen Sheet
      screen List
      coordinator App: InitialPresenter {
        start { present Home }
        on Home.sheet { startChild SheetFlow }
      }
      coordinator SheetFlow: ModalPresenter {
        start { present Sheet }
        didDismiss Sheet { stop }
      }
      event browse to App { startChild Browse }
      coordinator Browse: NavigationPresenter {
        start { present List }
        didDismiss { stop }
      }
      event close to Browse { dismissRoot }
      """)
    try harness.perform("tap Home.sheet")
    try harness.perform("app event 'browse'")
    #expect(harness.lastStepViolations == ["uikit-noop"])
    try harness.perform("app event 'close'")
    #expect(
      harness.lastLog.lines.contains {
        $0.text == "navigationController.presentingViewController is nil: nothing happens"
      })
    #expect(harness.tree == ["App", "SheetFlow", "Browse"])
  }

  @Test func aStoppedCoordinatorHeldByItsAsyncWorkStillHearsItsPresenter() throws {
    // stop() does not unregister: the pending 'after' keeps Pushed alive, and the pop it
    // makes later is reported to it.
    let late = """
      app Late {
        library presenter
        window App
      }
      screen Home
      screen Detail
      var reports: 0...9 = 0
      coordinator App: InitialNavigationPresenter {
        start { present Home }
        on Home.push { startChild Pushed }
      }
      coordinator Pushed: ParentPresenter {
        start { present Detail }
        on Detail.done { stop; after save { dismiss } }
        didDismiss Detail { reports += 1 }
      }
      """
    var harness = try Harness(late)
    try harness.perform("tap Home.push")
    try harness.perform("tap Detail.done")
    #expect(harness.tree == ["App"])
    #expect(harness.lastStepViolations == ["stopped-on-screen"])
    // The user taps Back before the work completes: the animated pop is reported to the
    // stopped coordinator, which the pending work still holds.
    try harness.perform("tap Back (from Detail)")
    #expect(harness.visibleStack == ["Home"])
    #expect(harness.lastStepViolations == ["registered-after-stop"])
    #expect(harness.global("reports") == 1)
    // When the work completes first, its pop frees the coordinator before UIKit reports it.
    var completed = try Harness(late)
    try completed.perform("tap Home.push")
    try completed.perform("tap Detail.done")
    try completed.perform("async 'save' completes")
    #expect(completed.visibleStack == ["Home"])
    #expect(completed.lastStepViolations.isEmpty)
  }
}
