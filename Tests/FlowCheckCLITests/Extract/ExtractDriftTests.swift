import Foundation
import Testing

@testable import FlowCheckCLI

/// `flowcheck extract --check FLOW SOURCES`: drift reported in every format, exit 1; none, exit 0.
@Suite("extract --check")
struct ExtractDriftTests {
  /// The router fixture as a flow that matches it.
  static let matching = """
    app Booking {
      library router
      window Home
      home Home
    }

    screen Confirm
    screen Home
    screen SelectKind

    coordinator Booking: ModalNavigationRouter {
      start { present SelectKind }
      on SelectKind.later { dismiss }
      on SelectKind.quick { present Confirm }
      on SelectKind.slow { dismiss }
    }

    coordinator Home: AppDelegateRouter {
      start { present Home }
      on Home.book { presentChild Booking }
    }
    """

  /// The same, drifted: a screen and a transition the code lacks, a transition it has.
  static let drifted = matching.replacingOccurrences(
    of: "screen Confirm\n", with: "screen Confirm\nscreen Gone\n"
  )
  .replacingOccurrences(of: "  on SelectKind.slow { dismiss }\n", with: "  on SelectKind.fast { dismiss }\n")

  private func check(_ flow: String, format: String) throws -> (run: CommandRun, directory: String) {
    let scratch = try ScratchDirectory()
    for (name, text) in ExtractFixtures.router {
      try text.write(to: scratch.url.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    let flowPath = scratch.url.appendingPathComponent("booking.flow").path
    try flow.write(toFile: flowPath, atomically: true, encoding: .utf8)
    let run = CommandRun(
      ["extract", "--check", flowPath, scratch.url.path, "--format", format],
      environment: ExtractCommandTests.environment, workingDirectory: scratch.url.path)
    return (run, scratch.url.path)
  }

  @Test("no drift: exit 0 and a line saying so", .enabled(if: ExtractCommandTests.hasCompiler))
  func noDrift() throws {
    let (run, _) = try check(Self.matching, format: "text")
    #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("no drift"))
  }

  @Test(
    "drift in text and xcode: path:line:col: error lines, at the flow's line or the code's; exit 1",
    .enabled(if: ExtractCommandTests.hasCompiler))
  func textAndXcode() throws {
    for format in ["text", "xcode"] {
      let (run, directory) = try check(Self.drifted, format: format)
      #expect(run.status == 1)
      #expect(
        run.stdout.contains(
          "\(directory)/booking.flow:8:8: error: screen 'Gone' is in the flow but not in the code [model-drift]"
        ), "\(run.stdout)")
      #expect(
        run.stdout.contains(
          "error: transition 'Booking: on SelectKind.fast' is in the flow but not in the code"))
      #expect(run.stdout.contains("\(directory)/BookingCoordinator.swift:"))
      #expect(run.stdout.contains("transition 'Booking: on SelectKind.slow' is in the code but not in"))
      #expect(run.stdout.contains("drift: 3 difference(s)") == (format == "text"))
    }
  }

  @Test(
    "drift as GitHub annotations, SARIF results and JSON lines", .enabled(if: ExtractCommandTests.hasCompiler)
  )
  func machineFormats() throws {
    let github = try check(Self.drifted, format: "github-actions-logging").run
    #expect(github.status == 1)
    #expect(
      github.stdout.contains(
        "::error file=booking.flow,line=8,col=8,title=flowcheck model-drift::screen 'Gone'"),
      "\(github.stdout)")
    #expect(github.stdout.contains("::error file=BookingCoordinator.swift,line="))
    let sarif = try check(Self.drifted, format: "sarif").run
    #expect(sarif.status == 1)
    #expect(sarif.stdout.contains("[model-drift] screen 'Gone' is in the flow but not in the code"))
    #expect(
      sarif.stdout.contains("\"uri\" : \"BookingCoordinator.swift\"")
        || sarif.stdout.contains("\"uri\": \"BookingCoordinator.swift\""))
    let json = try check(Self.drifted, format: "json").run
    #expect(json.status == 1)
    #expect(json.stdout.contains("\"id\":\"model-drift\""))
  }
}
