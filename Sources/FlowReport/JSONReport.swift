import FlowModel

/// The report as versioned JSON with sorted keys. Timing and memory (`stats`) are left out
/// unless asked for, so that the same flow always gives the same bytes.
public struct JSONReport: Sendable {
  /// Bumped whenever a field changes meaning or disappears.
  public static let schemaVersion = 1

  /// Whether a check report carries the `stats` object.
  public var includeStats: Bool
  /// `--max-traces`: violations past this many keep their id and why, without steps or
  /// events, and say `"traceOmitted": true`; nil for all traces.
  public var maxTraces: Int?

  public init(includeStats: Bool = false, maxTraces: Int? = nil) {
    self.includeStats = includeStats
    self.maxTraces = maxTraces
  }

  public static func render(_ reports: [CheckReport], includeStats: Bool = false) -> String {
    let files = reports.map { value($0, includeStats: includeStats) }
    let document: JSONValue = .object([
      "schemaVersion": .int(schemaVersion),
      "tool": .string("flowcheck"),
      "files": .array(files),
    ])
    return document.rendered() + "\n"
  }

  /// One report as a single line of JSON (JSON Lines), with the schema version.
  public static func line(_ report: CheckReport, includeStats: Bool = false, maxTraces: Int? = nil) -> String
  {
    guard case .object(var members) = value(report, includeStats: includeStats, maxTraces: maxTraces) else {
      return ""
    }
    members["schemaVersion"] = .int(schemaVersion)
    return JSONValue.object(members).compact() + "\n"
  }

  static func value(_ report: CheckReport, includeStats: Bool, maxTraces: Int? = nil) -> JSONValue {
    let told = min(report.violations.count, maxTraces ?? report.violations.count)
    let violations =
      report.violations.prefix(told).map { violation($0) }
      + report.violations.dropFirst(told).map { violation($0, traceOmitted: true) }
    var object: [String: JSONValue] = [
      "path": .string(report.path),
      "app": .string(report.appName),
      "runtime": .string(report.library),
      "outcome": .string(report.outcome.rawValue),
      "exitCode": .int(Int(report.exitCode)),
      "states": .int(report.states),
      "transitions": .int(report.transitions),
      "cutTransitions": .int(report.cutTransitions),
      "depth": .int(report.depth),
      "bounds": .string(report.bounds),
      "collisionProbability": .double(report.collisionProbability),
      "probabilistic": .bool(report.probabilistic),
      "estimatedCoverage": .double(report.estimatedCoverage),
      "verdicts": .array(report.verdicts.map(verdict)),
      "violations": .array(violations),
      "coverage": .object([
        "screensNeverShown": .array(report.screensNeverShown.map(JSONValue.string)),
        "handlersNeverRun": .array(report.handlersNeverRun.map(JSONValue.string)),
        "messagesNeverHandled": .array(report.messagesNeverHandled.map(JSONValue.string)),
      ]),
    ]
    if let reason = report.incompleteReason { object["incompleteReason"] = .string(reason) }
    if report.statesAfterViolations > 0 {
      object["statesAfterViolations"] = .int(report.statesAfterViolations)
    }
    if let expectation = report.expectation { object["expectation"] = .string(expectation) }
    if let met = report.expectationMet { object["expectationMet"] = .bool(met) }
    if let bits = report.bitstateBits { object["bitstateBits"] = .int(bits) }
    if !report.warnings.isEmpty { object["diagnostics"] = .array(report.warnings.map(diagnostic)) }
    if includeStats { object["stats"] = stats(report) }
    if report.baselineCompared {
      object["baseline"] = .object([
        "known": .int(report.violations.count - report.newViolations.count),
        "new": .int(report.newViolations.count),
        "fixed": .array(report.fixedBaselineEntries.map(baselineEntry)),
      ])
    }
    return .object(object)
  }

  /// What `--stats` adds: figures that differ from run to run. `scripts/bench` reads
  /// `seconds`, `statesPerSecond`, `peakRSSBytes` and `bytesPerState`: keep the names.
  static func stats(_ report: CheckReport) -> JSONValue {
    .object([
      "seconds": .double(report.seconds),
      "statesPerSecond": .double(report.statesPerSecond),
      "threads": .int(report.threads),
      "peakRSSBytes": .int(report.peakResidentBytes),
      "storedBytes": .int(report.storedBytes),
      "bytesPerState": .double(report.bytesPerState),
      "mergeSeconds": .double(report.mergeSeconds),
      "mergerIdleSeconds": .double(report.mergerIdleSeconds),
    ])
  }

  static func verdict(_ verdict: CheckReport.Verdict) -> JSONValue {
    var object: [String: JSONValue] = ["id": .string(verdict.id), "status": .string(verdict.status.rawValue)]
    if let text = verdict.text { object["property"] = .string(text) }
    if let length = verdict.traceLength { object["traceLength"] = .int(length) }
    if let note = verdict.note { object["note"] = .string(note) }
    return .object(object)
  }

  static func violation(_ violation: CheckReport.Violation) -> JSONValue {
    self.violation(violation, traceOmitted: false)
  }

  static func violation(_ violation: CheckReport.Violation, traceOmitted: Bool) -> JSONValue {
    var object: [String: JSONValue] = [
      "id": .string(violation.id),
      "why": .string(violation.why),
      "events": .array(traceOmitted ? [] : violation.events.map(JSONValue.string)),
      "steps": .array(traceOmitted ? [] : violation.steps.map(step)),
    ]
    if let text = violation.text { object["property"] = .string(text) }
    if traceOmitted { object["traceOmitted"] = .bool(true) }
    if let state = violation.baselineState { object["baselineState"] = .string(state.rawValue) }
    if let location = violation.location {
      object["location"] = .object([
        "line": .int(location.line), "column": .int(location.column), "what": .string(location.what),
      ])
    }
    return .object(object)
  }

  /// A baseline entry no violation matched.
  static func baselineEntry(_ entry: Baseline.Entry) -> JSONValue {
    var object: [String: JSONValue] = ["path": .string(entry.path), "id": .string(entry.id)]
    if let property = entry.property { object["property"] = .string(property) }
    if let location = entry.location { object["location"] = .string(location) }
    return .object(object)
  }

  /// A file that could not be checked, as one line: `"outcome": "error"`, its exit code and
  /// its diagnostics.
  public static func line(_ failure: FileDiagnostics) -> String {
    JSONValue.object([
      "schemaVersion": .int(schemaVersion),
      "path": .string(failure.path),
      "outcome": .string("error"),
      "exitCode": .int(Int(failure.exitCode)),
      "diagnostics": .array(failure.entries.map(diagnostic)),
    ]).compact() + "\n"
  }

  static func diagnostic(_ entry: FileDiagnostics.Entry) -> JSONValue {
    .object([
      "severity": .string(entry.severity),
      "id": .string(entry.id),
      "message": .string(entry.message),
      "line": .int(entry.line),
      "column": .int(entry.column),
      "notes": .array(
        entry.notes.map { note in
          .object(["message": .string(note.message), "line": .int(note.line), "column": .int(note.column)])
        }),
    ])
  }

  static func step(_ step: CheckReport.StoryStep) -> JSONValue {
    .object([
      "event": .string(step.event),
      "calls": .array(step.log.filter { $0.kind != .event }.map { .string($0.text) }),
      "state": .array(step.state.map(JSONValue.string)),
    ])
  }
}
