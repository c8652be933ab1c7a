import FlowLanguage
import FlowTestSupport
import Foundation
import Testing

/// Formatting changes layout only: on generated flows and on every spec in `Specs/`,
/// `parse(format(x))` has the structure of `parse(x)`, formatting is idempotent, and no
/// comment is lost.
@Suite struct FormatterPropertyTests {
  static let generatedCount = 600

  /// Checks the formatter's laws on one text that parses cleanly. When one breaks, records
  /// it with the text shrunk to a smaller one that still breaks a law: `generated`, when
  /// given, is the generated flow the text is, whose plan shrinks first.
  func checkLaws(
    _ text: String, name: String, generated: GeneratedFlow? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    guard let broken = Self.brokenLaws(text, name: name) else {
      let diagnostics = Parser.parse(SourceFile(path: name, text: text)).diagnostics
      Issue.record("\(name) does not parse: \(diagnostics.map(\.message))", sourceLocation: sourceLocation)
      return
    }
    guard !broken.isEmpty else { return }
    let stillFails = { (candidate: String) in !(Self.brokenLaws(candidate, name: name) ?? []).isEmpty }
    let shrunk =
      generated.map { FlowShrinker.shrink($0, stillFails: stillFails) }
      ?? FlowShrinker.shrink(text: text, stillFails: stillFails)
    let shrunkLaws = Self.brokenLaws(shrunk.input, name: name) ?? []
    Issue.record(
      Comment(
        rawValue: "\(name): \(broken.map { $0.prefix { $0 != "\n" } }.joined(separator: "; "))\n"
          + "--- shrunk to \(shrunk.input.split(separator: "\n").count) lines ---\n\(shrunk.input)"
          + "--- the laws it breaks ---\n" + shrunkLaws.joined(separator: "\n")),
      sourceLocation: sourceLocation)
  }

  /// The formatter's laws that `text` breaks (each with the texts that show it), or nil when
  /// it does not parse cleanly.
  static func brokenLaws(_ text: String, name: String) -> [String]? {
    let original = Parser.parse(SourceFile(path: name, text: text))
    guard original.diagnostics.isEmpty else { return nil }
    var broken: [String] = []
    let once = FlowFormatter.format(original.file)
    let reparsed = Parser.parse(SourceFile(path: name, text: once))
    if !reparsed.diagnostics.isEmpty {
      broken.append("the formatted text has errors\n--- formatted ---\n\(once)")
    }
    if SyntaxDump.dump(reparsed.file) != SyntaxDump.dump(original.file) {
      broken.append("the structure changed\n--- formatted ---\n\(once)")
    }
    let twice = FlowFormatter.format(reparsed.file)
    if twice != once {
      broken.append("formatting is not idempotent\n--- once ---\n\(once)--- twice ---\n\(twice)")
    }
    let before = Lexer.lex(SourceFile(path: name, text: text)).comments.map {
      normalized($0.comment.text)
    }
    let after = Lexer.lex(SourceFile(path: name, text: once)).comments.map {
      normalized($0.comment.text)
    }
    if after.count != before.count {
      broken.append("\(before.count - after.count) comments lost\n--- formatted ---\n\(once)")
    } else if after.sorted() != before.sorted() {
      broken.append("comments changed\n--- formatted ---\n\(once)")
    }
    if !once.hasSuffix("\n") || once.hasSuffix("\n\n") {
      broken.append("the formatted text does not end in exactly one newline")
    }
    if once.contains("\n\n\n") { broken.append("the formatted text has two blank lines in a row") }
    return broken
  }

  /// A `//` comment without its trailing spaces (the formatter drops them).
  static func normalized(_ text: String) -> String {
    guard text.hasPrefix("//") else { return text }
    var result = text
    while result.last == " " || result.last == "\t" { result.removeLast() }
    return result
  }

  @Test func generatedFlowsKeepTheirStructure() {
    for seed in 0..<UInt64(Self.generatedCount) {
      var generator = FlowGenerator(seed: seed)
      generator.decorates = seed % 5 != 4
      let flow = generator.validFlow()
      checkLaws(flow.text, name: "generated-\(seed).flow", generated: flow)
    }
  }

  /// Comments dropped between any two tokens, and at the end of any line, are all kept.
  @Test func commentsAnywhereSurvive() {
    var random = SeededRandom(seed: 99)
    for seed in 0..<UInt64(300) {
      var generator = FlowGenerator(seed: seed)
      let lines = generator.validFlowText().split(separator: "\n", omittingEmptySubsequences: false)
      var counter = 0
      let decorated = lines.map { line -> String in
        guard !line.contains("//") && !line.contains("/*") else { return String(line) }
        var text = ""
        for character in line {
          text.append(character)
          if character == " " && random.chance(0.2) {
            counter += 1
            text += "/* c\(counter) */ "
          }
        }
        if !text.isEmpty && random.chance(0.2) {
          counter += 1
          text += " // end \(counter)"
        }
        return text
      }
      checkLaws(decorated.joined(separator: "\n"), name: "commented-\(seed).flow")
    }
  }

