import FlowLanguage
import FlowTestSupport
import Testing

@testable import FlowModel

/// The runtime of a team's own coordinators, behaviour by behaviour, driven by hand (no
/// explorer): the router's completions, the `onViewDismissed` closure, delegate calls.
@Suite struct HandwrittenRuntimeTests {
  typealias Harness = RuntimeHarness<Handwritten>

  /// Settings on a sheet; a child on Settings' router that pushes a list with a completion
  /// and a detail without one.
  static let settings = """
    app Shop {
      library handwritten
      window Browser
    }
    screen Browser
    screen Settings
    screen List
    screen Detail
    screen Info
    var told = false
    coordinator Browser: Coordinator {
      root window
      start { root Browser }
      on Browser.settings { presentChild Settings onDismissed { dismiss; stopChild Settings } }
      handle settingsDone { dismiss; stopChild Settings }
    }
    coordinator Settings: Coordinator {
      root presented
      start { root Settings }
      on Settings.done { send settingsDone }
      on Settings.passwords { startChild Passwords }
      handle passwordsDone { told = true; stopChild Passwords }
    }
    coordinator Passwords: Coordinator {
      root parent
      start { push List { send passwordsDone } }
      on List.detail { push Detail }
      on List.close { pop }
      on Detail.info { push Info { told = false } }
      on Detail.home { pop to Settings }
    }
    """

  @Test func theBackButtonRunsThePoppedScreensCompletionFromDidShow() throws {
    var h = try Harness(Self.settings)
    try h.perform("tap Browser.settings")
    try h.perform("tap Settings.passwords")
    #expect(h.children(of: "Settings") == ["Passwords"])
    try h.perform("tap Back (from List)")
    #expect(h.completionsRun == 1)
    #expect(h.log.contains { $0.contains("navigationController(didShow: Settings)") })
    #expect(h.children(of: "Settings").isEmpty)
    #expect(!h.isAlive("Passwords"))
    #expect(h.failingInvariants.isEmpty)
  }

  @Test func aCancelledSwipeRunsNoCompletion() throws {
    var h = try Harness(Self.settings)
    try h.perform("tap Browser.settings")
    try h.perform("tap Settings.passwords")
    try h.perform("swipe back from List, then cancel")
    #expect(h.completionsRun == 0)
    #expect(h.children(of: "Settings") == ["Passwords"])
  }

  @Test func aJumpOverTwoScreensRunsOnlyTheOldTopsCompletion() throws {
    var h = try Harness(Self.settings)
    try h.perform("tap Browser.settings")
    try h.perform("tap Settings.passwords")
    try h.perform("tap List.detail")
    try h.perform("long-press Back, choose Settings")
    // `from` is Detail, which has no completion: List's never runs.
    #expect(h.completionsRun == 0)
    #expect(h.children(of: "Settings") == ["Passwords"])
    #expect(h.failingInvariants == ["finish-propagation"])
  }

  @Test func theRoutersOwnPopRunsTheCompletionAtOnce() throws {
    var h = try Harness(Self.settings)
    try h.perform("tap Browser.settings")
    try h.perform("tap Settings.passwords")
    try h.perform("tap List.close")
    #expect(h.completionsRun == 1)
    let popIndex = try #require(h.log.firstIndex { $0.contains("popViewController") })
    let runIndex = try #require(h.log.firstIndex { $0.hasPrefix("the router runs the completion") })
    let didShowIndex = try #require(h.log.firstIndex { $0.contains("didShow") })
    #expect(popIndex < runIndex && runIndex < didShowIndex)
    #expect(h.children(of: "Settings").isEmpty)
  }

  @Test func popToRunsEveryPoppedScreensCompletion() throws {
    var h = try Harness(Self.settings)
    try h.perform("tap Browser.settings")
    try h.perform("tap Settings.passwords")
    try h.perform("tap List.detail")
    try h.perform("tap Detail.info")
    try h.perform("tap Back (from Info)")
    // Info's completion ran from didShow; `told` is false again.
    #expect(h.completionsRun == 1)
    try h.perform("tap Detail.home")
    // Detail has no completion; List's runs, at once.
    #expect(h.completionsRun == 1)
    #expect(h.children(of: "Settings").isEmpty)
  }

