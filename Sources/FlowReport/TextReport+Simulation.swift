extension TextReport {
  /// The report of `flowcheck simulate`: the first violation as a story, as `check` prints
  /// it, or a plain statement that no walk broke anything (which proves nothing).
  public func render(_ report: SimulationReport) -> String {
    var out: [String] = []
    out.append(
      paint("flowcheck simulate \(report.path)", "1") + " — app \(report.appName), runtime \(report.library)")
    if !quiet {
      out.append(
        "random walks: \(report.runs) runs of up to \(report.steps) steps, seed \(report.seed); "
          + "\(report.runsMade) runs made, \(report.stepsTaken) steps taken")
    }
    if let violation = report.violation {
      out.append("")
      out.append(contentsOf: story(violation, path: report.path))
      out.append("")
      out.append(
        paint("verdict: VIOLATED", "1;31")
          + " — \(violation.id) broken in run \(report.runsMade) of \(report.runs) "
          + "(seed \(report.seed)); a random walk's trace, not necessarily a shortest one")
    } else if let code = report.interruption {
      out.append("")
      out.append(
        paint("verdict: INCOMPLETE", "1;33")
          + " — interrupted by \(signalName(code)) after \(report.runsMade) of \(report.runs) runs; "
          + "no violation in the walks made (seed \(report.seed))")
    } else if let limit = report.timeLimit {
      out.append("")
      out.append(
        paint("verdict: INCOMPLETE", "1;33")
          + " — time limit \(limit) s reached after \(report.runsMade) of \(report.runs) runs; "
          + "no violation in the walks made (seed \(report.seed))")
      out.append(
        "this is not verification: random walks see only some of the states; "
          + "'flowcheck check' explores them all")
    } else {
      out.append("")
      out.append("no violation in \(report.runs) runs of up to \(report.steps) steps (seed \(report.seed))")
      out.append(
        "this is not verification: random walks see only some of the states; "
          + "'flowcheck check' explores them all")
    }
    return out.joined(separator: "\n") + "\n"
  }
}
