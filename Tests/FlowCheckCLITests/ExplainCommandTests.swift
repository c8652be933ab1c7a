import FlowLanguage
import FlowModel
import Testing

@testable import FlowCheckCLI

@Suite("explain")
struct ExplainCommandTests {
  @Test("every invariant id has an explanation with all four sections", arguments: Invariant.ids)
  func explain(id: String) {
    let run = CommandRun(["explain", id])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    #expect(run.stdout.hasPrefix("\(id): holds when "))
    for heading in [
      "\nWHAT IT CHECKS\n  ", "\nWHY IT MATTERS\n  ", "\nTYPICAL CAUSE\n  ", "\nHOW TO FIX\n  ",
    ] {
      #expect(run.stdout.contains(heading), "missing \(heading)")
    }
    for line in run.stdout.split(separator: "\n") {
      #expect(line.count <= HelpText.width, "too long: \(line)")
    }
  }

  @Test("explain without an id lists every id, in order, one line each")
  func list() {
    let run = CommandRun(["explain"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.first == "Invariants (flowcheck explain <id> for what each checks and how to fix it):")
    let listed = lines.dropFirst().map { $0.split(separator: " ").first.map(String.init) ?? "" }
    #expect(listed == Invariant.ids)
    #expect(lines.dropFirst().allSatisfy { $0.contains(" holds when ") })
  }

  @Test("the explained ids are those a flow's expect line may name, in their order")
  func catalogue() {
    for library in RuntimeRegistry.libraries { #expect(Invariant.ids == library.invariantIDs) }
  }

  @Test("an unknown id: did you mean, usage, exit 64")
  func unknown() {
    let run = CommandRun(["explain", "finish-propagaton"])
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderrLines == [
        "Error: unknown invariant 'finish-propagaton'; did you mean 'finish-propagation'?",
        "Usage: flowcheck explain [<id>]",
        "See 'flowcheck explain --help'.",
      ])
  }
}
