import Testing

@testable import FlowCheckCLI

/// A flow's own properties each take a bit of a 64-bit word (the lowest is the home
/// screen's): the 63rd still works, the 64th is refused where it is written.
@Suite struct PropertyLimitTests {
  static func flow(properties: Int, last: String) -> String {
    var text = """
      app Many {
        library radianttap
        window App
        home Home
      }
      screen Home
      coordinator App: NavigationCoordinator {
        root window
        start { root Home }
        on Home.tap { }
      }

      """
    for _ in 0..<(properties - 1) { text += "always top == Home\n" }
    text += last + "\n"
    return text
  }

  @Test func theSixtyThirdPropertyIsCheckedOnItsOwnBit() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write("many.flow", Self.flow(properties: 63, last: "never top == Home"))
    let run = CommandRun([path, "--no-color"])
    #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("violation: never"))
    #expect(!run.stdout.contains("violation: always"))
  }

  @Test func aSixtyFourthPropertyIsRefusedAtItsPosition() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write("many.flow", Self.flow(properties: 64, last: "reachable top == Home"))
    let run = CommandRun([path, "--no-color"])
    #expect(run.status == 65)
    // The app and the coordinator take 11 lines; the 64th property is on line 75.
    #expect(
      run.stderr.contains(
        "\(path):75:1: error: more than 63 properties; flowcheck checks at most 63 per flow"), "\(run.stderr)"
    )
  }
}
