/// The shards of one swarm check merged into one report (`flowcheck merge RESULTS…`).
///
/// - Violations: one per property (its id and, for the flow's own properties, its text),
///   with the shortest trace any shard found; between traces of one length, the lowest
///   shard's. They are listed in the order the shards, lowest first, list them.
/// - Coverage: `1 - Π(1 - c_k)` over the shards merged, `c_k` each shard's own estimate of
///   the share of the reachable states it stored. That is the chance that a state is stored
///   by at least one shard if the shards miss states independently, which the different
///   hash seeds and successor orders aim at but nothing guarantees: the figure is an
///   estimate, and an optimistic one (each `c_k` already is).
/// - Outcome: `violated` when any shard found a violation; otherwise `incomplete` when a
///   shard is missing or a limit stopped one, else `partial`. Never `verified`: every shard
///   is a bitstate search.
public struct SwarmMerge: Sendable {
  /// A shard's result and the file it was read from.
  public struct Shard: Sendable {
    public var file: String
    public var result: SwarmResult
    public init(file: String, result: SwarmResult) {
      self.file = file
      self.result = result
    }
  }

  /// A violation and the shard whose trace is kept.
  public struct Violation: Sendable {
    public var violation: SwarmResult.Violation
    public var shard: Int
  }

  public enum Outcome: String, Sendable {
    case violated, incomplete, partial
  }

  /// The version of the JSON report's layout (`json`), apart from the result files'
  /// (`SwarmResult.schemaVersion`): version 2 added `runtime`.
  public static let schemaVersion = 2

  public var flowPath: String
  public var flowHash: String
  /// The runtime every shard was checked under (nil for version 1 files).
  public var runtime: String?
  public var shardCount: Int
  /// The shards merged, by number.
  public var shards: [Shard]
  /// The shard numbers no file was given for, as runs of consecutive numbers in order:
  /// at most one more run than shards given, whatever the swarm's size.
  public var missing: [ClosedRange<Int>]
  /// How many shards no file was given for.
  public var missingCount: Int { missing.reduce(0) { $0 + $1.count } }
  /// The most runs of missing shards the text report lists; the JSON report lists them all.
  static let missingRunsShown = 8
  public var violations: [Violation]
  public var estimatedCoverage: Double

  public var outcome: Outcome {
    if !violations.isEmpty { return .violated }
    if !missing.isEmpty || shards.contains(where: { !$0.result.complete }) { return .incomplete }
    return .partial
  }

  /// Merges the shards; refuses (in words naming the files) shards of different flows,
  /// of different runtimes, of swarms of different sizes, and a shard given twice.
  ///
  /// - Complexity: O(s log s + v), s the shards and v the violations they list.
  public static func merge(_ shards: [Shard]) throws(SwarmResultError) -> SwarmMerge {
    guard let reference = shards.first else { throw SwarmResultError("no result files to merge") }
    var byNumber: [Int: Shard] = [:]
    for shard in shards {
      let result = shard.result
      if result.flowHash != reference.result.flowHash {
        throw SwarmResultError(
          "\(shard.file) is a result of another flow: \(result.flowPath) (\(result.flowHash)), while "
            + "\(reference.file) is of \(reference.result.flowPath) (\(reference.result.flowHash)); "
            + "merge the shards of one flow's text only")
      }
      if result.runtime != reference.result.runtime {
        throw SwarmResultError(
          "\(shard.file) was checked under \(runtimeName(result.runtime)), while \(reference.file) was checked "
            + "under \(runtimeName(reference.result.runtime)); merge the shards of one runtime only "
            + "(check every shard with the same '--runtime')")
      }
      if result.shards != reference.result.shards {
        throw SwarmResultError(
          "\(shard.file) is shard \(result.shard) of \(result.shards), while \(reference.file) is shard "
            + "\(reference.result.shard) of \(reference.result.shards); merge the shards of one swarm only")
      }
      if let earlier = byNumber[result.shard] {
        throw SwarmResultError(
          "shard \(result.shard) is given twice: \(earlier.file) and \(shard.file); pass each shard once")
      }
      byNumber[result.shard] = shard
    }
    let count = reference.result.shards
    let ordered = byNumber.keys.sorted().map { byNumber[$0]! }
    var violations: [Violation] = []
    // The place in `violations` of each property, by id and text: one lookup per violation.
    var places: [PropertyKey: Int] = [:]
    for shard in ordered {
      for violation in shard.result.violations {
        let key = PropertyKey(id: violation.property, text: violation.propertyText)
        if let index = places[key] {
          if violation.length < violations[index].violation.length {
            violations[index] = Violation(violation: violation, shard: shard.result.shard)
          }
        } else {
          places[key] = violations.count
          violations.append(Violation(violation: violation, shard: shard.result.shard))
        }
      }
    }
    var missedByAll = 1.0
    for shard in ordered { missedByAll *= 1 - shard.result.estimatedCoverage }
    return SwarmMerge(
      flowPath: reference.result.flowPath, flowHash: reference.result.flowHash,
      runtime: reference.result.runtime, shardCount: count,
      shards: ordered, missing: missingRuns(given: ordered.map(\.result.shard), of: count),
      violations: violations, estimatedCoverage: 1 - missedByAll)
  }

  /// What tells one violated property from another across shards: its id, and its text
  /// for the flow's own properties.
  private struct PropertyKey: Hashable {
    var id: String
    var text: String?
  }

  /// `runtime 'NAME'`, or what a version 1 file that did not record it is.
  private static func runtimeName(_ runtime: String?) -> String {
    runtime.map { "runtime '\($0)'" } ?? "a runtime it does not record (written by an older flowcheck)"
  }

