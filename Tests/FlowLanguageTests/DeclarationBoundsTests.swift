import FlowLanguage
import FlowTestSupport
import Testing

/// The model numbers screens, events, coordinators, variables, messages, app events and
/// `after` blocks in 16-bit words: a flow with more than `CheckedFlow.maximumDeclarations` of
/// one sort is refused where it passes the bound, never explored with wrapped numbers.
@Suite struct DeclarationBoundsTests {
  static let maximum = CheckedFlow.maximumDeclarations

  /// A valid flow, with `screens`, `declarations` and the window coordinator's `members`
  /// added.
  static func flow(screens: String = "", declarations: String = "", members: String = "") -> String {
    "app A {\n  window App\n}\nscreen Home\n" + screens + declarations
      + "coordinator App: NavigationCoordinator {\n  root window\n  start { root Home }\n" + members + "}\n"
  }

  static func lines(_ count: Int, _ line: (Int) -> String) -> String {
    (1...count).map { line($0) + "\n" }.joined()
  }

  /// The one error of `text`: its id, message and the line it is on.
  static func onlyError(_ text: String) throws -> (id: DiagnosticID, message: String, line: Int) {
    let source = SourceFile(path: "big.flow", text: text)
    let result = FrontEnd.check(source: source)
    #expect(result.flow == nil)
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.count == 1, "\(errors.prefix(3))")
    let error = try #require(errors.first)
    return (error.id, error.message, source.location(of: error.offset).line)
  }

  /// The line of the first occurrence of `text` in `flow`.
  static func line(of text: String, in flow: String) throws -> Int {
    let range = try #require(flow.range(of: text))
    return flow[..<range.lowerBound].filter { $0 == "\n" }.count + 1
  }

  @Test func theMostScreensAreAccepted() {
    let text = Self.flow(screens: Self.lines(Self.maximum - 1) { "screen S\($0)" })
    let result = FrontEnd.check(source: SourceFile(path: "big.flow", text: text))
    #expect(result.flow?.screens.count == Self.maximum)
  }

  @Test func oneScreenTooManyIsRefusedAtItsDeclaration() throws {
    let text = Self.flow(screens: Self.lines(Self.maximum) { "screen S\($0)" })
    let error = try Self.onlyError(text)
    #expect(error.id == .tooManyDeclarations)
    #expect(
      error.message.hasPrefix("more than \(Self.maximum) screens; flowcheck models at most \(Self.maximum)"))
    #expect(error.line == (try Self.line(of: "screen S\(Self.maximum)\n", in: text)))
  }

  @Test func oneCoordinatorTooManyIsRefusedAtItsDeclaration() throws {
    let text = Self.flow(
      declarations: Self.lines(Self.maximum) { "coordinator C\($0): NavigationCoordinator { root parent }" })
    let error = try Self.onlyError(text)
    #expect(error.message.hasPrefix("more than \(Self.maximum) coordinators"))
    // The window coordinator, declared after the others, is the one past the bound.
    #expect(error.line == (try Self.line(of: "coordinator App:", in: text)))
  }

  @Test func oneVariableTooManyIsRefusedAtItsDeclaration() throws {
    let text = Self.flow(declarations: Self.lines(Self.maximum + 1) { "var v\($0) = false" })
    let error = try Self.onlyError(text)
    #expect(error.message.hasPrefix("more than \(Self.maximum) variables"))
    #expect(error.line == (try Self.line(of: "var v\(Self.maximum + 1) ", in: text)))
  }

  @Test func oneEventTooManyOnAScreenIsRefusedAtTheScreen() throws {
    let events = (1...(Self.maximum + 1)).map { "e\($0)" }.joined(separator: ", ")
    let text = Self.flow(
      screens: "screen Busy { emits \(events) }\n", members: "  on Home.go { show Busy }\n")
    let error = try Self.onlyError(text)
    #expect(error.message.hasPrefix("screen 'Busy' has more than \(Self.maximum) events"))
    #expect(error.line == (try Self.line(of: "screen Busy", in: text)))
  }

  @Test func oneMessageTooManyIsRefusedWhereItIsNamed() throws {
    let handlers = Self.lines(Self.maximum + 1) { "  handle m\($0) { show Home }" }
    let text = Self.flow(members: handlers)
    let error = try Self.onlyError(text)
    #expect(error.message.hasPrefix("more than \(Self.maximum) messages"))
    #expect(error.line == (try Self.line(of: "handle m\(Self.maximum + 1) ", in: text)))
  }

  @Test func oneAppEventTooManyIsRefusedAtItsDeclaration() throws {
    let text = Self.flow(declarations: Self.lines(Self.maximum + 1) { "event x\($0) { }" })
    let error = try Self.onlyError(text)
    #expect(error.message.hasPrefix("more than \(Self.maximum) app events"))
    #expect(error.line == (try Self.line(of: "event x\(Self.maximum + 1) ", in: text)))
  }

  @Test func oneAsyncBlockTooManyIsRefusedWhereItIsWritten() throws {
    let text = Self.flow(
      members: "  on Home.go {\n" + Self.lines(Self.maximum + 1) { "    after w\($0) { }" } + "  }\n")
    let error = try Self.onlyError(text)
    #expect(error.message.hasPrefix("more than \(Self.maximum) 'after' blocks"))
    #expect(error.line == (try Self.line(of: "after w\(Self.maximum + 1) ", in: text)))
  }
}
