extension ReplayResult {
  /// The replay told for people: the events that ran, numbered, then a verdict line.
  ///
  /// ```
  /// replay of traces/shop.1.shadow-sync.trace.json on Specs/shop.flow: shadow-sync, 4 steps
  ///   1. tap Catalog.select
  ///   …
  /// verdict: REPRODUCED — shadow-sync is broken again after step 4: …
  /// ```
  public func text(flowPath: String, tracePath: String, traceLength: Int) -> String {
    var lines = ["replay of \(tracePath) on \(flowPath): \(property), \(traceLength) step(s)"]
    for (index, event) in events.enumerated() { lines.append("  \(index + 1). \(event)") }
    lines.append("verdict: " + verdict(traceLength: traceLength))
    return lines.joined(separator: "\n") + "\n"
  }

  /// The verdict line's text, after `verdict: `.
  public func verdict(traceLength: Int) -> String {
    switch outcome {
    case .reproduced(0):
      return "REPRODUCED — \(property) is broken again at launch, before any step: \(why ?? "")"
    case .reproduced(let step):
      return "REPRODUCED — \(property) is broken again after step \(step) of \(traceLength): \(why ?? "")"
    case .notReproduced:
      return "NOT REPRODUCED — all \(traceLength) step(s) ran and \(property) held after each"
    case .cut(0):
      return "NOT REPRODUCED — the launch goes beyond the flow's limits, which cut it"
    case .cut(let step):
      return "NOT REPRODUCED — step \(step) of \(traceLength) goes beyond the flow's limits, which cut it"
    case .stopsApplying(let step, let enabled) where enabled.isEmpty:
      return
        "NOT REPRODUCED — the trace no longer applies at step \(step) of \(traceLength): no event is possible there"
    case .stopsApplying(let step, let enabled):
      return
        "NOT REPRODUCED — the trace no longer applies at step \(step) of \(traceLength): "
        + "that event is not possible there (possible: \(enabled.joined(separator: ", ")))"
    case .propertyGone:
      return "NOT REPRODUCED — the flow no longer declares \(property)"
    case .undecided(let limit):
      return
        "UNDECIDED — no home screen among the first \(limit) states reachable after the last step; \(property) is neither confirmed nor refuted"
    }
  }
}
