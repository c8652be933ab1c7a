import FlowLanguage
import FlowModel

// `flowcheck explain ID`: the texts are the invariant registry's (`InvariantRegistry`).
extension Invariant {
  /// The ids `explain` accepts, in the documented order.
  static var ids: [String] { InvariantRegistry.all.map(\.id.rawValue) }

  /// The explanation, wrapped to `width` columns.
  func rendered(width: Int) -> String {
    var lines = TextWrapping.wrap("\(id.rawValue): holds when \(explanation.holdsWhen)", width: width)
    let sections = [
      ("WHAT IT CHECKS", explanation.whatItChecks), ("WHY IT MATTERS", explanation.whyItMatters),
      ("TYPICAL CAUSE", explanation.typicalCause), ("HOW TO FIX", explanation.howToFix),
    ]
    for (heading, text) in sections {
      lines.append("")
      lines.append(heading)
      lines += TextWrapping.wrap(text, width: width, indent: "  ")
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

extension Invariant {
  /// `flowcheck explain` without an id: one line per invariant, `id  holds when …`, the ids
  /// aligned, then where to read more.
  static func list() -> String {
    let width = (InvariantRegistry.all.map(\.id.rawValue.count).max() ?? 0) + 2
    var lines = InvariantRegistry.all.map { invariant in
      let id = invariant.id.rawValue
      return "  " + id + String(repeating: " ", count: width - id.count) + "holds when "
        + invariant.explanation.holdsWhen
    }
    lines.insert("Invariants (flowcheck explain <id> for what each checks and how to fix it):", at: 0)
    return lines.joined(separator: "\n") + "\n"
  }
}
