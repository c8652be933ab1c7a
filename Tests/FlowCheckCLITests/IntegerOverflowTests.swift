import Testing

@testable import FlowCheckCLI

/// Arithmetic that could leave the 64-bit integers is refused where it is written, by
/// `check` and `simulate` alike (it used to trap during the search); arithmetic that stays
/// within them, however close to the edge, runs.
@Suite struct IntegerOverflowTests {
  static func flow(handler: String = "", after: String = "") -> String {
    """
    app A {
      window App
    }
    screen Home
    var x: 0...3 = 0
    coordinator App: NavigationCoordinator {
      root window
      start { show Home }
      on Home.go { \(handler) }
    }
    \(after)
    """
  }

  static let overflowing: [(String, String, String)] = [
    ("assignment", flow(handler: "x = 9223372036854775807 + 1"), "9:20"),
    ("negation", flow(handler: "x = -(-9223372036854775807 - 1)"), "9:20"),
    ("+=", flow(handler: "x += 9223372036854775807"), "9:21"),
    ("guard", flow(handler: "x = 1", after: "event e when x + 9223372036854775807 > 0 { x = 0 }"), "11:14"),
    ("property", flow(handler: "x = 1", after: "always x - (-9223372036854775807 - 1) > 0"), "11:8"),
  ]

  @Test(arguments: overflowing.indices)
  func overflowingArithmeticIsAPositionedError(index: Int) throws {
    let (name, text, position) = Self.overflowing[index]
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write("o.flow", text)
    for command in [[path, "--no-color"], ["simulate", path, "--no-color"]] {
      let run = CommandRun(command)
      #expect(run.status == 65, "\(name): \(command) exited \(run.status)")
      #expect(
        run.stderr.contains("\(path):\(position): error: this arithmetic can overflow"),
        "\(name): \(run.stderr)")
    }
  }

  /// `x + 9223372036854775804` with `x` in 0...3 reaches the largest integer exactly.
  @Test func arithmeticUpToTheEdgeRuns() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let text = Self.flow(
      handler: "if x + 9223372036854775804 > 0 { x += 1 }", after: "always -9223372036854775807 - 1 + x < 4")
    let path = try scratch.write("edge.flow", text)
    let run = CommandRun([path, "--no-color"])
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("explored 4 states"))
  }
}
