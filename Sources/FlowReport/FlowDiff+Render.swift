extension FlowDiff {
  /// The sections of a diff, in the order every format prints them: a title and its lines.
  var sections: [(title: String, lines: [String])] {
    [
      ("screens added", screensAdded),
      ("screens removed", screensRemoved),
      ("transitions added", transitionsAdded),
      ("transitions removed", transitionsRemoved),
      ("violations new", violationsNew),
      ("violations fixed", violationsFixed),
      (
        "shortest path from launch changed",
        distanceChanges.map { "\($0.place): \($0.old) → \($0.new) event(s)" }
      ),
      (
        "can no longer return home",
        cannotReturnHome.map { "\($0.place): \($0.states) state(s) from which no event sequence shows home" }
      ),
      (
        "incomplete: a limit stopped the check, so violations may be missing",
        incompleteSearches
      ),
    ]
  }

  /// For a terminal: a title line, then each non-empty section with its lines indented.
  public var text: String {
    var lines = ["flowcheck diff \(old.path) → \(new.path)"]
    if isEmpty { lines.append("no change to the navigation") }
    for section in sections where !section.lines.isEmpty {
      lines.append("\(section.title) (\(section.lines.count)):")
      lines += section.lines.map { "  " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// For a pull request comment: a heading, then a list per non-empty section.
  public var markdown: String {
    var lines = ["### flowcheck: navigation changes", "", "`\(old.path)` → `\(new.path)`", ""]
    if isEmpty { lines += ["No change to the navigation.", ""] }
    for section in sections where !section.lines.isEmpty {
      lines.append(
        "**\(section.title.prefix(1).uppercased() + section.title.dropFirst())** (\(section.lines.count))")
      lines.append("")
      lines += section.lines.map { "- " + Self.markdownCode($0) }
      lines.append("")
    }
    return lines.joined(separator: "\n")
  }

  /// One JSON object on one line, keys sorted, with a schema version.
  public var json: String {
    var object: [String: JSONValue] = [
      "command": .string("diff"),
      "schemaVersion": .int(1),
      "old": .string(old.path),
      "new": .string(new.path),
      "screensAdded": .array(screensAdded.map(JSONValue.string)),
      "screensRemoved": .array(screensRemoved.map(JSONValue.string)),
      "transitionsAdded": .array(transitionsAdded.map(JSONValue.string)),
      "transitionsRemoved": .array(transitionsRemoved.map(JSONValue.string)),
      "violationsNew": .array(violationsNew.map(JSONValue.string)),
      "violationsFixed": .array(violationsFixed.map(JSONValue.string)),
      "distanceChanges": .array(
        distanceChanges.map {
          .object(["screen": .string($0.place), "old": .int($0.old), "new": .int($0.new)])
        }),
      "cannotReturnHome": .array(
        cannotReturnHome.map { .object(["screen": .string($0.place), "states": .int($0.states)]) }),
    ]
    // Present only when a check was stopped, so that the reports of complete checks are as
    // they were.
    if !incompleteSearches.isEmpty {
      object["incomplete"] = .array(
        [old, new].compactMap { summary in
          summary.incompleteReason.map { .object(["path": .string(summary.path), "reason": .string($0)]) }
        })
    }
    return JSONValue.object(object).compact() + "\n"
  }

  /// A line as inline code, where the arrows and names read best.
  static func markdownCode(_ line: String) -> String {
    line.contains("`") ? line : "`" + line + "`"
  }
}
