import Testing

/// A crashed app and a state kept only because a step broke a property beyond the declared
/// bounds are terminal: they are reported by the invariant they broke, never by
/// `can-return`, which is judged on the states that were explored.
@Suite struct TerminalStateTests {
  @Test func aCrashedAppIsNotATrap() throws {
    // Assigning [Menu] bypasses the shadow stack, which still holds Home: `pop to Home`
    // then asks UIKit to pop to a controller that is not in the stack, and the app crashes.
    let report = try RadianttapCheck.report(
      """
      app Crash { window App; home Home }
      screen Home
      screen Menu
      coordinator App: NavigationCoordinator {
        root window
        start { root Home }
        on Home.menu { show Menu }
        on Menu.reset { setStack Menu; pop to Home }
      }
      """)
    #expect(RadianttapCheck.verdicts(report)["uikit-crash"] == .violated)
    #expect(RadianttapCheck.verdicts(report)["can-return"] == .holds)
    let crash = try #require(report.violations.first { $0.id == "uikit-crash" })
    #expect(crash.events == ["tap Home.menu", "tap Menu.reset"])
  }

  @Test func aStateKeptBeyondTheBoundsIsNotATrap() throws {
    // The second List is one screen beyond `stack 2`: the step is cut, but its unanswered
    // message keeps its state so that the violation has a trace.
    let report = try RadianttapCheck.report(
      """
      app Beyond { window App; home Home; limits { stack 2 } }
      screen Home
      screen List
      coordinator App: NavigationCoordinator {
        root window
        start { root Home }
        on Home.open { show List }
        on List.more { show List; send nobody }
      }
      """)
    #expect(RadianttapCheck.verdicts(report)["unhandled-message"] == .violated)
    #expect(RadianttapCheck.verdicts(report)["can-return"] == .holds)
    let message = try #require(report.violations.first { $0.id == "unhandled-message" })
    #expect(message.events == ["tap Home.open", "tap List.more"])
  }

  @Test func aTrapBesideATerminalStateIsStillReported() throws {
    // Settings has no Back (it is the root of the window) and no way home; the crash beside
    // it changes nothing.
    let report = try RadianttapCheck.report(
      """
      app Trap { window App; home Home }
      screen Home
      screen Menu
      screen Settings
      coordinator App: NavigationCoordinator {
        root window
        start { root Home }
        on Home.menu { show Menu }
        on Home.settings { root Settings }
        on Menu.reset { setStack Menu; pop to Home }
      }
      """)
    #expect(RadianttapCheck.verdicts(report)["uikit-crash"] == .violated)
    #expect(RadianttapCheck.verdicts(report)["can-return"] == .violated)
    let trap = try #require(report.violations.first { $0.id == "can-return" })
    #expect(trap.events == ["tap Home.settings"])
  }
}
