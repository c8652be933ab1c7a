/// A `.flow` draft as the extractor builds it: each line keeps the source place it came
/// from (a trailing `// path:line`, or for a line that opens a block, a comment just above it), and what the extractor could not decide is a `// TODO:` comment saying what it saw.
/// `text` prints it; `FlowFormatter` then gives it the canonical form.
struct FlowDraft {
  /// One statement of a block.
  indirect enum Statement {
    /// `show Home`, `startChild Cart`, …
    case line(String, SwiftCodeBase.Location)
    /// A header with a block: `after load {`, `start Payment {` (with `result in`),
    /// `presentChild C onDismissed {`, `if flag {` … `} else {` …
    case block(
      header: String, opening: String, body: [Statement], orElse: [Statement]?, SwiftCodeBase.Location)
    /// `// TODO: …`: something seen that the draft does not model.
    case todo(String, SwiftCodeBase.Location)
  }

  /// A member of a coordinator: `root window`, `start { … }`, `on Home.tap { … }`.
  struct Member {
    var header: String
    /// nil for a member without a block (`root window`, `viewController Cart`).
    var body: [Statement]?
    var location: SwiftCodeBase.Location
  }

  struct Coordinator {
    var name: String
    var kind: String
    var members: [Member]
    var location: SwiftCodeBase.Location
    var notes: [Statement] = []
  }

  /// An app event: a coordinator's method that app code outside the coordinators calls.
  struct Event {
    var name: String
    /// The coordinator it runs in, nil for the window's.
    var target: String?
    var body: [Statement]
    var location: SwiftCodeBase.Location
  }

  struct Screen {
    var name: String
    var location: SwiftCodeBase.Location
  }

  var appName: String
  var library: String
  var window: String?
  var home: String?
  var screens: [Screen]
  var coordinators: [Coordinator]
  var events: [Event] = []
  /// Bool variables standing for conditions the extractor cannot translate.
  var flags: [(name: String, condition: String, location: SwiftCodeBase.Location)]
  var notes: [Statement] = []

  /// The draft as `.flow` text, before formatting.
  var text: String {
    var lines: [String] = [
      "// A draft extracted by 'flowcheck extract': check every line against the code it cites."
    ]
    for note in notes { Self.render(note, indent: "", into: &lines) }
    lines.append("app \(appName) {")
    lines.append("  library \(library)")
    if let window { lines.append("  window \(window)") }
    if let home { lines.append("  home \(home)") }
    lines.append("}")
    lines.append("")
    for screen in screens { lines.append("screen \(screen.name)  // \(screen.location.text)") }
    if !flags.isEmpty { lines.append("") }
    for flag in flags {
      lines.append("// TODO: stands for the condition '\(flag.condition.commentSafe)'")
      lines.append("var \(flag.name) = false  // \(flag.location.text)")
    }
    for coordinator in coordinators {
      lines.append("")
      for note in coordinator.notes { Self.render(note, indent: "", into: &lines) }
      lines.append("// \(coordinator.location.text)")
      lines.append("coordinator \(coordinator.name): \(coordinator.kind) {")
      for member in coordinator.members {
        guard let body = member.body else {
          lines.append("  \(member.header)  // \(member.location.text)")
          continue
        }
        lines.append("  // \(member.location.text)")
        lines.append("  \(member.header) {")
        for statement in body { Self.render(statement, indent: "    ", into: &lines) }
        lines.append("  }")
      }
      lines.append("}")
    }
    for event in events {
      lines.append("")
      lines.append("// \(event.location.text)")
      lines.append("event \(event.name)\(event.target.map { " to \($0)" } ?? "") {")
      for statement in event.body { Self.render(statement, indent: "  ", into: &lines) }
      lines.append("}")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func render(_ statement: Statement, indent: String, into lines: inout [String]) {
    switch statement {
    case .line(let text, let location):
      lines.append("\(indent)\(text)  // \(location.text)")
    case .todo(let text, let location):
      lines.append("\(indent)// TODO: \(text.commentSafe) (\(location.text))")
    case .block(let header, let opening, let body, let orElse, let location):
      lines.append("\(indent)// \(location.text)")
      lines.append("\(indent)\(header) {\(opening.isEmpty ? "" : " " + opening)")
      for inner in body { render(inner, indent: indent + "  ", into: &lines) }
      if let orElse {
        lines.append("\(indent)} else {")
        for inner in orElse { render(inner, indent: indent + "  ", into: &lines) }
      }
      lines.append("\(indent)}")
    }
  }
}

extension String {
  /// One line, without what would end a `//` comment early: newlines become spaces.
  var commentSafe: String {
    String(map { $0 == "\n" || $0 == "\r" ? " " : $0 }).trimmingSpaces
  }
}
