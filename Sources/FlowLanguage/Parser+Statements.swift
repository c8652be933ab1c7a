// Blocks and statements.

extension Parser.Session {
  /// `block := '{' statement* '}'`, statements separated by line breaks or `;`.
  ///
  /// `owner` names the block in messages ("'start'", "event 'logout'"); `description` says
  /// where the `{` was expected ("after 'start'"). Beyond the nesting cap the block is
  /// reported and skipped without recursing.
  mutating func parseBlock(owner: String, after description: String, enclosing: Parser.ListLevel) -> Block {
    let start = current.range.start
    if at(.leftBrace) && depth >= Parser.maximumNesting {
      reportNesting(at: start)
      skipBalancedBraces()
      return Block(statements: [], range: SourceRange(start: start, end: lastConsumedEnd))
    }
    let (open, parseBody) = openBody(after: description, enclosing: enclosing)
    guard parseBody else { return Block(statements: [], range: .at(start)) }
    depth += 1
    defer { depth -= 1 }
    let (entries, closing) = parseItems(.block, owner: owner, open: open) { $0.parseStatement() }
    let statements = entries.map { Statement(kind: $0.kind, range: $0.range, trivia: $0.trivia) }
    return Block(
      statements: statements, range: SourceRange(start: start, end: max(start, lastConsumedEnd)),
      closingComments: closing)
  }

  mutating func reportNesting(at offset: Int) {
    report(.nestingTooDeep, "nesting deeper than \(Parser.maximumNesting) levels", at: offset)
  }

  /// ```
  /// statement := 'show' NAME | 'root' NAME | 'top' NAME anim? | 'pop' ('to' NAME)? anim?
  ///            | 'present' NAME anim? | 'dismiss' anim? | 'startChild' NAME | 'stopChild' NAME
  ///            | 'start' NAME ('in' ':' NAME)? anim? completion?
  ///            | 'finish' ('(' NAME ')')? | 'send' NAME
  ///            | 'setStack' NAME (',' NAME)*
  ///            | 'selectTab' NAME | 'call' NAME '.' NAME
  ///            | KEYWORD NAME? anim? (WORD? block)?   (a runtime's StatementForm)
  ///            | 'if' expr block ('else' (block | if-statement))?
  ///            | NAME ('=' | '+=' | '-=') expr | 'after' 'weak'? NAME block
  /// ```
  /// Returns nil after reporting and skipping something that is not a statement.
  mutating func parseStatement() -> StatementKind? {
    let token = current
    guard token.kind == .identifier else {
      report(.expectedStatement, "expected a statement", at: token.range.start)
      skipGarbage(.block)
      return nil
    }
    switch token.text {
    case "show": return parseNavigation(.show)
    case "root": return parseNavigation(.root)
    case "top": return parseNavigation(.top)
    case "pop": return parseNavigation(.pop)
    case "present": return parseNavigation(.present)
    case "dismiss": return parseNavigation(.dismiss)
    case "startChild":
      advance()
      return .startChild(expectName("a coordinator name after 'startChild'"))
    case "stopChild":
      advance()
      return .stopChild(expectName("a coordinator name after 'stopChild'"))
    case "start":
      return parseStart()
    case "finish":
      advance()
      guard at(.leftParen) && !current.startsLine else { return .finish }
      advance()
      let value = expectName("a result value after 'finish(', as in 'finish(done)'")
      expect(.rightParen, "expected ')' after the result value of 'finish'")
      return .finishWith(value)
    case "send":
      advance()
      let message = expectName("a message name after 'send'")
      return .send(message, arguments: parseArguments())
    case "setStack":
      advance()
      var screens = [expectName("a screen name after 'setStack'")]
      while current.kind == .comma && !current.startsLine {
        advance()
        screens.append(expectName("a screen name after ',' in 'setStack'"))
      }
      return .setStack(screens)
    case "selectTab":
      advance()
      return .selectTab(expectName("a coordinator name after 'selectTab'"))
    case "call":
      advance()
      let coordinator = expectName("a coordinator name after 'call', as in 'call Orders.open'")
      guard at(.dot) && !current.startsLine else {
        reportExpected(
          "expected '.' and a message name after 'call \(coordinator.text)', as in 'call \(coordinator.text).open'"
        )
        return .call(coordinator: coordinator, message: Name("", .at(current.range.start)), arguments: [])
      }
      advance()
      let message = expectName("a message name after '\(coordinator.text).'")
      return .call(coordinator: coordinator, message: message, arguments: parseArguments())
    case "if":
      return parseIf()
    case "after":
      advance()
      // `weak` is a word here only when a name follows it: `after weak reply { … }`.
      let weak = current.kind == .identifier && current.text == "weak" && peek(1).kind == .identifier
      if weak { advance() }
      let name = expectName("a name for the async work after 'after', as in 'after payment { … }'")
      let owner = "'after \(weak ? "weak " : "")\(name.text)'"
      return .after(name, parseBlock(owner: owner, after: "after \(owner)", enclosing: .block), weak: weak)
    case "else":
      report(.expectedStatement, "'else' must follow the '}' of an 'if' block", at: token.range.start)
      skipGarbage(.block)
      return nil
    default:
      if let form = vocabulary.forms[token.text] { return .library(parseLibraryStatement(form)) }
      let next = peek()
      if !vocabulary.isReserved(token.text) && !next.startsLine, let op = Self.assignmentOperator(next.kind) {
        advance()
        advance()
        return .assignment(Name(token.text, token.range), op, parseExpression())
      }
      report(
        .unknownKeyword, Parser.unknownMessage("statement", token.text, among: vocabulary.statementKeywords),
        at: token.range.start)
      skipGarbage(.block)
      return nil
    }
  }

