import FlowLanguage
import FlowModel
import FlowReport
import FlowTestSupport
import Testing

/// Checks a radianttap flow written in a test, as `flowcheck check --explore-past-violations`
/// does, for tests that assert on the report's verdicts and traces: every invariant judged
/// on every state, past a violation too.
enum RadianttapCheck {
  static func report(_ text: String) throws -> CheckReport {
    let loaded = FrontEnd.check(
      source: SourceFile(path: "test.flow", text: TransitionsInTheirStep.flow(text)))
    #expect(loaded.diagnostics.filter { $0.severity == .error }.isEmpty, "\(loaded.diagnostics)")
    let flow = try #require(loaded.flow)
    var settings = CheckSettings()
    settings.exploresPastViolations = true
    return FlowChecker.check(flow, under: Radianttap.self, path: "test.flow", options: settings)
  }

  /// Each invariant's status, by id.
  static func verdicts(_ report: CheckReport) -> [String: CheckReport.Status] {
    Dictionary(uniqueKeysWithValues: report.verdicts.map { ($0.id, $0.status) })
  }
}
