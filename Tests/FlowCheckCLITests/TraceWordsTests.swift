import Foundation
import Testing

@testable import FlowCheckCLI

/// The words of a trace say exactly what the state holds and what happened.
@Suite struct TraceWordsTests {
  static func trace(_ flow: String) throws -> String {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    return CommandRun([try directory.write("words.flow", flow), "--no-color"]).stdout
  }

  @Test("a coordinator's own variables appear on its line of the state")
  func coordinatorLocals() throws {
    let text = try Self.trace(
      """
      app Locals {
        window App
      }

      screen Home { emits go }
      screen Detail { emits back }

      coordinator App: NavigationCoordinator {
        root window
        var taps: 0...3 = 0
        var seen = false
        start { root Home }
        on Home.go { taps += 1; seen = true; show Detail }
        on Detail.back { dismiss }
      }

      """)
    #expect(text.contains("\n        App viewControllers: [Home]; taps = 0, seen = false\n"))
    #expect(text.contains("\n    ~   App viewControllers: [Home, Detail]; taps = 1, seen = true\n"))
  }

  @Test("a coordinator and a screen of one name are told apart when they are deallocated")
  func deallocationsOfOneName() throws {
    let spec = SpecCorpusTests.specsDirectory.appendingPathComponent(
      "bugs/insecurity/gap2-multi-level-pop.flow")
    let text = CommandRun([spec.path, "--no-color"]).stdout
    // PaymentMethods: with transitions in flight the shortest trace ends before AddCard's
    // two deallocations, and PaymentMethods has both in it.
    for name in ["PaymentMethods"] {
      #expect(text.contains("\(name) (screen) is deallocated"))
      #expect(text.contains("\(name) (coordinator) is deallocated"))
      #expect(!text.contains("       \(name) is deallocated"))
    }
  }

  @Test("a start waiting in Insecurity's deferred slot is not told as finished")
  func deferredStartIsNotFinished() throws {
    // Specs/inflight/insecurity-timer-push-during-pop.flow, with a property broken while the
    // host pops back from the scanner: step 3 leaves AddCard in the slot.
    let text = try Self.trace(
      """
      app Wallet {
        library insecurity
        window App
        home Cards
        limits { stack 4, coordinators 4 }
      }

      screen Cards
      screen Scanner
      screen AddCard

      var scanned: 0...1 = 0

      coordinator App: WindowCoordinator {
        start { start Cards in: newNavigation }
      }

      coordinator Cards: NavigationCoordinator {
        viewController Cards
        on Cards.scan {
          if !animating {
            start Scanner { result in
              if result != nil { start AddCard }
            }
          }
        }
      }

      coordinator Scanner: NavigationCoordinator {
        viewController Scanner
        on Scanner.done {
          if !animating {
            scanned = 1
            finish
          }
        }
      }

      coordinator AddCard: NavigationCoordinator {
        viewController AddCard
        on AddCard.save {
          if !animating { finish }
        }
      }

      never scanned == 1 && animating
      """)
    #expect(text.contains("AddCard waits in the deferred-start slot"))
    #expect(text.contains("  AddCard (NavigationCoordinator) waiting to start (deferred)\n"))
    #expect(!text.contains("  AddCard (NavigationCoordinator) finished"))
  }

  @Test("a navigation controller sheet is named as one, and two instances of one name apart")
  func navigationControllerSheets() throws {
    // A double tap starts PaymentSuccess twice in a new navigation controller: the second
    // is presented from the first, still animating in.
    let text = try Self.trace(
      """
      app Pay {
        library insecurity
        window App
        limits { presented 2, coordinators 4, inflight 1 }
      }

      screen Home { emits pay }
      screen PaymentSuccess { emits close }

      coordinator App: WindowCoordinator {
        start { start Home }
      }

      coordinator Home: ModalCoordinator {
        viewController Home
        on Home.pay { start PaymentSuccess in: newNavigation }
      }

      coordinator PaymentSuccess: NavigationCoordinator {
        viewController PaymentSuccess
        on PaymentSuccess.close { finish }
      }

      expect violation uikit-noop

      """)
    #expect(
      text.contains(
        "why: present 'UINavigationController(PaymentSuccess)' from the other 'UINavigationController(PaymentSuccess)': the presentation of the other 'UINavigationController(PaymentSuccess)' is still animating\n"
      ))
    #expect(!text.contains("from 'UINavigationController(PaymentSuccess)'"))
  }

  @Test("a gesture on a navigation controller sheet names the controller and the screen it shows")
  func navigationControllerSheetGestures() throws {
    let spec = SpecCorpusTests.specsDirectory.appendingPathComponent(
      "bugs/class6-present-from-dismissed-sheet.flow")
    let text = CommandRun([spec.path, "--no-color"]).stdout
    #expect(text.contains(". swipe down the UINavigationController(Payment) sheet (showing Pay)\n"))
    #expect(
      text.contains(
        ". the presentation of the UINavigationController(Payment) sheet (showing Pay) finishes animating\n"))
    #expect(!text.contains("the Pay sheet"))
  }
}
