import FlowLanguage
import FlowModel

/// What the front end promises for any bytes at all: the oracle of the `frontend` fuzz
/// target (`Tests/Fuzz`), and of the tests that keep the inputs it found.
///
/// - The front end ends either in a checked flow with no error, or in at least one error;
///   every diagnostic and note is placed inside the file, and each renders as
///   `path:line:col`.
/// - The resolver survives the trees the parser recovers from errors, which the front end
///   does not hand it.
/// - A file without syntax errors (what `fmt` formats): its canonical form parses without
///   errors to the same structure, formats to itself, keeps every comment (but the white
///   space at the end of a `//` comment), ends with exactly one line feed and has no two
///   blank lines in a row; and checking it gives the same verdict and diagnostics as
///   checking the original (the positions aside).
public enum FrontEndLaws {
  /// The laws `bytes` breaks, each a line naming the law with what shows it; empty when
  /// they all hold.
  public static func broken(_ bytes: [UInt8], path: String = "fuzz.flow") -> [String] {
    let source = SourceFile(path: path, bytes: bytes)
    let result = FrontEnd.check(source: source)
    var broken = resultLaws(result, stage: "front end")
    let parsed = Parser.parse(source, libraries: RuntimeRegistry.libraries)
    if parsed.diagnostics.contains(where: { $0.severity == .error }) {
      let resolved = Resolver.resolve(parsed.file, source: source)
      let errors = resolved.diagnostics.contains { $0.severity == .error }
      if (resolved.flow == nil) != errors {
        broken.append("resolver of a recovered tree: a flow iff no error")
      }
      broken += placementLaws(resolved.diagnostics, in: source, stage: "resolver of a recovered tree")
      return broken
    }
    return broken + formattingLaws(parsed.file, original: result, source: source)
  }

  /// A flow iff no error, `hasErrors` agreeing, every position inside the file.
  static func resultLaws(_ result: FrontEndResult, stage: String) -> [String] {
    var broken: [String] = []
    let errors = result.diagnostics.filter { $0.severity == .error }
    if let flow = result.flow {
      if !errors.isEmpty { broken.append("\(stage): a flow despite errors: \(errors)") }
      if flow.coordinators.isEmpty { broken.append("\(stage): a flow without coordinators") }
    } else if errors.isEmpty {
      broken.append("\(stage): no flow and no error: \(result.diagnostics)")
    }
    if result.hasErrors != !errors.isEmpty {
      broken.append("\(stage): hasErrors disagrees with the diagnostics")
    }
    if let source = result.source {
      broken += placementLaws(result.diagnostics, in: source, stage: stage)
    }
    return broken
  }

  /// Every diagnostic and note at an offset inside the file, rendered with its position.
  static func placementLaws(_ diagnostics: [Diagnostic], in source: SourceFile, stage: String) -> [String] {
    var broken: [String] = []
    let renderer = DiagnosticRenderer(colour: false)
    for diagnostic in diagnostics {
      let offsets = [diagnostic.offset] + diagnostic.notes.map(\.offset)
      if offsets.contains(where: { !(0...source.bytes.count).contains($0) }) {
        broken.append("\(stage): an offset outside the file: \(diagnostic)")
        continue
      }
      let location = source.location(of: diagnostic.offset)
      let prefix = "\(source.path):\(location.line):\(location.column): \(diagnostic.severity.rawValue): "
      if !renderer.render(diagnostic, in: source).hasPrefix(prefix) {
        broken.append("\(stage): a diagnostic that does not render as '\(prefix)…': \(diagnostic)")
      }
    }
    return broken
  }

  /// The formatter's laws on a tree parsed without errors, and the front end's verdict on
  /// the formatted text.
  static func formattingLaws(_ file: FlowFile, original: FrontEndResult, source: SourceFile) -> [String] {
    var broken: [String] = []
    let once = FlowFormatter.format(file)
    let formattedSource = SourceFile(path: source.path, text: once)
    let reparsed = Parser.parse(formattedSource, libraries: RuntimeRegistry.libraries)
    if reparsed.diagnostics.contains(where: { $0.severity == .error }) {
      return ["the formatted text has errors: \(reparsed.diagnostics)\n--- formatted ---\n\(once)"]
    }
    if SyntaxDump.dump(reparsed.file) != SyntaxDump.dump(file) {
      broken.append("formatting changed the structure\n--- formatted ---\n\(once)")
    }
    let twice = FlowFormatter.format(reparsed.file)
    if twice != once {
      broken.append("formatting is not idempotent\n--- once ---\n\(once)--- twice ---\n\(twice)")
    }
    let before = Lexer.lex(source).comments.map { trimmed($0.comment.text) }
    let after = Lexer.lex(formattedSource).comments.map { trimmed($0.comment.text) }
    if before.sorted() != after.sorted() {
      broken.append("formatting lost or changed comments: \(before) became \(after)")
    }
    if !once.hasSuffix("\n") || once.hasSuffix("\n\n") {
      broken.append("the formatted text does not end with exactly one line feed")
    }
    if once.contains("\n\n\n") { broken.append("the formatted text has two blank lines in a row") }

    let checked = FrontEnd.check(source: formattedSource)
    if (checked.flow == nil) != (original.flow == nil) {
      broken.append("the formatted text resolves to a flow and the original does not, or the reverse")
    }
    if checked.diagnostics.map(Self.positionFree) != original.diagnostics.map(Self.positionFree) {
      broken.append(
        "the formatted text has other diagnostics: \(original.diagnostics.map(\.message)) became "
          + "\(checked.diagnostics.map(\.message))")
    }
    return broken
  }

  /// A `//` comment without the white space at its end (spaces, tabs, carriage returns),
  /// which the formatter drops. A carriage return not followed by a line feed is white space
  /// inside the comment, since only a line feed ends a line.
  static func trimmed(_ text: String) -> String {
    guard text.hasPrefix("//") else { return text }
    var bytes = Array(text.utf8)
    while let last = bytes.last, last == 0x20 || last == 0x09 || last == 0x0D { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A diagnostic as formatting must keep it: everything but its offsets.
  static func positionFree(_ diagnostic: Diagnostic) -> String {
    ([diagnostic.severity.rawValue, diagnostic.id.rawValue, diagnostic.message]
      + diagnostic.notes.map(\.message))
      .joined(separator: "\u{1F}")
  }
}