  /// A runtime's statement, by its form: `KEYWORD NAME? anim? (WORD? block)?`, the block on
  /// the statement's line.
  mutating func parseLibraryStatement(_ form: StatementForm) -> LibraryStatementSyntax {
    let keyword = advance()
    var statement = LibraryStatementSyntax(keyword: Name(keyword.text, keyword.range))
    if let operand = form.operand {
      statement.operand = expectName("a \(operand.rawValue) name after '\(keyword.text)'")
    }
    if form.takesAnimated { statement.animated = parseAnimated() }
    if let word = form.blockWord {
      guard atWord(word) && !current.startsLine else { return statement }
      advance()
      statement.blockWord = word
      statement.body = parseBlock(owner: "'\(word)'", after: "after '\(word)'", enclosing: .block)
    } else if form.takesBlock && at(.leftBrace) && !current.startsLine {
      let owner = "'\(keyword.text)'"
      statement.body = parseBlock(owner: owner, after: "after \(owner)", enclosing: .block)
    }
    return statement
  }

  /// `'start' NAME ('in' ':' NAME)? anim? completion?`: a child started with a completion.
  /// The completion block's `{` is on the statement's line.
  mutating func parseStart() -> StatementKind {
    advance()
    let child = expectName("a coordinator name after 'start'")
    var context: Name? = nil
    if atWord("in") && !current.startsLine {
      advance()
      if at(.colon) && !current.startsLine {
        advance()
      } else {
        reportExpected("expected ':' after 'in'")
      }
      let choices = Resolution.choices(vocabulary.startContexts)
      context = expectName("a start context after 'in:'" + (choices.isEmpty ? "" : ": " + choices))
    }
    let animated = parseAnimated()
    guard at(.leftBrace) && !current.startsLine else {
      return .start(child, context: context, animated: animated, completion: nil)
    }
    return .start(child, context: context, animated: animated, completion: parseCompletion(child))
  }

  /// `completion := '{' (NAME 'in')? statement* '}'`, at its `{`: the block run with the
  /// child's result, bound to NAME.
  mutating func parseCompletion(_ child: Name) -> CompletionBlock {
    let start = current.range.start
    if depth >= Parser.maximumNesting {
      reportNesting(at: start)
      skipBalancedBraces()
      return CompletionBlock(
        binding: nil, body: Block(statements: [], range: SourceRange(start: start, end: lastConsumedEnd)))
    }
    let open = advance()
    depth += 1
    defer { depth -= 1 }
    var binding: Name? = nil
    if current.kind == .identifier && peek().isWord("in") {
      let name = advance()
      advance()
      binding = Name(name.text, name.range)
    }
    let owner = "the completion of 'start \(child.text)'"
    let (entries, closing) = parseItems(.block, owner: owner, open: open) { $0.parseStatement() }
    let statements = entries.map { Statement(kind: $0.kind, range: $0.range, trivia: $0.trivia) }
    let body = Block(
      statements: statements, range: SourceRange(start: start, end: max(start, lastConsumedEnd)),
      closingComments: closing)
    return CompletionBlock(binding: binding, body: body)
  }

