/// The one-line messages that formats for editors and CI (xcode, GitHub Actions,
/// Checkstyle, SARIF, JUnit) give a violation and an incomplete search, so that they all
/// say the same thing.
enum ViolationMessage {
  /// `[dead-screen] Home is on screen but … (shortest trace: tap Home.edit, tap Editor.save)`.
  static func line(_ violation: CheckReport.Violation) -> String {
    "[\(violation.id)] " + plain(violation)
  }

  /// The why and the trace, without the id.
  static func plain(_ violation: CheckReport.Violation) -> String {
    var text = violation.why
    if !violation.events.isEmpty {
      text += " (trace: " + violation.events.joined(separator: ", ") + ")"
    } else if violation.id != "reachable" {
      text += " (right after launch)"
    }
    return text
  }

  /// A baseline entry no violation matched after an exhaustive search.
  static func fixed(_ entry: Baseline.Entry) -> String {
    "[\(entry.id)] fixed: the baseline's violation \(entry.description) is no longer found; "
      + "drop it with '--write-baseline'"
  }

  /// Why a search proved nothing for certain, or nil when it finished exactly: a limit cut
  /// it, or it was a bitstate search.
  static func incompleteness(_ report: CheckReport) -> String? {
    switch report.outcome {
    case .incomplete:
      return "exploration incomplete: \(report.incompleteReason ?? "a limit was hit"); "
        + "nothing is verified beyond the \(report.states) explored states"
    case .partial:
      return "bitstate search: no violation among the \(report.states) states visited, "
        + "but states may have been missed (estimated coverage \(percent(report.estimatedCoverage)))"
    case .violated:
      return report.incompleteReason.map { "exploration incomplete: \($0); other violations may exist" }
    case .verified:
      return nil
    }
  }
}
