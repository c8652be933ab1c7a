import Testing

@testable import FlowCheckCLI

/// `--stop-at-first`, `--explore-past-violations` and `limits { deferred N }` as a user meets
/// them: what the report says was cut, and that the output is the same on any thread count.
@Suite struct ReductionOptionTests {
  /// A double tap on Open presents twice (orphan-child, uikit-noop); the second Cart's
  /// coordinator, once dismissed, leaves the first one on screen with nobody to handle
  /// Close (dead-screen), which only happens past the first violation.
  static let doubleTap = """
    app Shop {
      window App
      limits { inflight 1 }
    }
    screen Home
    screen Cart
    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.open { startChild Basket }
    }
    coordinator Basket: NavigationCoordinator {
      root presented
      start { root Cart }
      on Cart.close { dismiss; finish }
    }

    """

  /// Open pushes Detail; a second and a third tap land while the push animates, and UIKit
  /// defers their pushes behind it. (The flow fails either way: radianttap loses track of a
  /// push deferred behind a pop, shadow-sync.)
  static let tripleTap = """
    app Shop {
      window App
      limits { inflight 1, stack 4, LIMIT }
    }
    screen Home
    screen Detail
    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.open { show Detail }
    }

    """

  @Test func stopAtFirstEndsAtTheFirstViolationAndSaysSo() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write("shop.flow", Self.doubleTap)
    let one = CommandRun([path, "--no-color", "--stop-at-first", "--threads", "1"])
    let two = CommandRun([path, "--no-color", "--stop-at-first", "--threads", "2"])
    #expect(one.status == 1, "\(one.stdout)\(one.stderr)")
    #expect(one.stdout == two.stdout)
    #expect(one.stdout.contains("stopped at the first violation (--stop-at-first) after"))
    #expect(one.stdout.contains("violation: uikit-noop"))
    #expect(!one.stdout.contains("violation: dead-screen"))
  }

  @Test func aViolationPastAnotherIsReportedOnlyWhenAskedFor() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write("shop.flow", Self.doubleTap)
    let pruned = CommandRun([path, "--no-color"])
    let full = CommandRun([path, "--no-color", "--explore-past-violations"])
    #expect(pruned.status == 1 && full.status == 1, "\(pruned.stdout)\(full.stdout)")
    #expect(pruned.stdout.contains("states past a violation not explored"))
    #expect(!full.stdout.contains("states past a violation not explored"))
    #expect(!pruned.stdout.contains("violation: dead-screen"))
    #expect(full.stdout.contains("violation: dead-screen"))
    #expect(
      pruned.stdout.contains(
        "dead-screen            not violated so far (states past a violation not explored)"))
  }

  @Test func theDeferredBoundCutsATripleTapAndTheBoundsLineNamesIt() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let bounded = try scratch.write(
      "one.flow", Self.tripleTap.replacingOccurrences(of: "LIMIT", with: "deferred 1"))
    let wider = try scratch.write(
      "two.flow", Self.tripleTap.replacingOccurrences(of: "LIMIT", with: "deferred 2"))
    let one = CommandRun([bounded, "--no-color"])
    let two = CommandRun([wider, "--no-color"])
    #expect(one.status == 1 && two.status == 1, "\(one.stdout)\(two.stdout)")
    #expect(one.stdout.contains("inflight 1, deferred 1;"))
    #expect(two.stdout.contains("inflight 1, deferred 2;"))
    func count(_ word: String, in text: String) -> Int? {
      guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("explored ") }) else {
        return nil
      }
      let words = line.split(separator: " ")
      return words.firstIndex(of: Substring(word)).flatMap { Int(words[$0 - 1]) }
    }
    let oneStates = try #require(count("states,", in: one.stdout))
    let twoStates = try #require(count("states,", in: two.stdout))
    #expect(oneStates < twoStates, "deferred 1: \(oneStates) states, deferred 2: \(twoStates)")
  }

  @Test func theDeferredLimitTakesOneToAThousand() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let zero = try scratch.write(
      "zero.flow", Self.tripleTap.replacingOccurrences(of: "LIMIT", with: "deferred 0"))
    let run = CommandRun([zero, "--no-color"])
    #expect(run.status == 65)
    #expect(run.stderr.contains("limit 'deferred' must be between 1 and 1000, not 0"), "\(run.stderr)")
  }
}
