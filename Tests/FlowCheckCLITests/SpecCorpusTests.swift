import Foundation
import Testing

@testable import FlowCheckCLI

/// The project's own spec corpus, through the command line: every spec meets its
/// `expect`, and the report's bytes do not depend on the thread count or the run.
@Suite struct SpecCorpusTests {
  static let specsDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Specs")

  static var specs: [String] {
    let enumerator = FileManager.default.enumerator(atPath: specsDirectory.path)
    var paths: [String] = []
    while let entry = enumerator?.nextObject() as? String {
      if entry.hasSuffix(".flow") { paths.append(specsDirectory.appendingPathComponent(entry).path) }
    }
    return paths.sorted()
  }

  /// Each bug spec and its fixed twin, relative to `Specs/`: `bugs/[DIR/]NAME.flow` and
  /// `fixed/[DIR/]NAME-fixed.flow`, whether or not the twin exists.
  static var bugsAndTwins: [(bug: String, fixed: String)] {
    let root = specsDirectory.path + "/"
    return specs.filter { $0.contains("/Specs/bugs/") }.map { path in
      let bug = String(path.dropFirst(root.count))
      let fixed = "fixed/" + bug.dropFirst("bugs/".count).dropLast(".flow".count) + "-fixed.flow"
      return (bug, fixed)
    }
  }

  /// Every bug spec has a fixed twin (the smallest change that fixes the bug) whose first
  /// line names it, and every twin names a bug spec that exists.
  @Test func everyBugSpecHasAFixedTwinThatNamesIt() throws {
    let twins = Self.bugsAndTwins
    for (bug, fixed) in twins {
      let url = Self.specsDirectory.appendingPathComponent(fixed)
      let text = try #require(try? String(contentsOf: url, encoding: .utf8), "\(bug) has no twin \(fixed)")
      #expect(text.hasPrefix("// The fix of Specs/\(bug):"), "\(fixed) does not say it fixes Specs/\(bug)")
    }
    let root = Self.specsDirectory.path + "/"
    let named = Set(twins.map(\.fixed))
    for path in Self.specs where path.contains("/Specs/fixed/") {
      #expect(named.contains(String(path.dropFirst(root.count))), "\(path) is the twin of no bug spec")
    }
  }

  @Test func theCorpusHasAShopAndAtLeastFifteenBugSpecs() {
    #expect(Self.specs.contains { $0.hasSuffix("Specs/shop.flow") })
    #expect(Self.specs.filter { $0.contains("/Specs/bugs/") }.count >= 15)
  }

  @Test(arguments: specs)
  func everySpecMeetsItsExpectation(path: String) {
    let run = CommandRun([path, "--no-color"])
    #expect(run.stdout.contains("\nexpectation: met"), "\(path):\n\(run.stdout)")
  }

  @Test(arguments: specs)
  func reportBytesAreTheSameOnOneAndTwoThreadsAndAcrossRuns(path: String) {
    let one = CommandRun([path, "--threads", "1"])
    let two = CommandRun([path, "--threads", "2"])
    let again = CommandRun([path, "--threads", "2"])
    #expect(one.status == two.status)
    #expect(one.stdout == two.stdout, "\(path)")
    #expect(two.stdout == again.stdout, "\(path)")
    let json1 = CommandRun([path, "--format", "json", "--threads", "1"])
    let json2 = CommandRun([path, "--format", "json", "--threads", "2"])
    #expect(json1.stdout == json2.stdout, "\(path)")
  }

  /// The `violation: ID …` lines of a text report.
  static func violationLines(_ stdout: String) -> [String] {
    stdout.split(separator: "\n").filter { $0.hasPrefix("violation: ") }.map(String.init)
  }

  @Test(arguments: specs)
  func bitstateNeverVerifiesAndFindsOnlyRealViolations(path: String) {
    let exact = CommandRun([path, "--no-color"])
    let bitstate = CommandRun([path, "--no-color", "--bitstate", "24"])
    #expect(!bitstate.stdout.contains("VERIFIED"), "\(path)")
    // A flow the exact search verifies is at best partial under bitstate; one it finds
    // violated may be either, as bitstate may miss the violating states.
    #expect(bitstate.status == 2 || (bitstate.status == 1 && exact.status != 0), "\(path)")
    let exactViolations = Self.violationLines(exact.stdout)
    for line in Self.violationLines(bitstate.stdout) {
      #expect(exactViolations.contains(line), "\(path): \(line)")
    }
    let again = CommandRun([path, "--no-color", "--bitstate", "24", "--threads", "2"])
    #expect(again.stdout == bitstate.stdout, "\(path)")
  }

  @Test(arguments: specs)
  func simulationIsReproducibleAndFindsOnlyWhatCheckFinds(path: String) {
    let first = CommandRun(["simulate", path, "--seed", "1", "--no-color"])
    // Reproducibility is a property of each walk (its seed and the state it starts from), so
    // ten walks show it as well as the default hundred, at a tenth of the cost: simulation
    // is most of this suite's time.
    let short = ["simulate", path, "--seed", "1", "--no-color", "--runs", "10"]
    #expect(CommandRun(short).stdout == CommandRun(short).stdout, "\(path)")
    #expect([0, 1].contains(first.status), "\(path): \(first.stderr)")
    let checked = CommandRun([path, "--no-color"])
    // A complete check sees every reachable state, so a walk cannot break anything more.
    guard checked.status != 2 else { return }
    let found = Self.violationLines(first.stdout)
    #expect(found.count == first.status, "\(path)")
    for line in found {
      #expect(Self.violationLines(checked.stdout).contains(line), "\(path): \(line)")
    }
  }

  @Test func aViolationStoryNamesTheEventsCallbacksAndStacks() {
    let path = Self.specsDirectory.appendingPathComponent("bugs/gap6-sheet-swipe-unseen.flow").path
    let run = CommandRun([path, "--no-color"])
    #expect(run.status == 1)
    #expect(run.stdout.contains("violation: finish-propagation"))
    #expect(run.stdout.contains("1. tap Home.openCart"))
    #expect(
      run.stdout.contains(
        "2. the presentation of the UINavigationController(Basket) sheet (showing Cart) finishes animating"))
    #expect(run.stdout.contains("3. swipe down the"))
    #expect(run.stdout.contains("UIKit: presentationControllerDidDismiss"))
    #expect(run.stdout.contains("Basket is still a child of App"))
  }
}

/// Every library the language knows is modelled; a library it does not know is a spec
/// error at the `library` line, naming the ones it knows.
@Suite struct UnknownLibraryTests {
  @Test func anUnknownLibraryIsAClearError() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "other.flow",
      """
      app A {
        library jlcoordinator
        window App
      }
      screen Home
      coordinator App: InitialNavigationPresenter {
        start { present Home }
      }

      """)
    let run = CommandRun([path])
    #expect(run.status == 65)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.hasPrefix(
        "\(path):2:11: error: unknown library 'jlcoordinator'; expected 'radianttap', 'router', 'insecurity', 'presenter' or 'handwritten'"
      ))
  }
}
