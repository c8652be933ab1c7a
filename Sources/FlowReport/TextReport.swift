import FlowLanguage
import FlowModel

/// The report as a developer reads it in a terminal.
public struct TextReport: Sendable {
  public var colour: Bool
  public var quiet: Bool
  /// Whether `runFigures` includes the `--stats` line.
  public var stats: Bool
  /// The stories of at most this many violations are told (`--max-traces`); nil for all.
  public var maxTraces: Int?

  public init(colour: Bool = false, quiet: Bool = false, stats: Bool = false, maxTraces: Int? = nil) {
    self.colour = colour
    self.quiet = quiet
    self.stats = stats
    self.maxTraces = maxTraces
  }

  func paint(_ text: String, _ code: String) -> String {
    colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  public func render(_ report: CheckReport) -> String {
    var out: [String] = []
    out.append(paint("flowcheck \(report.path)", "1") + " — app \(report.appName), runtime \(report.library)")
    if !quiet {
      out.append(summary(report))
      out.append("")
      out.append(paint("invariants", "1"))
      for verdict in report.verdicts where verdict.text == nil { out.append(line(verdict)) }
      let own = report.verdicts.filter { $0.text != nil }
      if !own.isEmpty {
        out.append(paint("properties", "1"))
        for verdict in own { out.append(line(verdict)) }
      }
      out.append("")
      out.append(paint("coverage", "1"))
      out.append("  screens never shown: " + list(report.screensNeverShown))
      out.append("  handlers never run: " + list(report.handlersNeverRun))
      out.append("  messages never handled: " + list(report.messagesNeverHandled))
    }
    // `--quiet` is the diagnostics and the verdict only: no story.
    let told = quiet ? 0 : min(report.violations.count, maxTraces ?? report.violations.count)
    for violation in report.violations.prefix(told) {
      out.append("")
      out.append(contentsOf: story(violation, path: report.path))
    }
    if !quiet, told < report.violations.count {
      out.append("")
      let untold = report.violations.dropFirst(told).map(\.id).joined(separator: ", ")
      out.append("traces left out (--max-traces \(told)): \(untold)")
    }
    out.append("")
    out.append(verdictLine(report))
    if report.baselineCompared { out.append(contentsOf: baselineLines(report)) }
    if let expectation = report.expectation, let met = report.expectationMet {
      out.append("expectation: " + (met ? "met" : paint("NOT met", "1;31")) + " (expect \(expectation))")
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// Timing differs from run to run, so it is not part of the report's bytes: the
  /// command line prints it on standard error.
  public func timingLine(_ report: CheckReport) -> String {
    var text =
      "explored in \(format(report.seconds, digits: 3)) s (\(Int(report.statesPerSecond.rounded())) states/s"
    text += report.threads == 1 ? ", 1 thread)" : ", \(report.threads) threads)"
    return text
  }

  /// The figures of `--stats` in one line, for standard error: the same as the JSON
  /// `stats` object.
  public func statsLine(_ report: CheckReport) -> String {
    let threads = report.threads == 1 ? "1 thread" : "\(report.threads) threads"
    let speed = Int(report.statesPerSecond.rounded())
    return "stats: \(format(report.seconds, digits: 3)) s, \(speed) states/s, "
      + "\(threads), peak RSS \(report.peakResidentBytes) bytes (\(ByteCount.describe(report.peakResidentBytes))), "
      + "stored \(report.storedBytes) bytes (\(ByteCount.describe(report.storedBytes))), "
      + "\(Int(report.bytesPerState.rounded())) bytes/state, "
      + "merge \(format(report.mergeSeconds, digits: 3)) s (\(format(100 * report.mergeShare, digits: 1)) %), "
      + "merger idle \(format(report.mergerIdleSeconds, digits: 3)) s"
  }

  func summary(_ report: CheckReport) -> String {
    var text = "explored \(report.states) states, \(report.transitions) transitions, depth \(report.depth)"
    text += "\nbounds: \(report.bounds); \(report.cutTransitions) transitions cut by them"
    if report.statesAfterViolations > 0 {
      text += "; \(report.statesAfterViolations) states past a violation not explored"
    }
    if report.probabilistic {
      text += "\nbitstate hashing: \(bitstateTable(report)); "
      text += "estimated coverage \(percent(report.estimatedCoverage)) (states may have been missed)"
    } else {
      text += "\nfingerprint collision probability: \(scientific(report.collisionProbability))"
    }
    return text
  }

  func line(_ verdict: CheckReport.Verdict) -> String {
    let label = verdict.text.map { "\(verdict.id) \($0)" } ?? verdict.id
    let padded = label.count < 22 ? label + String(repeating: " ", count: 22 - label.count) : label
    let status: String
    switch verdict.status {
    case .holds: status = paint("holds", "32")
    case .reached: status = paint("reached", "32") + " in \(verdict.traceLength ?? 0) steps"
    case .violated:
      status =
        paint("VIOLATED", "1;31") + (verdict.traceLength.map { " (shortest trace: \($0) steps)" } ?? "")
    case .unknown:
      status = paint("not violated so far", "33") + " (\(verdict.note ?? "exploration incomplete"))"
    case .notApplicable: status = "n/a" + (verdict.note.map { " (\($0))" } ?? "")
    }
    return "  \(padded) \(status)"
  }

  /// A violation told step by step; `path` is the flow's, for its location.
  func story(_ violation: CheckReport.Violation, path: String) -> [String] {
    var out: [String] = []
    let title = violation.text.map { "\(violation.id) \($0)" } ?? violation.id
    if violation.baselineState == .unchanged {
      out.append(paint("violation: \(title)", "1;33") + " (known: in the baseline)")
    } else {
      out.append(paint("violation: \(title)", "1;31"))
    }
    out.append("  why: \(violation.why)")
    if let location = violation.location {
      out.append("  at: \(path):\(location.line):\(location.column) (\(location.what))")
    }
    out.append("  after launch:")
    for line in violation.launch.state { out.append("      \(line)") }
    for (index, step) in violation.steps.enumerated() {
      out.append("  \(index + 1). " + paint(step.event, "1"))
      for entry in step.log where entry.kind != .event {
        let indent = String(repeating: "  ", count: max(0, entry.depth))
        let text: String
        switch entry.kind {
        case .rule: text = paint(entry.text, "33")
        case .problem: text = paint("! " + entry.text, "31")
        default: text = entry.text
        }
        out.append("       \(indent)\(text)")
      }
      for (line, changed) in zip(step.state, step.changed) {
        out.append((changed ? "    ~ " : "      ") + line)
      }
    }
    if violation.steps.isEmpty && violation.id != InvariantID.reachable.rawValue {
      out.append("  (right after launch)")
    }
    return out
  }

  func verdictLine(_ report: CheckReport) -> String {
    switch report.outcome {
    case .verified:
      return paint("verdict: VERIFIED", "1;32")
        + " — every invariant holds in all \(report.states) states within the bounds"
    case .violated:
      // Each property once, in report order (a flow's two `always` are two), with how many
      // places break it when more than one.
      var keys: [String] = []
      var places: [String: (id: String, count: Int)] = [:]
      for violation in report.violations {
        let key = violation.id + "\u{0}" + (violation.text ?? "")
        if places[key] == nil { keys.append(key) }
        places[key, default: (violation.id, 0)].count += 1
      }
      let ids = keys.map { key in
        let (id, count) = places[key]!
        return count > 1 ? "\(id) at \(count) places" : id
      }
      // Violations found before a limit cut the search are real, but other properties
      // were not checked everywhere: the verdict says so.
      return paint("verdict: VIOLATED", "1;31") + " — \(report.violations.count) violation(s): "
        + ids.joined(separator: ", ")
        + (report.incompleteReason.map { " (exploration incomplete: \($0))" } ?? "")
    case .incomplete:
      return paint("verdict: INCOMPLETE", "1;33")
        + " — \(report.incompleteReason ?? "a limit was hit"); nothing is verified beyond the explored states"
    case .partial:
      return paint("verdict: PARTIAL", "1;33")
        + " (bitstate, \(bitstateTable(report))): no violation among the "
        + "\(report.states) states visited; estimated coverage \(percent(report.estimatedCoverage))"
    }
  }

  /// What the baseline made of the violations: how many it knows, how many are new, and
  /// each of its entries for this flow no longer found.
  func baselineLines(_ report: CheckReport) -> [String] {
    let new = report.newViolations.count
    let known = report.violations.count - new
    var text = "baseline: \(known) known, " + (new == 0 ? "0 new" : paint("\(new) new", "1;31"))
    text += ", \(report.fixedBaselineEntries.count) fixed"
    if report.outcome == .violated && new == 0 {
      text += "; every violation is in the baseline, so it does not fail the run"
    }
    var lines = [text]
    for entry in report.fixedBaselineEntries {
      lines.append("  fixed: " + entry.description + " (no longer found; drop it with '--write-baseline')")
    }
    return lines
  }

  /// `2^20 bits`.
  private func bitstateTable(_ report: CheckReport) -> String {
    report.bitstateBits.map { "2^\($0) bits" } ?? "bit table"
  }

  private func list(_ items: [String]) -> String { items.isEmpty ? "none" : items.joined(separator: "; ") }
}

func format(_ value: Double, digits: Int) -> String {
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let scaled = (value * scale).rounded()
  let whole = Int(scaled / scale)
  let fraction = Int(abs(scaled).truncatingRemainder(dividingBy: scale))
  let fractionText = String(fraction)
  return "\(whole)." + String(repeating: "0", count: max(0, digits - fractionText.count)) + fractionText
}

/// `99.9%`, with more digits when needed so that a fraction below 1 never reads `100%`.
func percent(_ fraction: Double) -> String {
  var text = format(fraction * 100, digits: 1)
  var digits = 1
  while fraction < 1, text.hasPrefix("100."), digits < 6 {
    digits += 1
    text = format(fraction * 100, digits: digits)
  }
  if fraction < 1, text.hasPrefix("100.") { text = "99." + String(repeating: "9", count: digits) }
  return text + "%"
}

func scientific(_ value: Double) -> String {
  guard value > 0, value.isFinite else { return "0" }
  var exponent = 0
  var mantissa = value
  while mantissa < 1 {
    mantissa *= 10
    exponent -= 1
  }
  while mantissa >= 10 {
    mantissa /= 10
    exponent += 1
  }
  return format(mantissa, digits: 1) + "e" + String(exponent)
}