  /// The runs of numbers in `1...count` that are not in `given` (sorted, each in range).
  ///
  /// - Complexity: O(given.count), whatever `count` is.
  static func missingRuns(given: [Int], of count: Int) -> [ClosedRange<Int>] {
    var runs: [ClosedRange<Int>] = []
    var next = 1
    for number in given {
      if number > next { runs.append(next...(number - 1)) }
      next = number + 1
    }
    if next <= count { runs.append(next...count) }
    return runs
  }

  /// `2, 4-9, 11`, with at most `missingRunsShown` runs and then how many shards are left.
  var missingText: String {
    var parts = missing.prefix(Self.missingRunsShown).map { run in
      run.count == 1 ? "\(run.lowerBound)" : "\(run.lowerBound)-\(run.upperBound)"
    }
    if missing.count > Self.missingRunsShown {
      let rest = missing.dropFirst(Self.missingRunsShown).reduce(0) { $0 + $1.count }
      parts.append("and \(rest) more")
    }
    return parts.joined(separator: ", ")
  }

  /// `99.97%`: rounded down, with decimals enough to show the first two digits of what is
  /// missed (at most ten); `100%` only when nothing is missed as far as a `Double` tells.
  static func percent(_ fraction: Double) -> String {
    if fraction >= 1 { return "100%" }
    var scale = 10.0
    while scale < 1e10, (1 - fraction) * 100 * scale < 10 { scale *= 10 }
    var text = String((fraction * 100 * scale).rounded(.down) / scale)
    if text.hasSuffix(".0") { text.removeLast(2) }
    return text + "%"
  }

  /// `Π(1 - c_k)`: the estimated share of the states no shard stored.
  public var estimatedMissedShare: Double {
    shards.reduce(1.0) { $0 * (1 - $1.result.estimatedCoverage) }
  }

  /// The human report.
  public var text: String {
    var lines: [String] = []
    lines.append(
      "\(flowPath): swarm of \(shardCount) bitstate searches\(runtime.map { " under \($0)" } ?? ""), "
        + "\(shards.count) merged (\(flowHash))")
    for shard in shards {
      let result = shard.result
      let completion = result.complete ? "complete" : "incomplete: \(result.incompleteReason ?? "stopped")"
      lines.append(
        "  shard \(result.shard): \(result.states) states, \(result.transitions) transitions, depth "
          + "\(result.depth), \(completion), estimated coverage \(Self.percent(result.estimatedCoverage)), "
          + "\(result.violations.count) violations (\(shard.file))")
    }
    if !missing.isEmpty {
      lines.append(
        "  missing shards: \(missingText) (\(missingCount) of \(shardCount); the result is incomplete)")
    }
    lines.append(
      "combined coverage estimate: \(Self.percent(estimatedCoverage)), missed share \(estimatedMissedShare) "
        + "(the product of each shard's missed share, as if the shards missed states independently)")
    for entry in violations {
      let violation = entry.violation
      let name = violation.propertyText.map { "\(violation.property) \($0)" } ?? violation.property
      lines.append(
        "violation \(name): \(violation.trace.why) (shortest known trace: \(violation.length) steps, shard \(entry.shard))"
      )
      for (index, step) in violation.trace.steps.enumerated() { lines.append("  \(index + 1). \(step.text)") }
    }
    lines.append(
      "not checked by bitstate shards: can-return, and a 'reachable' that no state satisfies; "
        + "'flowcheck check' without '--swarm' checks them")
    switch outcome {
    case .violated:
      lines.append(
        "result: violated (\(violations.count) properties); traces are real, shortest among the shards")
    case .incomplete:
      lines.append(
        "result: incomplete: no violation found, but shards are missing or were stopped; nothing is verified")
    case .partial:
      lines.append(
        "result: partial: no violation found by any shard; bitstate searches may miss states, nothing is verified"
      )
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The JSON report, pretty-printed, keys sorted; `runtime` only when the shards record
  /// one (version 1 files do not).
  public var json: String {
    var object: [String: JSONValue] = [
      "format": .string("flowcheck-swarm-merge"),
      "schemaVersion": .int(Self.schemaVersion),
      "flow": .object(["path": .string(flowPath), "hash": .string(flowHash)]),
      "shards": .int(shardCount),
      "merged": .array(
        shards.map { shard in
          var completion: [String: JSONValue] = ["complete": .bool(shard.result.complete)]
          if let reason = shard.result.incompleteReason { completion["reason"] = .string(reason) }
          return .object([
            "shard": .int(shard.result.shard), "file": .string(shard.file),
            "states": .int(shard.result.states),
            "transitions": .int(shard.result.transitions), "depth": .int(shard.result.depth),
            "completion": .object(completion), "estimatedCoverage": .double(shard.result.estimatedCoverage),
            "violations": .int(shard.result.violations.count),
          ])
        }),
      "missing": .array(missing.map { .array([.int($0.lowerBound), .int($0.upperBound)]) }),
      "missingCount": .int(missingCount),
      "estimatedCoverage": .double(estimatedCoverage),
      "estimatedMissedShare": .double(estimatedMissedShare),
      "outcome": .string(outcome.rawValue),
      "violations": .array(
        violations.map { entry in
          var property: [String: JSONValue] = ["id": .string(entry.violation.property)]
          if let text = entry.violation.propertyText { property["text"] = .string(text) }
          return .object([
            "property": .object(property), "traceLength": .int(entry.violation.length),
            "shard": .int(entry.shard),
            "trace": (try? JSONParser.parse(entry.violation.trace.json)) ?? .null,
          ])
        }),
    ]
    if let runtime { object["runtime"] = .string(runtime) }
    return JSONValue.object(object).rendered() + "\n"
  }
}