  static func assignmentOperator(_ kind: TokenKind) -> AssignmentOperator? {
    switch kind {
    case .assign: .assign
    case .addAssign: .add
    case .subtractAssign: .subtract
    default: nil
    }
  }

  /// A navigation verb: `show S`, `pop`, `pop to S`, `dismiss`…, then an optional `animated: BOOL`.
  mutating func parseNavigation(_ verb: NavigationVerb) -> StatementKind {
    let keyword = advance()
    var verb = verb
    var screen: Name? = nil
    switch verb {
    case .pop:
      if atWord("to") && !current.startsLine {
        advance()
        verb = .popTo
        screen = expectName("a screen name after 'pop to'")
      }
    case .dismiss:
      break
    default:
      screen = expectName("a screen name after '\(keyword.text)'")
    }
    return .navigation(verb: verb, screen: screen, animated: parseAnimated())
  }

  /// `anim := 'animated' ':' ('true' | 'false')`, on the line of its verb.
  mutating func parseAnimated() -> AnimatedFlag? {
    guard atWord("animated") && !current.startsLine else { return nil }
    let word = advance()
    if at(.colon) {
      advance()
    } else {
      reportExpected("expected ':' after 'animated'")
    }
    if (atWord("true") || atWord("false")) && !current.startsLine {
      let value = advance()
      return AnimatedFlag(
        value: value.text == "true", range: SourceRange(start: word.range.start, end: value.range.end))
    }
    reportExpected("expected 'true' or 'false' after 'animated:'")
    if atNameOnSameLine { advance() }
    return nil
  }

  /// `'if' expr block ('else' (block | if-statement))?`, read as a loop over the `else if`
  /// links (each one a nesting level), then built from the last link outwards.
  mutating func parseIf() -> StatementKind {
    var keyword = advance()
    var clauses: [(keyword: Token, condition: Expression, body: Block)] = []
    var otherwise: Block? = nil
    var links = 0
    defer { depth -= links }
    while true {
      let condition = parseExpression()
      let body = parseBlock(owner: "the 'if' block", after: "after the 'if' condition", enclosing: .block)
      clauses.append((keyword, condition, body))
      guard atWord("else") else { break }
      advance()
      if atWord("if") && !current.startsLine {
        if depth >= Parser.maximumNesting {
          reportNesting(at: current.range.start)
          skipIfChain()
          break
        }
        depth += 1
        links += 1
        keyword = advance()
        continue
      }
      otherwise = parseBlock(owner: "the 'else' block", after: "after 'else'", enclosing: .block)
      break
    }
    var inner = clauses.removeLast()
    var kind = StatementKind.ifElse(condition: inner.condition, then: inner.body, otherwise: otherwise)
    while let outer = clauses.popLast() {
      let range = SourceRange(start: inner.keyword.range.start, end: lastConsumedEnd)
      let elseBlock = Block(statements: [Statement(kind: kind, range: range)], range: range)
      kind = .ifElse(condition: outer.condition, then: outer.body, otherwise: elseBlock)
      inner = outer
    }
    return kind
  }

  /// Skips `if … { … } else if … { … } else { … }` from an `if`, without recursing.
  mutating func skipIfChain() {
    while true {
      advance()
      while !atEnd && !at(.leftBrace) && !at(.rightBrace) && !closesList(.block, current) { advance() }
      guard at(.leftBrace) else { return }
      skipBalancedBraces()
      guard atWord("else") else { return }
      advance()
      if atWord("if") { continue }
      if at(.leftBrace) { skipBalancedBraces() }
      return
    }
  }
}
