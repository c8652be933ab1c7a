extension JSONReport {
  /// The report of `flowcheck simulate` as one line of JSON, keys sorted, with the schema
  /// version. Timing is left out: the same seed always gives the same bytes.
  public static func line(_ report: SimulationReport) -> String {
    var object: [String: JSONValue] = [
      "schemaVersion": .int(schemaVersion),
      "command": .string("simulate"),
      "path": .string(report.path),
      "app": .string(report.appName),
      "runtime": .string(report.library),
      "outcome": .string(report.outcome.rawValue),
      "exitCode": .int(Int(report.exitCode)),
      "verification": .bool(false),
      "seed": Int(exactly: report.seed).map(JSONValue.int) ?? .string(String(report.seed)),
      "runs": .int(report.runs),
      "steps": .int(report.steps),
      "runsMade": .int(report.runsMade),
      "stepsTaken": .int(report.stepsTaken),
      "violations": .array(report.violation.map { [violation($0)] } ?? []),
    ]
    if let limit = report.timeLimit { object["timeLimitSeconds"] = .double(limit) }
    if let code = report.interruption { object["interruptedBy"] = .string(signalName(code)) }
    return JSONValue.object(object).compact() + "\n"
  }
}
