import FlowLanguage
import FlowModel
import FlowReport

/// `flowcheck extract --check FLOW SOURCE…`: what the flow and the code disagree on. Both
/// sides are reduced to the same facts (a screen, a coordinator, a child a coordinator
/// starts, a tap it handles, a screen it shows), and each fact of one side that the other
/// lacks is a diagnostic: at the code's line when the flow lacks it, at the flow's line when
/// the code does. So a team's CI fails (exit 1) when the code changes and the model does not.
enum FlowDrift {
  /// A fact about navigation, as both sides name it.
  struct Fact: Hashable, Comparable {
    /// `screen`, `coordinator`, `child`, `transition`.
    var kind: String
    /// `Home`, `Home → Cart`, `Cart: on Cart.close`, `Cart: present Receipt`.
    var text: String

    static func < (lhs: Fact, rhs: Fact) -> Bool { (lhs.kind, lhs.text) < (rhs.kind, rhs.text) }
  }

  /// The diagnostic id of every difference, in each format.
  static let id = "model-drift"

  static func run<Output, ErrorOutput>(
    flow path: String, draft: FlowDraft, options: ExtractOptions, console: inout Console<Output, ErrorOutput>
  ) -> ExitCode {
    let bytes: [UInt8]
    do {
      bytes = try FileSystem.contents(of: path)
    } catch {
      return console.report(.unreadable(path: path, reason: error.reason))
    }
    let source = SourceFile(path: path, bytes: bytes)
    let parsed = Parser.parse(source, libraries: RuntimeRegistry.libraries)
    if parsed.diagnostics.contains(where: { $0.severity == .error }) {
      return console.report(.flowHasErrors(source, parsed.diagnostics))
    }
    let modelled = facts(of: parsed.file, in: source)
    let coded = facts(of: draft)
    var byPath: [String: [FileDiagnostics.Entry]] = [:]
    for (fact, location) in coded.sorted(by: { $0.key < $1.key }) where modelled[fact] == nil {
      byPath[location.path, default: []].append(
        FileDiagnostics.Entry(
          severity: "error", id: id,
          message: "\(describe(fact)) is in the code but not in \(path)", line: location.line, column: 1))
    }
    for (fact, location) in modelled.sorted(by: { $0.key < $1.key }) where coded[fact] == nil {
      byPath[path, default: []].append(
        FileDiagnostics.Entry(
          severity: "error", id: id,
          message: "\(describe(fact)) is in the flow but not in the code", line: location.line,
          column: location.column))
    }
    let failures = byPath.keys.sorted().map { file in
      FileDiagnostics(
        path: file, exitCode: ExitCode.violated.rawValue,
        entries: byPath[file]!.sorted { ($0.line, $0.message) < ($1.line, $1.message) })
    }
    let renderer = options.format.makeRenderer(
      RenderOptions(colour: console.colour, workingDirectory: console.workingDirectory))
    let count = failures.map(\.entries.count).reduce(0, +)
    switch options.format.name {
    case OutputFormat.text.name, "xcode":
      for failure in failures {
        for entry in failure.entries {
          console.write("\(failure.path):\(entry.line):\(entry.column): error: \(entry.message) [\(id)]\n")
        }
      }
      if options.format.name == OutputFormat.text.name {
        for (kind, plural) in [
          ("coordinator", "coordinators"), ("screen", "screens"), ("child", "children"),
          ("transition", "transitions"),
        ] {
          let inFlow = modelled.keys.filter { $0.kind == kind }
          let inCode = Set(coded.keys.filter { $0.kind == kind })
          console.write(
            "\(plural): \(inFlow.count) in the flow, \(inCode.count) in the code, "
              + "\(inFlow.filter(inCode.contains).count) in both\n")
        }
        console.write(
          count == 0
            ? "no drift: \(path) and the sources name the same screens, coordinators, children and transitions\n"
            : "drift: \(count) difference(s) between \(path) and the sources\n")
      }
    default:
      for failure in failures { console.write(renderer.render(failure)) }
      console.write(renderer.render(run: failures.map { .failed($0) }))
    }
    return count == 0 ? .verified : .violated
  }

  static func describe(_ fact: Fact) -> String {
    switch fact.kind {
    case "screen": "screen '\(fact.text)'"
    case "coordinator": "coordinator '\(fact.text)'"
    case "child": "child '\(fact.text)'"
    default: "transition '\(fact.text)'"
    }
  }

  // MARK: The flow's facts