  @Test func aSwipeDownRunsTheOnViewDismissedClosureOnce() throws {
    var h = try Harness(Self.settings)
    try h.perform("tap Browser.settings")
    #expect(h.state.library.hooked.count == 1)
    try h.perform("swipe down the UINavigationController(Settings) sheet (showing Settings)")
    #expect(h.log.contains { $0.contains("viewDidDisappear: onViewDismissed runs") })
    // Its `dismiss` finds the sheet gone: not a call UIKit ignored.
    #expect(h.lastStepViolations.isEmpty)
    #expect(h.children(of: "Browser").isEmpty)
    #expect(!h.isAlive("Settings"))
    #expect(h.state.library.hooked.isEmpty)
  }

  @Test func theClosureKeepsARemovedChildAliveUntilItsSheetDisappears() throws {
    var h = try Harness(
      Self.settings.replacingOccurrences(
        of: "library handwritten", with: "library handwritten\n  limits { inflight 1 }"))
    try h.perform("tap Browser.settings")
    try h.perform(
      "the presentation of the UINavigationController(Settings) sheet (showing Settings) finishes animating")
    try h.perform("tap Settings.done")
    // Removed from Browser's children, still held by the closure while the sheet animates out.
    #expect(h.children(of: "Browser").isEmpty)
    #expect(h.isAlive("Settings"))
    try h.perform(
      "the dismissal of the UINavigationController(Settings) sheet (showing Settings) finishes animating")
    #expect(h.log.contains { $0.contains("onViewDismissed runs") })
    #expect(!h.isAlive("Settings"))
    #expect(h.lastStepViolations.isEmpty)
  }

  @Test func aDelegateCallToAFreedParentDoesNothing() throws {
    var h = try Harness(
      """
      app Orphan {
        library handwritten
        window App
      }
      screen Home
      screen Form
      coordinator App: Coordinator {
        root window
        start { root Home }
        on Home.open { startChild Editor; stopChild Editor }
      }
      coordinator Editor: Coordinator {
        root parent
        start { push Form }
        on Form.save { send saved }
      }
      """)
    try h.perform("tap Home.open")
    // Nothing holds Editor once removed; its screen's taps go nowhere.
    #expect(!h.isAlive("Editor"))
    #expect(h.failingInvariants == ["dead-screen"])
  }

  @Test func aDelegateMethodTheParentLacksIsReported() throws {
    var h = try Harness(
      """
      app Unheard {
        library handwritten
        window App
      }
      screen Home
      screen Form
      coordinator App: Coordinator {
        root window
        start { root Home }
        on Home.open { startChild Editor }
      }
      coordinator Editor: Coordinator {
        root parent
        start { push Form }
        on Form.save { send saved }
      }
      """)
    try h.perform("tap Home.open")
    try h.perform("tap Form.save")
    #expect(h.lastStepViolations == ["unhandled-message"])
  }

  static func saving(_ after: String) -> String {
    """
    app Saving {
      library handwritten
      window App
    }
    screen Home
    screen Form
    var saved = false
    coordinator App: Coordinator {
      root window
      start { root Home }
      on Home.open { startChild Editor }
      handle done { stopChild Editor }
    }
    coordinator Editor: Coordinator {
      root parent
      start { push Form }
      on Form.save {
        \(after) reply { saved = true }
        send done
      }
    }
    """
  }

  @Test func weakAsyncWorkLetsItsCoordinatorGoAndIsDroppedWithIt() throws {
    var h = try Harness(Self.saving("after weak"))
    try h.perform("tap Home.open")
    try h.perform("tap Form.save")
    #expect(!h.isAlive("Editor"))
    #expect(h.state.pending.isEmpty)
    #expect(h.log.contains { $0.contains("holds its coordinator weakly") })
  }

  @Test func asyncWorkKeepsItsCoordinatorUntilItArrives() throws {
    var h = try Harness(Self.saving("after"))
    try h.perform("tap Home.open")
    try h.perform("tap Form.save")
    #expect(h.isAlive("Editor"))
    #expect(h.state.pending.count == 1)
    try h.perform("async 'reply' completes (Editor)")
    #expect(!h.isAlive("Editor"))
  }

  static let bridged = """
    app Bridged {
      library handwritten
      window App
    }
    screen Home
    screen Settings
    screen Overview
    coordinator App: Coordinator {
      root window
      start { root Home }
      on Home.settings { push Settings }
      on Settings.sessions { bridge Sessions }
      handle sessionsDone { stopChild Sessions }
    }
    coordinator Sessions: Coordinator {
      root parent
      start { startChild Overviews }
    }
    coordinator Overviews: Coordinator {
      root parent
      start { push Overview }
      on Overview.close { send closed }
    }
    """

