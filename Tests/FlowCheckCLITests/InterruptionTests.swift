import FlowExplorer
import Foundation
import Testing

@testable import FlowCheckCLI

/// SIGINT and SIGTERM (as the executable's handlers request them) stop `check` and
/// `simulate`, which print what they found so far and exit 130 or 143. Here the stop is
/// requested before the run, as if the signal came at once.
@Suite struct InterruptionTests {
  static var shop: String {
    SpecCorpusTests.specsDirectory.appendingPathComponent("shop.flow").path
  }

  static func requested(_ code: Int32) -> StopRequest {
    let request = StopRequest()
    request.request(code)
    return request
  }

  @Test(arguments: [(SIGINT, "SIGINT", Int32(130)), (SIGTERM, "SIGTERM", Int32(143))])
  func checkPrintsWhatItFoundAndExitsWithTheSignal(code: Int32, name: String, status: Int32) {
    let run = CommandRun([Self.shop, "--no-color"], stopRequest: Self.requested(code))
    #expect(run.status == status, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("verdict: INCOMPLETE — interrupted by \(name) after "), "\(run.stdout)")
    #expect(run.stdout.contains("not violated so far (exploration incomplete)"))
  }

  /// A run of several files stops after the report of the one the signal interrupted.
  @Test func checkStopsBeforeTheNextFile() {
    let run = CommandRun([Self.shop, Self.shop, "--no-color"], stopRequest: Self.requested(SIGINT))
    #expect(run.status == 130)
    #expect(run.stdout.components(separatedBy: "verdict: ").count == 2, "\(run.stdout)")
  }

  @Test func simulatePrintsWhatItFoundAndExitsWithTheSignal() {
    let run = CommandRun(
      ["simulate", Self.shop, "--runs", "1000000000", "--no-color"], stopRequest: Self.requested(SIGTERM))
    #expect(run.status == 143, "\(run.stdout)\(run.stderr)")
    #expect(run.stdout.contains("verdict: INCOMPLETE — interrupted by SIGTERM after 0 of 1000000000 runs"))
    let json = CommandRun(
      ["simulate", Self.shop, "--format", "json"], stopRequest: Self.requested(SIGINT))
    #expect(json.status == 130)
    #expect(json.stdout.contains("\"interruptedBy\":\"SIGINT\""))
  }

  /// The JSON report's exit code is the status the run exits with, for a search and for
  /// random walks a signal stopped.
  @Test(arguments: [(SIGINT, Int32(130)), (SIGTERM, Int32(143))])
  func theJSONReportsExitCodeIsTheRunsStatus(code: Int32, status: Int32) {
    let check = CommandRun([Self.shop, "--format", "json"], stopRequest: Self.requested(code))
    #expect(check.status == status)
    #expect(check.stdout.contains("\"exitCode\":\(status)"), "\(check.stdout)")
    let simulate = CommandRun(
      ["simulate", Self.shop, "--runs", "1000000000", "--format", "json"], stopRequest: Self.requested(code))
    #expect(simulate.status == status)
    #expect(simulate.stdout.contains("\"exitCode\":\(status)"), "\(simulate.stdout)")
  }

  /// Without a request nothing changes: the same run completes.
  @Test func anUnrequestedStopChangesNothing() {
    let run = CommandRun([Self.shop, "--no-color"], stopRequest: StopRequest())
    #expect(run.status == 0)
    #expect(run.stdout.contains("verdict: VERIFIED"))
  }
}