  /// A flow's facts, each at its line and column.
  static func facts(of file: FlowFile, in source: SourceFile) -> [Fact: SourceLocation] {
    var facts: [Fact: SourceLocation] = [:]
    func note(_ fact: Fact, _ offset: Int) {
      if facts[fact] == nil { facts[fact] = source.location(of: offset) }
    }
    // An app event without `to` runs in the window's coordinator.
    var window = ""
    for declaration in file.declarations {
      if case .app(let app) = declaration.kind {
        for member in app.members { if case .window(let name) = member.kind { window = name.text } }
      }
    }
    for declaration in file.declarations {
      switch declaration.kind {
      case .screen(let screen):
        note(Fact(kind: "screen", text: screen.name.text), screen.name.range.start)
      case .coordinator(let coordinator):
        let name = coordinator.name.text
        note(Fact(kind: "coordinator", text: name), coordinator.name.range.start)
        for member in coordinator.members {
          switch member.kind {
          case .start(let block): statementFacts(block, of: name, note: note)
          case .screenEvent(let screen, let event, let body):
            note(
              Fact(kind: "transition", text: "\(name): on \(screen.text).\(event.text)"), member.range.start)
            statementFacts(body, of: name, note: note)
          case .message(_, _, let body): statementFacts(body, of: name, note: note)
          case .library(let syntax): statementFacts(syntax.body, of: name, note: note)
          case .viewController(let screen, _):
            note(Fact(kind: "transition", text: "\(name): viewController \(screen.text)"), member.range.start)
          default: break
          }
        }
      case .event(let event): statementFacts(event.body, of: event.target?.text ?? window, note: note)
      default: break
      }
    }
    return facts
  }

  private static func statementFacts(_ block: Block, of coordinator: String, note: (Fact, Int) -> Void) {
    for statement in block.statements {
      let at = statement.range.start
      switch statement.kind {
      case .navigation(let verb, let screen?, _) where [.show, .root, .top, .present].contains(verb):
        note(Fact(kind: "transition", text: "\(coordinator): \(verb.rawValue) \(screen.text)"), at)
      case .startChild(let child):
        note(Fact(kind: "child", text: "\(coordinator) → \(child.text)"), at)
      case .start(let child, _, _, let completion):
        note(Fact(kind: "child", text: "\(coordinator) → \(child.text)"), at)
        if let completion { statementFacts(completion.body, of: coordinator, note: note) }
      case .library(let syntax):
        if syntax.keyword.text == "presentChild", let child = syntax.operand {
          note(Fact(kind: "child", text: "\(coordinator) → \(child.text)"), at)
        } else if syntax.keyword.text == "present", let screen = syntax.operand {
          note(Fact(kind: "transition", text: "\(coordinator): present \(screen.text)"), at)
        }
        if let body = syntax.body { statementFacts(body, of: coordinator, note: note) }
      case .ifElse(_, let then, let otherwise):
        statementFacts(then, of: coordinator, note: note)
        if let otherwise { statementFacts(otherwise, of: coordinator, note: note) }
      case .after(_, let body, _): statementFacts(body, of: coordinator, note: note)
      default: break
      }
    }
  }

  // MARK: The code's facts

  /// The draft's facts, each at the source line it cites.
  static func facts(of draft: FlowDraft) -> [Fact: SwiftCodeBase.Location] {
    var facts: [Fact: SwiftCodeBase.Location] = [:]
    func note(_ fact: Fact, _ location: SwiftCodeBase.Location) {
      if facts[fact] == nil { facts[fact] = location }
    }
    for screen in draft.screens { note(Fact(kind: "screen", text: screen.name), screen.location) }
    for coordinator in draft.coordinators {
      note(Fact(kind: "coordinator", text: coordinator.name), coordinator.location)
      for member in coordinator.members {
        let words = member.header.split(separator: " ").map(String.init)
        if words.first == "on", words.count == 2 {
          note(Fact(kind: "transition", text: "\(coordinator.name): on \(words[1])"), member.location)
        }
        if words.first == "viewController", words.count >= 2 {
          note(
            Fact(kind: "transition", text: "\(coordinator.name): viewController \(words[1])"), member.location
          )
        }
        statementFacts(member.body ?? [], of: coordinator.name, note: note)
      }
    }
    for event in draft.events {
      statementFacts(event.body, of: event.target ?? draft.window ?? "", note: note)
    }
    return facts
  }

  private static func statementFacts(
    _ statements: [FlowDraft.Statement], of coordinator: String, note: (Fact, SwiftCodeBase.Location) -> Void
  ) {
    for statement in statements {
      switch statement {
      case .line(let text, let location), .block(let text, _, _, _, let location):
        let words = text.split(separator: " ").map(String.init)
        if words.count >= 2, ["show", "root", "top", "present"].contains(words[0]) {
          note(Fact(kind: "transition", text: "\(coordinator): \(words[0]) \(words[1])"), location)
        }
        if words.count >= 2, ["startChild", "presentChild", "start"].contains(words[0]) {
          note(Fact(kind: "child", text: "\(coordinator) → \(words[1])"), location)
        }
        if case .block(_, _, let body, let orElse, _) = statement {
          statementFacts(body + (orElse ?? []), of: coordinator, note: note)
        }
      case .todo: break
      }
    }
  }
}