  @Test func aBridgedCoordinatorLivesWhileItsScreenDoes() throws {
    var h = try Harness(Self.bridged)
    try h.perform("tap Home.settings")
    try h.perform("tap Settings.sessions")
    #expect(h.state.library.bridged.count == 1)
    #expect(h.children(of: "App").isEmpty)
    // Back to Settings: the flow's screens are gone, Settings still keeps it: a leak, named
    // finish-propagation though only its child showed a screen.
    try h.perform("tap Back (from Overview)")
    #expect(h.isAlive("Sessions"))
    #expect(h.failingInvariants == ["finish-propagation"])
    // Back to Home: Settings is freed, and its bridge presenter with it.
    try h.perform("tap Back (from Settings)")
    #expect(!h.isAlive("Sessions"))
    #expect(h.state.library.bridged.isEmpty)
    #expect(h.failingInvariants.isEmpty)
  }

  @Test func aSecondBridgeReplacesTheFirst() throws {
    var h = try Harness(
      Self.bridged.replacingOccurrences(
        of: "library handwritten", with: "library handwritten\n  limits { inflight 1 }"))
    try h.perform("tap Home.settings")
    try h.perform("the push to Settings finishes animating")
    try h.perform("tap Settings.sessions")
    try h.perform("tap Settings.sessions")
    #expect(h.log.contains { $0.contains("replaces the one that kept") })
    #expect(h.state.library.bridged.count == 1)
  }

  @Test func aChildPresentedAgainIsKeptOnPurpose() throws {
    var h = try Harness(
      """
      app Library {
        library handwritten
        window Browser
      }
      screen Browser
      screen Panel
      coordinator Browser: Coordinator {
        root window
        start { root Browser }
        on Browser.library {
          if started(Library) { presentAgain Library } else { startChild Library }
        }
      }
      coordinator Library: Coordinator {
        root presented
        start { root Panel }
        on Panel.done { dismiss }
      }
      """)
    try h.perform("tap Browser.library")
    try h.perform("tap Panel.done")
    // Kept by Browser with no screen on screen: on purpose, since the flow presents it again.
    #expect(h.children(of: "Browser") == ["Library"])
    #expect(h.failingInvariants.isEmpty)
    try h.perform("tap Browser.library")
    #expect(h.state.topScreen().map { h.flow.screens[$0].name } == "Panel")
    #expect(h.children(of: "Browser") == ["Library"])
  }

  @Test func aSwipeDownReachesThePresentationDelegateAndADismissFromCodeDoesNot() throws {
    let text = """
      app Rename {
        library handwritten
        window Flow
      }
      screen Overview
      screen Form
      var swiped = false
      coordinator Flow: Coordinator {
        root window
        start { root Overview }
        on Overview.rename { startChild Sheet }
        handle done { dismiss; stopChild Sheet }
        presentationControllerDidDismiss { swiped = true; stopChild Sheet }
      }
      coordinator Sheet: Coordinator {
        root presented
        start { root Form }
        on Form.cancel { send done }
      }
      """
    var h = try Harness(text)
    try h.perform("tap Overview.rename")
    try h.perform("swipe down the UINavigationController(Sheet) sheet (showing Form)")
    #expect(h.log.contains("Flow.presentationControllerDidDismiss"))
    #expect(h.children(of: "Flow").isEmpty)
    var code = try Harness(text)
    try code.perform("tap Overview.rename")
    try code.perform("tap Form.cancel")
    #expect(!code.log.contains("Flow.presentationControllerDidDismiss"))
    #expect(code.children(of: "Flow").isEmpty)
  }

  @Test func statementsTheBaseClassHasNoneOfAreRefusedWithTheirAlternative() throws {
    let text = """
      app A {
        library handwritten
        window App
      }
      screen Home
      coordinator App: Coordinator {
        root window
        start { show Home }
      }
      """
    let result = FrontEnd.check(source: SourceFile(path: "handwritten.flow", text: text))
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1)
    #expect(errors.first?.message.contains("push S") == true, "\(errors)")
    let offset = try #require(errors.first?.offset)
    #expect(text.prefix(offset).hasSuffix("start { "), "at the statement 'show Home'")
  }
}

extension RuntimeHarness where Runtime == Handwritten {
  /// Completions the router ran in the last step.
  var completionsRun: Int { log.filter { $0.hasPrefix("the router runs the completion") }.count }
}
