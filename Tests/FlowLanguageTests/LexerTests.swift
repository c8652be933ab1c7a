import FlowLanguage
import Testing

@Suite struct LexerTests {
  func lex(_ text: String) -> LexedSource { Lexer.lex(SourceFile(path: "test.flow", text: text)) }
  func kinds(_ text: String) -> [TokenKind] { lex(text).tokens.map(\.kind) }
  func texts(_ text: String) -> [String] { lex(text).tokens.filter { $0.kind == .identifier }.map(\.text) }

  @Test func punctuationAndOperators() {
    #expect(
      kinds("{ } ( ) , ; : . ... = += -= == != < <= > >= + - ! && ||") == [
        .leftBrace, .rightBrace, .leftParen, .rightParen, .comma, .semicolon, .colon, .dot, .ellipsis,
        .assign,
        .addAssign, .subtractAssign, .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .plus,
        .minus,
        .bang, .and, .or, .endOfFile,
      ])
  }

  @Test func operatorsNeedNoSpaces() {
    #expect(kinds("a==b&&!c") == [.identifier, .equal, .identifier, .and, .bang, .identifier, .endOfFile])
    #expect(kinds("0...3") == [.integer, .ellipsis, .integer, .endOfFile])
    #expect(kinds("n-=1") == [.identifier, .subtractAssign, .integer, .endOfFile])
    #expect(kinds("Home.done") == [.identifier, .dot, .identifier, .endOfFile])
  }

  @Test func identifiersIntegersAndStrings() {
    let tokens = lex("_start9 cartItems 42 007 \"Main Flow\"").tokens
    #expect(tokens.map(\.kind) == [.identifier, .identifier, .integer, .integer, .string, .endOfFile])
    #expect(tokens[0].text == "_start9")
    #expect(tokens[2].value == 42)
    #expect(tokens[3].value == 7)
    #expect(tokens[4].text == "Main Flow")
    #expect(tokens[4].range == SourceRange(start: 25, end: 36))
  }

  @Test func theLargestIntegerFits() {
    let lexed = lex("\(Int.max)")
    #expect(lexed.diagnostics.isEmpty)
    #expect(lexed.tokens[0].value == Int.max)
  }

  @Test func idsAfterExpectViolationMayHoldDashes() {
    #expect(
      texts("expect violation shadow-sync, can-return") == [
        "expect", "violation", "shadow-sync", "can-return",
      ])
    #expect(texts("expect violation a-b,\n  c-d") == ["expect", "violation", "a-b", "c-d"])
  }

  @Test func dashesAreOperatorsEverywhereElse() {
    #expect(kinds("shadow-sync") == [.identifier, .minus, .identifier, .endOfFile])
    // A line break without a comma ends the list of ids.
    #expect(
      texts("expect violation a-b\nvar x = c-d") == ["expect", "violation", "a-b", "var", "x", "c", "d"])
    #expect(kinds("expect pass-fail") == [.identifier, .identifier, .minus, .identifier, .endOfFile])
  }

  @Test func commentsAreKeptAsideWithTheirLines() {
    let lexed = lex("// one\nscreen A // two\n/* three\n   lines */\n\nscreen B")
    #expect(lexed.comments.map(\.comment.text) == ["// one", "// two", "/* three\n   lines */"])
    #expect(lexed.comments.map(\.line) == [1, 2, 3])
    #expect(lexed.comments.map(\.endLine) == [1, 2, 4])
    let screenB = lexed.tokens[2]
    #expect(screenB.text == "screen" && screenB.line == 6)
    #expect(screenB.blankLineBefore)
    #expect(screenB.comments == 1..<3)
    #expect(lexed.tokens[0].comments == 0..<1)
  }

  @Test func tokensKnowWhetherTheyStartALine() {
    let tokens = lex("show A; show B\n  pop").tokens
    #expect(tokens.map(\.startsLine) == [true, false, false, false, false, true, false])
    #expect(tokens.map(\.blankLineBefore).allSatisfy { !$0 })
  }

  @Test func carriageReturnsAreWhitespace() {
    let lexed = lex("screen A // note\r\nscreen B\r\n")
    #expect(lexed.diagnostics.isEmpty)
    #expect(lexed.comments.map(\.comment.text) == ["// note"])
    #expect(lexed.tokens.map(\.line) == [1, 1, 2, 2, 3])
  }

  @Test func aByteOrderMarkIsSkipped() {
    let lexed = Lexer.lex(SourceFile(path: "bom.flow", bytes: [0xEF, 0xBB, 0xBF] + Array("screen A".utf8)))
    #expect(lexed.diagnostics.isEmpty)
    #expect(lexed.tokens.map(\.text) == ["screen", "A", ""])
  }

  @Test func nonASCIIIsFineInCommentsAndStrings() {
    let lexed = lex("// café ☕️\ncoordinator A: NavigationCoordinator { identifier \"Crème\" }")
    #expect(lexed.diagnostics.isEmpty)
    #expect(lexed.comments[0].comment.text == "// café ☕️")
  }

  // MARK: Diagnostics

  struct Case: Sendable, CustomTestStringConvertible {
    var source: String
    var id: DiagnosticID
    var message: String
    var testDescription: String { "\(id.rawValue): \(message)" }
  }

  static let cases: [Case] = [
    Case(
      source: "var n: 0...3 = 1️⃣99999999999999999999", id: .integerTooLarge,
      message: "integer literal is too large"),
    Case(
      source: "coordinator A: NavigationCoordinator {\n  identifier 1️⃣\"App\n}", id: .unterminatedString,
      message: "unterminated string: expected '\"' on the same line"),
    Case(
      source: "app A {}\n1️⃣/* never closed\n", id: .unterminatedComment,
      message: "unterminated comment: expected '*/'"),
    Case(source: "screen 1️⃣@#Home", id: .unexpectedCharacter, message: "unexpected characters '@#'"),
    Case(source: "always a 1️⃣& b", id: .unexpectedCharacter, message: "unexpected character '&'"),
    Case(source: "screen 1️⃣éHome", id: .unexpectedCharacter, message: "unexpected character 'é'"),
  ]

  @Test(arguments: cases) func lexicalDiagnostic(_ example: Case) throws {
    let marked = MarkedSource(example.source)
    let lexed = Lexer.lex(marked.source)
    #expect(lexed.diagnostics.count == 1)
    let diagnostic = try #require(lexed.diagnostics.first)
    #expect(diagnostic.id == example.id)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.message.hasPrefix(example.message))
    #expect(marked.source.location(of: diagnostic.offset) == marked.location(1))
  }

  @Test func invalidUTF8IsReportedOncePerRunAtItsOffset() {
    let bytes =
      Array("screen A\n// ok ".utf8) + [0xC3, 0x28] + Array("\nscreen ".utf8) + [0xFF, 0xFE, 0xFD]
      + Array(" B".utf8)
    let source = SourceFile(path: "bad.flow", bytes: bytes)
    let lexed = Lexer.lex(source)
    #expect(lexed.diagnostics.map(\.id) == [.invalidUTF8, .invalidUTF8])
    #expect(lexed.diagnostics.map(\.offset) == [15, 25])
    #expect(
      lexed.diagnostics.map { source.location(of: $0.offset) } == [
        SourceLocation(line: 2, column: 7), SourceLocation(line: 3, column: 8),
      ])
    #expect(lexed.tokens.map(\.text) == ["screen", "A", "screen", "B", ""])
  }

  @Test func aControlByteMakesTheFileBinary() {
    let bytes = Array("screen A\n".utf8) + [0x00, 0x01, 0x02] + Array("screen B\u{7}".utf8)
    let lexed = Lexer.lex(SourceFile(path: "bin.flow", bytes: bytes))
    #expect(lexed.isBinary)
    #expect(lexed.diagnostics.map(\.id) == [.binaryFile])
    #expect(lexed.diagnostics.map(\.message) == ["file looks binary"])
    #expect(lexed.diagnostics.map(\.offset) == [9])
    #expect(lexed.tokens.map(\.kind) == [.endOfFile])
  }
}
