/// Flows written for tests that step through a runtime's mechanics one event at a time,
/// from before transitions were in flight by default (issue 34): each expects a push,
/// pop, presentation or dismissal to complete within the step that starts it. Such a test
/// runs its flow with `inflight 0` unless the flow names `inflight` itself; transitions in
/// flight have suites of their own, and the spec corpus runs with the default.
public enum TransitionsInTheirStep {
  /// `text` with `limits { inflight 0 }` written just after its `app … {` (so that no line
  /// moves), or `text` unchanged when it names `inflight` or has no `app` line.
  public static func flow(_ text: String) -> String {
    guard !text.contains("inflight") else { return text }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard
      let index = lines.firstIndex(where: { $0.trimmingPrefixSpaces().hasPrefix("app ") }),
      let brace = lines[index].firstIndex(of: "{")
    else { return text }
    let rest = lines[index][lines[index].index(after: brace)...]
    let separator = rest.allSatisfy { $0 == " " } ? "" : ";"
    lines[index].insert(
      contentsOf: " limits { inflight 0 }" + separator, at: lines[index].index(after: brace))
    return lines.joined(separator: "\n")
  }
}

extension String {
  fileprivate func trimmingPrefixSpaces() -> Substring { drop { $0 == " " } }
}
