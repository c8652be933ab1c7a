import FlowLanguage
import FlowTestSupport
import Testing

/// Parses `text`, expects no diagnostics, and returns the structural dump's lines.
func parsedDump(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
  let result = Parser.parse(SourceFile(path: "test.flow", text: text))
  #expect(result.diagnostics.isEmpty, "\(result.diagnostics)", sourceLocation: sourceLocation)
  return SyntaxDump.dump(result.file).split(separator: "\n").map(String.init)
}

func parsedFile(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> FlowFile {
  let result = Parser.parse(SourceFile(path: "test.flow", text: text))
  #expect(result.diagnostics.isEmpty, "\(result.diagnostics)", sourceLocation: sourceLocation)
  return result.file
}

@Suite struct ParserTests {
  // MARK: Declarations

  @Test func app() {
    let text = """
      app Shop {
        library radianttap
        window App
        home Home
        limits { stack 6, presented 2, depth 14 }
      }
      """
    #expect(
      parsedDump(text) == [
        "app Shop", "  library radianttap", "  window App", "  home Home",
        "  limits stack=6 presented=2 depth=14",
      ])
  }

  @Test func limitsMaySpanLinesWithATrailingComma() {
    #expect(
      parsedDump("app A {\n  limits {\n    stack 6,\n    states 100,\n  }\n}") == [
        "app A", "  limits stack=6 states=100",
      ])
    #expect(parsedDump("app A { limits {} }") == ["app A", "  limits"])
  }

  @Test func baseMaySpanLinesWithATrailingComma() {
    #expect(
      parsedDump("app A {\n  base {\n    completions popped,\n    removeChild type,\n  }\n}") == [
        "app A", "  base completions=popped removeChild=type",
      ])
    #expect(parsedDump("app A { base {} }") == ["app A", "  base"])
  }

  @Test func screens() {
    let text = """
      screen Home
      screen Cart { style pageSheet }
      screen Login { style formSheet, modalInPresentation }
      screen Product { emits addToCart, related, modalInPresentation, emits share }
      screen Empty {}
      screen Tall {
        style fullScreen,
        emits a,
          b
      }
      """
    #expect(
      parsedDump(text) == [
        "screen Home", "screen Cart style=pageSheet", "screen Login style=formSheet modalInPresentation",
        "screen Product emits=[addToCart,related] modalInPresentation emits=[share]", "screen Empty",
        "screen Tall style=fullScreen emits=[a,b]",
      ])
  }

  @Test func variables() {
    #expect(
      parsedDump("var loggedIn = false\nvar cartItems: 0...3 = 0\nvar offset: -2...2 = -1") == [
        "var loggedIn = false", "var cartItems 0...3 = 0", "var offset -2...2 = (- 1)",
      ])
    let file = parsedFile("var n: 1...3 = 2")
    guard case .variable(let variable) = file.declarations[0].kind else {
      Issue.record("not a variable")
      return
    }
    #expect(variable.bounds == IntegerBounds(low: 1, high: 3, range: SourceRange(start: 7, end: 12)))
    #expect(variable.name == Name("n", SourceRange(start: 4, end: 5)))
  }

  @Test func coordinatorMembers() {
    let text = """
      coordinator Cart: NavigationCoordinator {
        root presented
        identifier "CartFlow"
        var step: 0...2 = 0
        start { root Cart }
        on Cart.close { dismiss; finish }
        handle cartAdd { step += 1 }
        popBack { step = 0 }
        didFinish { pop }
        didFinish Account { show Cart }
      }
      """
    #expect(
      parsedDump(text) == [
        "coordinator Cart: NavigationCoordinator", "  root presented", "  identifier \"CartFlow\"",
        "  var step 0...2 = 0", "  start", "    root Cart", "  on Cart.close", "    dismiss", "    finish",
        "  handle cartAdd", "    step += 1", "  popBack", "    step = 0", "  didFinish", "    pop",
        "  didFinish Account", "    show Cart",
      ])
  }

  @Test func everyStatement() {
    let text = """
      event all {
        show A
        root A
        top A animated: false
        pop
        pop animated: true
        pop to A
        pop to A animated: false
        present A animated: false
        dismiss
        dismiss animated: false
        startChild C
        stopChild C
        finish
        takeover
        activate
        send m
        x = true
        n += 1
        n -= 2
        after load { show A }
      }
      """
    #expect(
      parsedDump(text) == [
        "event all", "  show A", "  root A", "  top A animated=false", "  pop", "  pop animated=true",
        "  pop to A",
        "  pop to A animated=false", "  present A animated=false", "  dismiss", "  dismiss animated=false",
        "  startChild C", "  stopChild C", "  finish", "  takeover", "  activate", "  send m", "  x = true",
        "  n += 1", "  n -= 2", "  after load", "    show A",
      ])
  }

  @Test func ifElseAndElseIf() {
    #expect(
      parsedDump("event e { if a { show A } else if b { show B } else { show C } }") == [
        "event e", "  if (name a)", "    show A", "  else", "    if (name b)", "      show B", "    else",
        "      show C",
      ])
    #expect(
      parsedDump("event e {\n  if a {\n    pop\n  }\n  else {\n    dismiss\n  }\n}") == [
        "event e", "  if (name a)", "    pop", "  else", "    dismiss",
      ])
  }

  @Test func elseIfIsAnElseBlockHoldingOneIf() {
    let file = parsedFile("event e { if a { pop } else if b { dismiss } }")
    guard case .event(let event) = file.declarations[0].kind,
      case .ifElse(_, _, let otherwise?) = event.body.statements[0].kind
    else {
      Issue.record("no if statement")
      return
    }
    #expect(otherwise.statements.count == 1)
    guard case .ifElse(let condition, _, nil) = otherwise.statements[0].kind else {
      Issue.record("else block does not hold an if")
      return
    }
    #expect(condition.kind == .name(Name("b", SourceRange(start: 31, end: 32))))
    #expect(otherwise.range == SourceRange(start: 28, end: 44))
  }

  @Test func appEvents() {
    #expect(
      parsedDump("event logout when loggedIn { loggedIn = false }\nevent push { }") == [
        "event logout when (name loggedIn)", "  loggedIn = false", "event push",
      ])
  }

  @Test func tabSelectionAndCallsIntoAChild() {
    #expect(
      parsedDump("event e { selectTab Orders; call Orders.showLatest }") == [
        "event e", "  selectTab Orders", "  call Orders.showLatest",
      ])
    #expect(
      formatted("event e {selectTab Orders;call Orders . showLatest}")
        == "event e { selectTab Orders; call Orders.showLatest }\n")
  }

  @Test func messagesWithArguments() {
    #expect(
      parsedDump(
        "coordinator A: NavigationCoordinator {\n  handle open(page: 0...2, now: Bool) { send open(page + 1, !now); call B.go(-1) }\n}"
      ) == [
        "coordinator A: NavigationCoordinator", "  handle open(page: 0...2, now: Bool)",
        "    send open((+ (name page) 1), (! (name now)))", "    call B.go((- 1))",
      ])
    #expect(
      formatted(
        "coordinator A: NavigationCoordinator {\nhandle open( page :-1 ... 2 ){send open(page+1);call B.go(( 2 ))}\n}"
      )
        == "coordinator A: NavigationCoordinator {\n  handle open(page: -1...2) { send open(page + 1); call B.go((2)) }\n}\n"
    )
    // An empty list is no list: the canonical form drops it.
    #expect(formatted("event e { send ping() }") == "event e { send ping }\n")
  }

  @Test func appEventsAddressedToACoordinator() {
    #expect(
      parsedDump("event shipped to Orders when ready { show Shipment }") == [
        "event shipped to Orders when (name ready)", "  show Shipment",
      ])
    #expect(
      formatted("event shipped   to Orders {show Shipment}") == "event shipped to Orders { show Shipment }\n")
  }

  @Test func propertiesAndPrecedence() {
    let text = """
      always a || b && !c == d + 1 - 2
      never (a || b) && started(Cart) && onScreen(Home, 2)
      reachable -n < -(1)
      always top == Receipt
      never f()
      always x <= 1 || x >= 2 || x != 3 || x > 4 || x < 5
      """
    #expect(
      parsedDump(text) == [
        "always (|| (name a) (&& (name b) (== (! (name c)) (- (+ (name d) 1) 2))))",
        "never (&& (&& (paren (|| (name a) (name b))) (call started (name Cart))) (call onScreen (name Home) 2))",
        "reachable (< (- (name n)) (- (paren 1)))",
        "always (== (name top) (name Receipt))",
        "never (call f)",
        "always (|| (|| (|| (|| (<= (name x) 1) (>= (name x) 2)) (!= (name x) 3)) (> (name x) 4)) (< (name x) 5))",
      ])
  }

  @Test func expressionsMaySpanLines() {
    #expect(
      parsedDump("always a &&\n  b\n  || c\nscreen A") == [
        "always (|| (&& (name a) (name b)) (name c))", "screen A",
      ])
  }

  @Test func expectations() {
    #expect(
      parsedDump("expect pass\nexpect incomplete\nexpect violation shadow-sync, can-return,\n  always") == [
        "expect pass", "expect incomplete", "expect violation shadow-sync,can-return,always",
      ])
  }

  @Test func topIsAVerbInStatementsAndAValueInExpressions() {
    #expect(
      parsedDump("event e { top Home; if top == Home { pop } }") == [
        "event e", "  top Home", "  if (== (name top) (name Home))", "    pop",
      ])
  }

  @Test func semicolonsSeparateLikeLineBreaks() {
    #expect(parsedDump("screen A; screen B;") == ["screen A", "screen B"])
    #expect(parsedDump("event e { show A;; show B; }") == ["event e", "  show A", "  show B"])
    #expect(parsedDump("coordinator C: NavigationCoordinator { root window; start { root A } }").count == 4)
  }

  @Test func rangesCoverTheirText() {
    let file = parsedFile(
      "screen Home\ncoordinator C: NavigationCoordinator {\n  start { show Home animated: false }\n}")
    #expect(file.declarations[0].range == SourceRange(start: 0, end: 11))
    guard case .coordinator(let coordinator) = file.declarations[1].kind,
      case .start(let block) = coordinator.members[0].kind
    else {
      Issue.record("no coordinator")
      return
    }
    #expect(coordinator.name.range == SourceRange(start: 24, end: 25))
    #expect(coordinator.members[0].range == SourceRange(start: 53, end: 88))
    #expect(block.range == SourceRange(start: 59, end: 88))
    #expect(block.statements[0].range == SourceRange(start: 61, end: 86))
    guard case .navigation(.show, let screen?, let animated?) = block.statements[0].kind else {
      Issue.record("no show")
      return
    }
    #expect(screen.range == SourceRange(start: 66, end: 70))
    #expect(animated == AnimatedFlag(value: false, range: SourceRange(start: 71, end: 86)))
    #expect(file.declarations[1].range == SourceRange(start: 12, end: 90))
  }

  // MARK: Comments

  @Test func commentsAttachToTheirItems() {
    let text = """
      // header
      app A { // after brace
        library radianttap // trailing
        // closing
      }

      /* before screen */
      screen B // trailing B
      coordinator C: NavigationCoordinator {
        start {
          show B

          // about pop
          pop /* end of line */
          // last
        }
      }
      // end
      """
    let file = parsedFile(text)
    #expect(file.declarations[0].trivia == Trivia(leading: [comment("// header", 0)]))
    guard case .app(let app) = file.declarations[0].kind else {
      Issue.record("no app")
      return
    }
    #expect(app.members[0].trivia.leading.map(\.text) == ["// after brace"])
    #expect(app.members[0].trivia.trailing?.text == "// trailing")
    #expect(app.closingComments.map(\.text) == ["// closing"])
    #expect(file.declarations[1].trivia.blankLineBefore)
    #expect(file.declarations[1].trivia.leading.map(\.text) == ["/* before screen */"])
    #expect(file.declarations[1].trivia.trailing?.text == "// trailing B")
    #expect(!file.declarations[2].trivia.blankLineBefore)
    guard case .coordinator(let coordinator) = file.declarations[2].kind,
      case .start(let block) = coordinator.members[0].kind
    else {
      Issue.record("no coordinator")
      return
    }
    #expect(block.statements[0].trivia == Trivia())
    #expect(block.statements[1].trivia.blankLineBefore)
    #expect(block.statements[1].trivia.leading.map(\.text) == ["// about pop"])
    #expect(block.statements[1].trivia.trailing?.text == "/* end of line */")
    #expect(block.closingComments.map(\.text) == ["// last"])
    #expect(file.trailingComments.map(\.text) == ["// end"])
  }

  func comment(_ text: String, _ start: Int) -> FlowLanguage.Comment {
    FlowLanguage.Comment(text: text, range: SourceRange(start: start, end: start + text.utf8.count))
  }

  @Test func aCommentAfterABlockOnItsLineTrailsTheWholeItem() {
    let file = parsedFile("event e { show A } // note\nevent f {\n  pop // inner\n} // outer")
    #expect(file.declarations.map { $0.trivia.trailing?.text } == ["// note", "// outer"])
    guard case .event(let event) = file.declarations[1].kind else {
      Issue.record("no event")
      return
    }
    #expect(event.body.statements[0].trivia.trailing?.text == "// inner")
  }

  @Test func aTrailingCommentMayFollowASemicolon() {
    let file = parsedFile("screen A; // a\nscreen B")
    #expect(file.declarations[0].trivia.trailing?.text == "// a")
    #expect(file.declarations[1].trivia.leading.isEmpty)
  }

  @Test func commentsInsideAnItemMoveToTheNextItem() {
    let file = parsedFile("screen A { style /* odd */ pageSheet }\nscreen B")
    #expect(file.declarations[1].trivia.leading.map(\.text) == ["/* odd */"])
  }

  // MARK: Diagnostics

  struct Case: Sendable, CustomTestStringConvertible {
    var source: String
    var id: DiagnosticID
    var message: String
    var testDescription: String { "\(id.rawValue): \(message)" }
    init(_ source: String, _ id: DiagnosticID, _ message: String) {
      self.source = source
      self.id = id
      self.message = message
    }
  }

  static let cases: [Case] = [
    Case("1️⃣  \n\t\n", .emptyFile, "file is empty; a flow needs at least an 'app' declaration"),
    // Only separators: formatted, it would be the empty file, which is an error too.
    Case("1️⃣;", .emptyFile, "file is empty; a flow needs at least an 'app' declaration"),
    Case("1️⃣ ;\n;; ;\n", .emptyFile, "file is empty; a flow needs at least an 'app' declaration"),
    Case("screen1️⃣\nscreen B", .expectedToken, "expected a name after 'screen'"),
    Case(
      "coordinator App: NavigationCoordinator {\n  start { root Home }\n1️⃣screen Home", .expectedToken,
      "expected '}' to end coordinator 'App'"),
    Case(
      "coordinator App: NavigationCoordinator1️⃣\nscreen Home", .expectedToken,
      "expected '{' after coordinator 'App'"),
    Case(
      "coordinator App 1️⃣{\n}", .expectedToken, "expected ':' and a coordinator kind after coordinator 'App'"),
    Case("screen A 1️⃣screen B", .expectedToken, "consecutive declarations on a line must be separated by ';'"),
    Case(
      "event e { show A 1️⃣show B }", .expectedToken,
      "consecutive statements on a line must be separated by ';'"),
    // A runtime's block word after a statement whose form does not take it.
    Case(
      "event e { present A 1️⃣onDismissed { pop }; pop }", .expectedToken,
      "'onDismissed { … }' belongs to 'presentChild' only; write 'presentChild C onDismissed { … }'"),
    Case(
      "app A {\n  home H 1️⃣window W\n}", .expectedToken,
      "consecutive members on a line must be separated by ';'"),
    Case(
      "coordinator C: NavigationCoordinator {\n  on Home 1️⃣{ pop }\n}", .expectedToken,
      "expected '.' and an event name after 'on Home', as in 'on Home.done'"),
    Case("event e { pop animated: 1️⃣yes }", .expectedToken, "expected 'true' or 'false' after 'animated:'"),
    Case("event e { pop animated 1️⃣false }", .expectedToken, "expected ':' after 'animated'"),
    Case("app A { limits { stack 1️⃣x } }", .expectedToken, "expected a number after limit 'stack'"),
    Case("app A { limits { 1️⃣, stack 1 } }", .expectedToken, "expected a limit name such as 'stack'"),
    Case("app A { limits { stack 1 1️⃣depth 2 } }", .expectedToken, "expected ',' between limits"),
    Case("app A { base { completions 1️⃣3 } }", .expectedToken, "expected a value after setting 'completions'"),
    Case(
      "app A { base { 1️⃣, completions popped } }", .expectedToken,
      "expected a setting name such as 'completions'"),
    Case(
      "app A { base { completions popped 1️⃣removeChild type } }", .expectedToken,
      "expected ',' between settings"),
    Case("always (a || b1️⃣\nscreen A", .expectedToken, "expected ')' to match '('"),
    Case(
      "screen A { style pageSheet 1️⃣modalInPresentation }", .expectedToken,
      "expected ',' between screen attributes"),
    Case("screen A { style pageSheet\n1️⃣screen B", .expectedToken, "expected '}' to end screen 'A'"),
    Case("var ready1️⃣\nscreen A", .expectedToken, "expected '=' and an initial value for variable 'ready'"),
    Case("var n: 0 1️⃣3 = 0", .expectedToken, "expected '...' between the bounds of variable 'n'"),
    Case(
      "expect violation1️⃣\n", .expectedToken,
      "expected an invariant id after 'violation', such as 'shadow-sync'"),
    Case("expect1️⃣\nscreen A", .expectedToken, "expected 'pass', 'incomplete' or 'violation' after 'expect'"),
    Case(
      "coordinator A: NavigationCoordinator {\n  identifier1️⃣\n}", .expectedToken,
      "expected a quoted name after 'identifier', as in 'identifier \"Cart\"'"),
    Case(
      "coordinator A: NavigationCoordinator {\n  start { root Home\n  1️⃣on Home.done { pop }\n}",
      .expectedToken,
      "expected '}' to end 'start'"),
    Case("event e1️⃣\nscreen A", .expectedToken, "expected '{' after event 'e'"),
    Case("event e { show 1️⃣}", .expectedToken, "expected a screen name after 'show'"),
    Case("event e { pop to1️⃣\n}", .expectedToken, "expected a screen name after 'pop to'"),
    Case(
      "app A {}\n1️⃣)\nscreen B", .expectedDeclaration,
      "expected a declaration such as 'app', 'screen' or 'coordinator'"),
    Case(
      "app A { 1️⃣) }", .expectedDeclaration,
      "expected an app member: 'library', 'window', 'home', 'limits' or 'base'"),
    Case(
      "coordinator A: NavigationCoordinator { 1️⃣42 }", .expectedDeclaration,
      "expected a coordinator member such as 'start' or 'on'"),
    Case("event e {\n  1️⃣(\n}", .expectedStatement, "expected a statement"),
    Case("event e {\n  1️⃣else { pop }\n}", .expectedStatement, "'else' must follow the '}' of an 'if' block"),
    Case("var ready = 1️⃣;", .expectedExpression, "expected an expression"),
    Case("always1️⃣\nscreen A", .expectedExpression, "expected an expression"),
    Case("event e { if 1️⃣{ pop } }", .expectedExpression, "expected an expression"),
    Case("event e { x = 1️⃣) }", .expectedExpression, "expected an expression"),
    Case("always a && 1️⃣&& b", .expectedExpression, "expected an expression"),
    Case(
      "coordinator App: NavigationCoordinator 1️⃣{\n  start { root Home }\n", .unterminatedBlock,
      "'{' of coordinator 'App' is never closed"),
    Case("event e 1️⃣{ if a { pop }", .unterminatedBlock, "'{' of event 'e' is never closed"),
    Case("1️⃣scren Home", .unknownKeyword, "unknown declaration 'scren'; did you mean 'screen'?"),
    Case("1️⃣banana Home", .unknownKeyword, "unknown declaration 'banana'"),
    Case(
      "1️⃣show Home", .unknownKeyword,
      "statement 'show' must be inside a block, such as a coordinator's 'start { … }'"),
    Case("event e { 1️⃣shwo Home }", .unknownKeyword, "unknown statement 'shwo'; did you mean 'show'?"),
    Case(
      "coordinator A: NavigationCoordinator {\n  1️⃣strat { root Home }\n}", .unknownKeyword,
      "unknown coordinator member 'strat'; did you mean 'start'?"),
    Case(
      "coordinator A: NavigationCoordinator {\n  1️⃣show Home\n}", .unknownKeyword,
      "statement 'show' must be inside a block, such as 'start { … }' or 'on Screen.event { … }'"),
    Case("app A {\n  1️⃣windwo App\n}", .unknownKeyword, "unknown app member 'windwo'; did you mean 'window'?"),
    Case(
      "screen A { 1️⃣stlye pageSheet }", .unknownKeyword,
      "unknown screen attribute 'stlye'; did you mean 'style'?"),
    Case("expect 1️⃣pas", .unknownKeyword, "unknown expectation 'pas'; did you mean 'pass'?"),
    Case(
      "coordinator A: NavigationCoordinator {\n  handle open(page 1️⃣0...2) {}\n}", .expectedToken,
      "expected ':' and a type after parameter 'page', as in 'page: 0...2' or 'page: Bool'"),
    Case(
      "event e { send open(1 1️⃣}", .expectedToken, "expected ')' to match '('"),
    Case(
      "event e { call Orders 1️⃣}", .expectedToken,
      "expected '.' and a message name after 'call Orders', as in 'call Orders.open'"),
    Case(
      "expect 1️⃣violatoin shadow-sync", .unknownKeyword,
      "unknown expectation 'violatoin'; did you mean 'violation'?"),
  ]

  @Test(arguments: cases) func parseDiagnostic(_ example: Case) throws {
    let marked = MarkedSource(example.source)
    let result = Parser.parse(marked.source)
    #expect(result.diagnostics.count == 1, "\(result.diagnostics.map(\.message))")
    let diagnostic = try #require(result.diagnostics.first)
    #expect(diagnostic.id == example.id)
    #expect(diagnostic.severity == .error)
    #expect(diagnostic.message == example.message)
    #expect(marked.source.location(of: diagnostic.offset) == marked.location(1))
  }

  @Test func aMissingBraceNotesWhereTheBlockOpened() throws {
    let marked = MarkedSource(
      "coordinator App: NavigationCoordinator 1️⃣{\n  start { root Home }\n2️⃣screen Home")
    let diagnostic = try #require(Parser.parse(marked.source).diagnostics.first)
    #expect(diagnostic.offset == marked[2])
    #expect(
      diagnostic.notes == [DiagnosticNote(message: "'{' of coordinator 'App' is here", offset: marked[1])])
  }

  @Test func anUnterminatedBlockNotesTheEndOfTheFile() throws {
    let text = "event e {\n  pop\n"
    let diagnostic = try #require(Parser.parse(SourceFile(path: "t.flow", text: text)).diagnostics.first)
    #expect(
      diagnostic.notes == [
        DiagnosticNote(message: "expected '}' before the end of the file", offset: text.utf8.count)
      ])
  }

  @Test func nestingDeeperThan64BlocksIsReportedOnce() throws {
    // The event's block is level 1; each `if` adds one; the 65th `{` is one too many.
    let text = "event e { " + String(repeating: "if true { ", count: 70) + String(repeating: "} ", count: 71)
    let diagnostics = Parser.parse(SourceFile(path: "t.flow", text: text)).diagnostics
    #expect(diagnostics.map(\.id) == [.nestingTooDeep])
    #expect(diagnostics.map(\.message) == ["nesting deeper than 64 levels"])
    let braces = text.utf8.enumerated().filter { $0.element == UInt8(ascii: "{") }.map(\.offset)
    #expect(diagnostics.first?.offset == braces[64])
  }

  @Test func nestingDeeperThan64ParenthesesOrUnaryOperatorsIsReportedOnce() {
    let parentheses = "always " + String(repeating: "(", count: 70) + "a" + String(repeating: ")", count: 70)
    let parsed = Parser.parse(SourceFile(path: "t.flow", text: parentheses))
    #expect(parsed.diagnostics.map(\.id) == [.nestingTooDeep])
    #expect(parsed.diagnostics.first?.offset == 7 + 64)
    let bangs = "always " + String(repeating: "!", count: 70) + "a"
    let negations = Parser.parse(SourceFile(path: "t.flow", text: bangs))
    #expect(negations.diagnostics.map(\.id) == [.nestingTooDeep])
    #expect(negations.diagnostics.first?.offset == 7 + 64)
    // 64 levels are fine.
    let deepest = "always " + String(repeating: "(", count: 64) + "a" + String(repeating: ")", count: 64)
    #expect(Parser.parse(SourceFile(path: "t.flow", text: deepest)).diagnostics.isEmpty)
  }

  @Test func aLongOperatorChainIsCappedOnce() {
    let text = "always " + String(repeating: "a && ", count: 300) + "a"
    let diagnostics = Parser.parse(SourceFile(path: "t.flow", text: text)).diagnostics
    #expect(diagnostics.map(\.message) == ["expression deeper than 256 levels"])
  }

  // MARK: Recovery

  @Test func oneRunReportsEverySeparateError() {
    let marked = MarkedSource(
      """
      app Shop {
        library radianttap
        1️⃣wndow App
      }
      screen Home { style pageSheet 2️⃣modalInPresentation }
      coordinator App: NavigationCoordinator {
        root window
        start { show 3️⃣}
        on Home.done { pop }
      }
      """)
    let result = Parser.parse(marked.source)
    #expect(result.diagnostics.map(\.id) == [.unknownKeyword, .expectedToken, .expectedToken])
    #expect(result.diagnostics.map(\.offset) == [marked[1], marked[2], marked[3]])
    // Everything around the errors is still there.
    #expect(result.file.declarations.count == 3)
    #expect(SyntaxDump.dump(result.file).contains("on Home.done\n    pop"))
  }

  @Test func garbageIsSkippedToTheNextDeclaration() {
    let result = Parser.parse(
      SourceFile(path: "t.flow", text: "screen A\n%%% ) ( {\n  show X\n}\nscreen B\n}}\nscreen C"))
    #expect(
      result.diagnostics.map(\.id) == [.unexpectedCharacter, .expectedDeclaration, .expectedDeclaration])
    #expect(SyntaxDump.dump(result.file) == "screen A\nscreen B\nscreen C\n")
  }

  @Test func aMissingBraceIsSynthesised() {
    let result = Parser.parse(
      SourceFile(
        path: "t.flow",
        text: "coordinator A: NavigationCoordinator\n  root window\n  start { root H }\n}\nscreen H"))
    #expect(result.diagnostics.map(\.message) == ["expected '{' after coordinator 'A'"])
    #expect(
      SyntaxDump.dump(result.file)
        == "coordinator A: NavigationCoordinator\n  root window\n  start\n    root H\nscreen H\n")
  }

  // MARK: Bad input

  /// Every diagnostic is an error or warning with an offset inside the file.
  func expectSane(
    _ result: ParseResult, _ count: Int, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    #expect(result.diagnostics.contains { $0.severity == .error }, sourceLocation: sourceLocation)
    for diagnostic in result.diagnostics {
      #expect((0...count).contains(diagnostic.offset), sourceLocation: sourceLocation)
      #expect(!diagnostic.message.isEmpty, sourceLocation: sourceLocation)
    }
  }

  @Test func emptyAndBlankFiles() {
    for text in ["", " ", "\n\n\t\r\n"] {
      let result = Parser.parse(SourceFile(path: "t.flow", text: text))
      #expect(result.diagnostics.map(\.id) == [.emptyFile])
      #expect(result.diagnostics.map(\.offset) == [0])
    }
    // Comments alone are not empty: the resolver reports the missing app.
    #expect(Parser.parse(SourceFile(path: "t.flow", text: "// nothing yet")).diagnostics.isEmpty)
  }

  @Test func binaryFiles() {
    let bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 0x02, 0x01, 0x00, 0x00] + Array(repeating: 0, count: 1000)
    let result = Parser.parse(SourceFile(path: "a.out", bytes: bytes))
    #expect(result.diagnostics.map(\.id) == [.binaryFile])
    #expect(result.file == FlowFile())
  }

  @Test func invalidUTF8() {
    let bytes =
      Array("app A {}\nscreen ".utf8) + [0xC0, 0xAF, 0xED, 0xA0, 0x80] + Array("B\n// \u{FFFD}".utf8) + [0xF5]
    let result = Parser.parse(SourceFile(path: "t.flow", bytes: bytes))
    #expect(result.diagnostics.map(\.id) == [.invalidUTF8, .invalidUTF8])
    #expect(result.diagnostics.map(\.offset) == [16, bytes.count - 1])
    expectSane(result, bytes.count)
  }

  /// A hostile input, named so that test output stays short.
  struct Hostile: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var text: String
    init(_ name: String, _ text: String) {
      testDescription = name
      self.text = text
    }
  }

  static let hostile: [Hostile] = [
    Hostile("20,000 nested '{'", String(repeating: "{", count: 20_000)),
    Hostile("20,000 '{' in a block", "event e { " + String(repeating: "{", count: 20_000)),
    Hostile("20,000 nested ifs", "event e { " + String(repeating: "if true { ", count: 20_000)),
    Hostile(
      "20,000 else ifs", "event e { if a { } " + String(repeating: "else if a { } ", count: 20_000) + "}"),
    Hostile("20,000 nested '('", "always " + String(repeating: "(", count: 20_000)),
    Hostile(
      "20,000 balanced '('",
      "always " + String(repeating: "(", count: 20_000) + "a" + String(repeating: ")", count: 20_000)),
    Hostile("40,000 unary operators", "always " + String(repeating: "!-", count: 20_000) + "a"),
    Hostile("20,000 nested calls", "always " + String(repeating: "f(", count: 20_000)),
    Hostile("100,000 '||'", "always " + String(repeating: "a || ", count: 100_000) + "a"),
    Hostile("an unterminated block", "coordinator A: NavigationCoordinator {\n  start {\n    show A\n"),
    Hostile("a 1 MB line", "screen " + String(repeating: "A", count: 1_000_000) + " @"),
    Hostile(
      "a long comment and an unterminated string",
      "// " + String(repeating: "x", count: 1_000_000) + "\n\"" + String(repeating: "y", count: 100_000)),
    Hostile("20,000 '}'", String(repeating: "}", count: 20_000)),
    Hostile("20,000 ')'", String(repeating: ")", count: 20_000)),
  ]

  @Test(arguments: hostile) func hostileInputEndsInAnErrorInsideTheFile(_ input: Hostile) {
    let result = Parser.parse(SourceFile(path: "t.flow", text: input.text))
    expectSane(result, input.text.utf8.count)
    _ = FlowFormatter.format(result.file)
  }

  @Test func mutatedFlowsNeverCrashTheParser() {
    var random = SeededRandom(seed: 7)
    let pieces = [
      "{", "}", "(", ")", ";", ",", ".", "...", "\"", "/*", "//", "\n", "if", "else", "-", "@", "é", "\u{0}",
    ]
    for round in 0..<300 {
      var generator = FlowGenerator(seed: UInt64(round))
      var bytes = Array(generator.validFlowText().utf8)
      for _ in 0..<random.int(in: 1...6) {
        let position = random.int(in: 0...bytes.count)
        switch random.int(in: 0...2) {
        case 0 where position < bytes.count:
          bytes.removeSubrange(position..<min(bytes.count, position + random.int(in: 1...8)))
        default:
          bytes.insert(contentsOf: Array(pieces[random.int(in: 0...(pieces.count - 1))].utf8), at: position)
        }
      }
      let result = Parser.parse(SourceFile(path: "fuzz.flow", bytes: bytes))
      for diagnostic in result.diagnostics {
        #expect((0...bytes.count).contains(diagnostic.offset))
      }
      _ = FlowFormatter.format(result.file)
      _ = SyntaxDump.dump(result.file)
    }
  }

  @Test func aMegabyteParsesInOnePass() {
    var generator = FlowGenerator(seed: 1)
    var text = generator.validFlowText()
    let unit = text
    while text.utf8.count < 1_000_000 { text += unit }
    let result = Parser.parse(SourceFile(path: "big.flow", text: text))
    #expect(result.diagnostics.isEmpty)
    #expect(result.file.declarations.count > 1000)
  }
}