  @Test func specsKeepTheirStructure() throws {
    let files = Self.specFiles()
    #expect(!files.isEmpty, "no Specs/*.flow found from \(#filePath)")
    for path in files {
      let data = try #require(FileManager.default.contents(atPath: path))
      checkLaws(String(decoding: data, as: UTF8.self), name: path)
    }
  }

  /// Every `.flow` file under the package's `Specs/`, sorted.
  static func specFiles() -> [String] {
    var root = URL(fileURLWithPath: #filePath)
    while root.pathComponents.count > 1
      && !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path)
    {
      root.deleteLastPathComponent()
    }
    let specs = root.appendingPathComponent("Specs").path
    guard let enumerator = FileManager.default.enumerator(atPath: specs) else { return [] }
    var files: [String] = []
    while let relative = enumerator.nextObject() as? String {
      if relative.hasSuffix(".flow") { files.append(specs + "/" + relative) }
    }
    return files.sorted()
  }

  // MARK: The generator itself

  @Test func theGeneratorIsDeterministic() {
    var first = FlowGenerator(seed: 42)
    var second = FlowGenerator(seed: 42)
    let texts = (0..<3).map { _ in first.validFlowText() }
    #expect(texts == (0..<3).map { _ in second.validFlowText() })
    #expect(Set(texts).count == 3)
    var random = SeededRandom(seed: 0)
    #expect(random.next() == 0xE220_A839_7B1D_CDAF)
  }

  @Test func generatedFlowsHaveTheShapeTheyPromise() throws {
    for seed in 0..<UInt64(200) {
      var generator = FlowGenerator(seed: seed)
      let text = generator.validFlowText()
      let parsed = Parser.parse(SourceFile(path: "g.flow", text: text))
      #expect(parsed.diagnostics.isEmpty)
      let shape = FlowShape(parsed.file)
      #expect(shape.apps == 1)
      #expect((2...8).contains(shape.screens.count))
      #expect((1...4).contains(shape.coordinators.count))
      #expect(shape.window == shape.coordinators.first)
      #expect(shape.roots.first == "window")
      #expect(shape.roots.dropFirst().allSatisfy { $0 == "parent" || $0 == "presented" })
      #expect(Set(shape.shown) == Set(shape.screens), "every screen is shown")
      #expect(
        Set(shape.started) == Set(shape.coordinators.dropFirst()),
        "every coordinator but the first is started")
      #expect(Set(shape.sent).isSubset(of: Set(shape.handled)), "every message sent is handled")
      #expect(Set(shape.handled) == Set(shape.sent), "every message handled is sent")
    }
  }
}

/// What the generator promises, read back from the syntax tree.
private struct FlowShape {
  var apps = 0
  var window: String?
  var screens: [String] = []
  var coordinators: [String] = []
  var roots: [String] = []
  var shown: [String] = []
  var started: [String] = []
  var sent: [String] = []
  var handled: [String] = []

  init(_ file: FlowFile) {
    for declaration in file.declarations {
      switch declaration.kind {
      case .app(let app):
        apps += 1
        for member in app.members {
          if case .window(let name) = member.kind { window = name.text }
        }
      case .screen(let screen):
        screens.append(screen.name.text)
      case .coordinator(let coordinator):
        coordinators.append(coordinator.name.text)
        for member in coordinator.members {
          switch member.kind {
          case .root(let clause): roots.append(clause.source.text)
          case .start(let body), .screenEvent(_, _, let body):
            visit(body)
          case .library(let member):
            visit(member.body)
          case .message(let name, _, let body):
            handled.append(name.text)
            visit(body)
          default: break
          }
        }
      case .event(let event):
        visit(event.body)
      default: break
      }
    }
  }

  mutating func visit(_ block: Block) {
    for statement in block.statements {
      switch statement.kind {
      case .navigation(let verb, let screen?, _) where verb != .popTo: shown.append(screen.text)
      case .startChild(let name): started.append(name.text)
      case .send(let name, _): sent.append(name.text)
      case .ifElse(_, let then, let otherwise):
        visit(then)
        if let otherwise { visit(otherwise) }
      case .after(_, let body, _): visit(body)
      default: break
      }
    }
  }
}
