import Foundation
import Testing

@testable import FlowCheckCLI
@testable import FlowReport

/// `flowcheck diff OLD NEW`: each bug spec against its documented fix, both ways, in text,
/// JSON and Markdown, pinned in `GoldenDiff/` (re-record with `FLOWCHECK_RECORD_GOLDEN=1`);
/// and a change made for the purpose that shows every section.
@Suite struct DiffCommandTests {
  static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("GoldenDiff")
  static let root = SpecCorpusTests.specsDirectory.deletingLastPathComponent().path + "/"

  @Test(arguments: zip(ReplayCommandTests.fixes.map(\.bug), ReplayCommandTests.fixes.map(\.fixed)))
  func aBugAgainstItsFixMatchesTheGoldenFiles(bug: String, fixed: String) throws {
    let specs = SpecCorpusTests.specsDirectory
    let (bugPath, fixedPath) = (
      specs.appendingPathComponent(bug).path, specs.appendingPathComponent(fixed).path
    )
    let name = String(fixed.split(separator: "/").last!)
    var golden = ""
    for format in ["text", "json", "markdown"] {
      let fixing = CommandRun(["diff", bugPath, fixedPath, "--format", format])
      #expect(fixing.status == 0, "\(fixing.stderr)")
      let breaking = CommandRun(["diff", fixedPath, bugPath, "--format", format])
      #expect(breaking.status == 1, "the bug's violations are new: \(breaking.stdout)")
      golden +=
        "==> \(format), the fix <==\n\(fixing.stdout)\n==> \(format), the bug <==\n\(breaking.stdout)\n"
    }
    try GraphCommandTests.expectGolden(
      golden.replacing(Self.root, with: ""), name + ".diff", in: Self.goldenDirectory)
    let fixing = CommandRun(["diff", bugPath, fixedPath])
    #expect(fixing.stdout.contains("\nviolations fixed ("), "\(fixing.stdout)")
  }

  /// The README's example is the command's output.
  @Test func theReadmesDiffIsTheCommandsOutput() throws {
    let readme = String(
      decoding: try Data(contentsOf: URL(fileURLWithPath: Self.root + "README.md")), as: UTF8.self)
    let specs = SpecCorpusTests.specsDirectory
    let run = CommandRun([
      "diff", specs.appendingPathComponent("raypets.flow").path,
      specs.appendingPathComponent("raypets-fixed.flow").path, "--format", "markdown",
    ])
    #expect(readme.contains("```markdown\n" + run.stdout.replacing(Self.root, with: "") + "```\n"))
  }

  @Test func aFlowAgainstItselfHasNoChange() {
    let shop = SpecCorpusTests.specsDirectory.appendingPathComponent("shop.flow").path
    let run = CommandRun(["diff", shop, shop])
    #expect(run.status == 0)
    #expect(run.stdout == "flowcheck diff \(shop) → \(shop)\nno change to the navigation\n")
  }

  /// A change that adds and removes a screen, lengthens a path and strands the user.
  @Test func everySectionIsReported() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let old = try scratch.write(
      "old.flow",
      """
      app A {
        window App
        home Home
        limits { inflight 0 }
      }
      screen Home
      screen Detail
      screen Help
      coordinator App: NavigationCoordinator {
        root window
        start { root Home }
        on Home.open { show Detail }
        on Home.help { show Help }
      }
      """)
    let new = try scratch.write(
      "new.flow",
      """
      app A {
        window App
        home Home
        limits { inflight 0 }
      }
      screen Home
      screen Detail
      screen Intro
      coordinator App: NavigationCoordinator {
        root window
        start { root Home }
        on Home.intro { show Intro }
        on Intro.open { root Detail }
      }
      """)
    let run = CommandRun(["diff", old, new])
    #expect(run.status == 1, "new violations: \(run.stderr)")
    #expect(
      run.stdout == """
        flowcheck diff \(old) → \(new)
        screens added (1):
          Intro
        screens removed (1):
          Help
        transitions added (4):
          Home -intro-> Intro
          Intro -back-> Home
          Intro -open-> Detail
          Intro -swipe back-> Home
        transitions removed (6):
          Detail -back-> Home
          Detail -swipe back-> Home
          Help -back-> Home
          Help -swipe back-> Home
          Home -help-> Help
          Home -open-> Detail
        violations new (2):
          no-dead-end
          can-return
        shortest path from launch changed (1):
          Detail: 1 → 2 event(s)
        can no longer return home (1):
          Detail: 1 state(s) from which no event sequence shows home

        """)
  }

  @Test func usageErrors() {
    #expect(CommandRun(["diff", "a.flow"]).stderrLines.first == "Error: missing expected argument '<new>'")
    let format = CommandRun(["diff", "a.flow", "b.flow", "--format", "markdwn"])
    #expect(format.status == 64)
    #expect(
      format.stderrLines.first
        == "Error: invalid value 'markdwn' for '--format <format>'; did you mean 'markdown'?")
    let missing = CommandRun(["diff", "/nonexistent/a.flow", "/nonexistent/b.flow"])
    #expect(missing.status == 66)
    #expect(missing.stderrLines.count == 2)
  }
}
