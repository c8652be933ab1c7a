// Top-level declarations and the members of `app`, `screen` and `coordinator`.

extension Parser.Session {
  /// `kind 'name'`, or just `kind` when the name is missing.
  func describe(_ kind: String, _ name: Name) -> String {
    name.text.isEmpty ? kind : "\(kind) '\(name.text)'"
  }

  /// `declaration := app | screen | var | coordinator | event | property | expect`
  ///
  /// Returns nil after reporting and skipping something that is not a declaration.
  mutating func parseDeclaration() -> DeclarationKind? {
    let token = current
    guard token.kind == .identifier else {
      report(
        .expectedDeclaration, "expected a declaration such as 'app', 'screen' or 'coordinator'",
        at: token.range.start)
      skipGarbage(.file)
      return nil
    }
    switch token.text {
    case "app": return parseApp()
    case "screen": return parseScreen()
    case "var": return .variable(parseVariable())
    case "coordinator": return parseCoordinator()
    case "event": return parseEvent()
    case "always", "never", "reachable": return parseProperty()
    case "expect": return parseExpect()
    default:
      let message =
        vocabulary.statementKeywords.contains(token.text)
        ? "statement '\(token.text)' must be inside a block, such as a coordinator's 'start { … }'"
        : Parser.unknownMessage("declaration", token.text, among: Parser.declarationKeywords)
      report(.unknownKeyword, message, at: token.range.start)
      skipGarbage(.file)
      return nil
    }
  }

  // MARK: app

  /// `app := 'app' NAME '{' app-member* '}'`
  mutating func parseApp() -> DeclarationKind {
    advance()
    let name = expectName("a name after 'app'")
    let owner = describe("app", name)
    let (open, parseBody) = openBody(after: "after \(owner)", enclosing: .file)
    guard parseBody else { return .app(AppDeclaration(name: name, members: [])) }
    depth += 1
    defer { depth -= 1 }
    let (entries, closing) = parseItems(.app, owner: owner, open: open) { $0.parseAppMember() }
    let members = entries.map { AppMember(kind: $0.kind, range: $0.range, trivia: $0.trivia) }
    return .app(AppDeclaration(name: name, members: members, closingComments: closing))
  }

  /// `app-member := 'library' NAME | 'window' NAME | 'home' NAME | 'limits' '{' … '}'
  /// | 'base' '{' … '}'`
  mutating func parseAppMember() -> AppMemberKind? {
    let token = current
    guard token.kind == .identifier else {
      report(
        .expectedDeclaration, "expected an app member: 'library', 'window', 'home', 'limits' or 'base'",
        at: token.range.start)
      skipGarbage(.app)
      return nil
    }
    switch token.text {
    case "library":
      advance()
      return .library(expectName("a library name after 'library'"))
    case "window":
      advance()
      return .window(expectName("a coordinator name after 'window'"))
    case "home":
      advance()
      return .home(expectName("a screen name after 'home'"))
    case "limits":
      return .limits(parseLimits())
    case "base":
      return .base(parseBase())
    default:
      report(
        .unknownKeyword, Parser.unknownMessage("app member", token.text, among: Parser.appMemberKeywords),
        at: token.range.start)
      skipGarbage(.app)
      return nil
    }
  }

  /// `'limits' '{' NAME INT (',' NAME INT)* ','? '}'`; line breaks inside the braces are free.
  mutating func parseLimits() -> [LimitEntry] {
    parseNamedValues("limits", name: "a limit name such as 'stack'", plural: "limits") { parser, name in
      guard parser.at(.integer) else {
        parser.reportExpected("expected a number after limit '\(name.text)'")
        return nil
      }
      let value = parser.advance()
      return LimitEntry(name: Name(name.text, name.range), value: value.value, valueRange: value.range)
    }
  }

  /// `'base' '{' NAME NAME (',' NAME NAME)* ','? '}'`, as `limits` with a name for each value;
  /// line breaks inside the braces are free.
  mutating func parseBase() -> [BaseEntry] {
    parseNamedValues("base", name: "a setting name such as 'completions'", plural: "settings") {
      parser, name in
      guard parser.current.kind == .identifier && !parser.current.startsLine else {
        parser.reportExpected("expected a value after setting '\(name.text)'")
        return nil
      }
      let value = parser.advance()
      return BaseEntry(name: Name(name.text, name.range), value: Name(value.text, value.range))
    }
  }

  /// `KEYWORD '{' NAME VALUE (',' NAME VALUE)* ','? '}'` (`limits`, `base`): the entries
  /// `value` makes, given each name's token with the parser at its value; nil when the value
  /// is missing, which `value` reports and the rest of the entry is skipped. `name` and
  /// `plural` word the errors. Line breaks inside the braces are free; a declaration or an
  /// app member at the start of a line is a missing `}`.
  mutating func parseNamedValues<Entry>(
    _ keyword: String, name: String, plural: String, value: (inout Parser.Session, Token) -> Entry?
  ) -> [Entry] {
    advance()
    guard at(.leftBrace) else {
      reportExpected("expected '{' after '\(keyword)'")
      return []
    }
    let open = advance()
    var entries: [Entry] = []
    var needsComma = false
    while true {
      if at(.rightBrace) {
        advance()
        break
      }
      if atEnd {
        reportUnterminated(owner: "'\(keyword)'", open: open)
        break
      }
      if current.startsLine && current.kind == .identifier
        && (Parser.declarationKeywords.contains(current.text)
          || Parser.appMemberKeywords.contains(current.text))
      {
        reportMissingClosingBrace("'\(keyword)'", open: open)
        break
      }
      if at(.comma) {
        if !needsComma { report(.expectedToken, "expected \(name)", at: current.range.start) }
        advance()
        needsComma = false
        continue
      }
      if needsComma {
        reportExpected("expected ',' between \(plural)")
        needsComma = false
      }
      guard current.kind == .identifier else {
        report(.expectedToken, "expected \(name)", at: current.range.start)
        advance()
        continue
      }
      let nameToken = advance()
      if let entry = value(&self, nameToken) {
        entries.append(entry)
      } else {
        while !atEnd && !at(.comma) && !at(.rightBrace) && !current.startsLine { advance() }
      }
      needsComma = true
    }
    return entries
  }

  // MARK: screen

  /// `screen := 'screen' NAME ( '{' attribute (',' attribute)* '}' )?`; line breaks inside the
  /// braces are free.
  mutating func parseScreen() -> DeclarationKind {
    advance()
    let name = expectName("a name after 'screen'")
    var attributes: [ScreenAttribute] = []
    if at(.leftBrace) {
      let open = advance()
      let owner = describe("screen", name)
      var needsComma = false
      while true {
        if at(.rightBrace) {
          advance()
          break
        }
        if atEnd {
          reportUnterminated(owner: owner, open: open)
          break
        }
        if current.startsLine && current.kind == .identifier
          && Parser.declarationKeywords.contains(current.text)
        {
          reportMissingClosingBrace(owner, open: open)
          break
        }
        if at(.comma) {
          if !needsComma { report(.expectedToken, "expected a screen attribute", at: current.range.start) }
          advance()
          needsComma = false
          continue
        }
        if needsComma {
          reportExpected("expected ',' between screen attributes")
          needsComma = false
        }
        if let attribute = parseScreenAttribute() { attributes.append(attribute) }
        needsComma = true
      }
    }
    return .screen(ScreenDeclaration(name: name, attributes: attributes))
  }

  /// `attribute := 'style' NAME | 'modalInPresentation' | 'emits' NAME (',' NAME)*`
  ///
  /// An `emits` list goes on over commas until `}` or a name that is an attribute keyword:
  /// `emits a, b, modalInPresentation` is two attributes.
  mutating func parseScreenAttribute() -> ScreenAttribute? {
    let token = current
    guard token.kind == .identifier else {
      report(
        .expectedToken, "expected a screen attribute: 'style', 'modalInPresentation' or 'emits'",
        at: token.range.start)
      skipAttribute()
      return nil
    }
    let kind: ScreenAttributeKind
    switch token.text {
    case "style":
      advance()
      kind = .style(expectName("a presentation style after 'style', such as 'pageSheet'"))
    case "modalInPresentation":
      advance()
      kind = .modalInPresentation
    case "emits":
      advance()
      var events = [expectName("an event name after 'emits'")]
      while at(.comma) && peek().kind == .identifier && !Parser.screenAttributeKeywords.contains(peek().text)
        && !(peek().startsLine && Parser.declarationKeywords.contains(peek().text))
      {
        advance()
        let event = advance()
        events.append(Name(event.text, event.range))
      }
      kind = .emits(events)
    default:
      report(
        .unknownKeyword,
        Parser.unknownMessage("screen attribute", token.text, among: Parser.screenAttributeKeywords),
        at: token.range.start)
      skipAttribute()
      return nil
    }
    return ScreenAttribute(kind: kind, range: SourceRange(start: token.range.start, end: lastConsumedEnd))
  }

  /// Skips a bad attribute up to the next `,` or `}`.
  mutating func skipAttribute() {
    advance()
    while !atEnd && !at(.comma) && !at(.rightBrace) {
      if current.startsLine && current.kind == .identifier
        && Parser.declarationKeywords.contains(current.text)
      {
        return
      }
      advance()
    }
  }

  // MARK: var

  /// `var := 'var' NAME ( ':' INT '...' INT )? '=' expr` (bounds may be negative)
  mutating func parseVariable() -> VariableDeclaration {
    advance()
    let name = expectName("a name after 'var'")
    let owner = describe("variable", name)
    var bounds: IntegerBounds? = nil
    if at(.colon) {
      advance()
      let start = current.range.start
      let low = parseSignedInteger("a lower bound after ':', as in 'var \(name.text): 0...3 = 0'")
      expect(.ellipsis, "expected '...' between the bounds of \(owner)")
      let high = parseSignedInteger("an upper bound after '...'")
      bounds = IntegerBounds(
        low: low, high: high, range: SourceRange(start: start, end: max(start, lastConsumedEnd)))
    }
    let initialValue: Expression
    if at(.assign) {
      advance()
      initialValue = parseExpression()
    } else {
      reportExpected("expected '=' and an initial value for \(owner)")
      initialValue = placeholderExpression(at: current.range.start)
    }
    return VariableDeclaration(name: name, bounds: bounds, initialValue: initialValue)
  }

  /// `'-'? INT`
  mutating func parseSignedInteger(_ what: String) -> Int {
    if at(.minus) && peek().kind == .integer && !current.startsLine {
      advance()
      return -advance().value
    }
    if at(.integer) && !current.startsLine { return advance().value }
    reportExpected("expected \(what)")
    return 0
  }

  // MARK: coordinator

  /// `coordinator := 'coordinator' NAME ':' NAME '{' member* '}'`
  mutating func parseCoordinator() -> DeclarationKind {
    advance()
    let name = expectName("a name after 'coordinator'")
    let owner = describe("coordinator", name)
    let kind: Name
    if at(.colon) {
      advance()
      kind = expectName("a coordinator kind after ':', such as 'NavigationCoordinator'")
    } else {
      reportExpected("expected ':' and a coordinator kind after \(owner)")
      if atNameOnSameLine {
        let token = advance()
        kind = Name(token.text, token.range)
      } else {
        kind = Name("", .at(current.range.start))
      }
    }
    let (open, parseBody) = openBody(after: "after \(owner)", enclosing: .file)
    guard parseBody else { return .coordinator(CoordinatorDeclaration(name: name, kind: kind, members: [])) }
    depth += 1
    defer { depth -= 1 }
    let (entries, closing) = parseItems(.coordinator, owner: owner, open: open) {
      $0.parseCoordinatorMember()
    }
    let members = entries.map { CoordinatorMember(kind: $0.kind, range: $0.range, trivia: $0.trivia) }
    return .coordinator(
      CoordinatorDeclaration(name: name, kind: kind, members: members, closingComments: closing))
  }

  /// ```
  /// member := 'root' NAME | 'identifier' STRING | var | 'start' block | 'on' NAME '.' NAME block
  ///         | 'handle' NAME parameters? block
  ///         | 'viewController' NAME 'retained'? | 'result' NAME (',' NAME)*
  ///         | KEYWORD NAME? block   (a runtime's MemberForm)
  /// ```
  mutating func parseCoordinatorMember() -> CoordinatorMemberKind? {
    let token = current
    guard token.kind == .identifier else {
      report(
        .expectedDeclaration, "expected a coordinator member such as 'start' or 'on'", at: token.range.start)
      skipGarbage(.coordinator)
      return nil
    }
    switch token.text {
    case "root":
      advance()
      return .root(RootClause(source: expectName("'window', 'parent', 'presented' or 'tab' after 'root'")))
    case "identifier":
      advance()
      if at(.string) && !current.startsLine {
        let string = advance()
        return .identifier(string.text, string.range)
      }
      reportExpected("expected a quoted name after 'identifier', as in 'identifier \"Cart\"'")
      return .identifier("", .at(current.range.start))
    case "var":
      return .variable(parseVariable())
    case "start":
      advance()
      return .start(parseBlock(owner: "'start'", after: "after 'start'", enclosing: .coordinator))
    case "on":
      advance()
      let screen = expectName("a screen name after 'on'")
      let event: Name
      if at(.dot) && !current.startsLine {
        advance()
        event = expectName("an event name after '\(screen.text).'")
      } else {
        reportExpected(
          "expected '.' and an event name after 'on \(screen.text)', as in 'on \(screen.text).done'")
        event = Name("", .at(current.range.start))
      }
      let handler = "'on \(screen.text).\(event.text)'"
      return .screenEvent(
        screen: screen, event: event,
        body: parseBlock(owner: handler, after: "after \(handler)", enclosing: .coordinator))
    case "handle":
      advance()
      let message = expectName("a message name after 'handle'")
      let parameters = at(.leftParen) && !current.startsLine ? parseParameters(of: message) : []
      let handler = "'handle \(message.text)'"
      return .message(
        message, parameters: parameters,
        body: parseBlock(owner: handler, after: "after \(handler)", enclosing: .coordinator))
    case "viewController":
      advance()
      let screen = expectName("a screen name after 'viewController'")
      guard atWord("retained") && !current.startsLine else { return .viewController(screen, retained: false) }
      advance()
      return .viewController(screen, retained: true)
    case "result":
      advance()
      var values = [expectName("a result value after 'result', as in 'result saved, cancelled'")]
      while current.kind == .comma && !current.startsLine {
        advance()
        values.append(expectName("a result value after ',' in 'result'"))
      }
      return .result(values)
    default:
      if let form = vocabulary.memberForms[token.text] { return parseLibraryMember(form) }
      let message =
        vocabulary.statementKeywords.contains(token.text)
        ? "statement '\(token.text)' must be inside a block, such as 'start { … }' or 'on Screen.event { … }'"
        : Parser.unknownMessage("coordinator member", token.text, among: vocabulary.memberKeywords)
      report(.unknownKeyword, message, at: token.range.start)
      skipGarbage(.coordinator)
      return nil
    }
  }

  /// A runtime's member, by its form: `KEYWORD NAME? block`, the name on the keyword's line.
  mutating func parseLibraryMember(_ form: MemberForm) -> CoordinatorMemberKind {
    let keyword = advance()
    var member = LibraryMemberSyntax(
      keyword: Name(keyword.text, keyword.range), body: Block(statements: [], range: .at(0)))
    if form.operand != nil && atNameOnSameLine {
      let name = advance()
      member.operand = Name(name.text, name.range)
    }
    let owner = "'\(keyword.text)'"
    member.body = parseBlock(owner: owner, after: "after \(owner)", enclosing: .coordinator)
    return .library(member)
  }

  /// `parameters := '(' parameter (',' parameter)* ')'`, at the `(`;
  /// `parameter := NAME ':' ( 'Bool' | SIGNED-INT '...' SIGNED-INT )`.
  mutating func parseParameters(of message: Name) -> [Parameter] {
    let open = advance()
    var parameters: [Parameter] = []
    while !atEnd && !at(.rightParen) {
      let name = expectName("a parameter name, as in 'handle \(message.text)(page: 0...2)'")
      var bounds: IntegerBounds? = nil
      let hasColon = at(.colon)
      if hasColon {
        advance()
      } else {
        reportExpected(
          "expected ':' and a type after parameter '\(name.text)', as in '\(name.text): 0...2' or '\(name.text): Bool'"
        )
      }
      let typeStart = current.range.start
      // Without the ':', a type written anyway is still read, so that one mistake is one error.
      let typeFollows = !current.startsLine && (at(.integer) || at(.minus) || atWord("Bool"))
      if atWord("Bool") && !current.startsLine {
        advance()
      } else if hasColon || typeFollows {
        let low = parseSignedInteger("'Bool' or bounds after ':', as in '\(name.text): 0...2'")
        expect(.ellipsis, "expected '...' between the bounds of parameter '\(name.text)'")
        let high = parseSignedInteger("an upper bound after '...'")
        bounds = IntegerBounds(
          low: low, high: high, range: SourceRange(start: typeStart, end: max(typeStart, lastConsumedEnd)))
      }
      parameters.append(
        Parameter(
          name: name, bounds: bounds,
          typeRange: SourceRange(start: typeStart, end: max(typeStart, lastConsumedEnd))))
      guard at(.comma) else { break }
      advance()
    }
    expectClosingParenthesis(open)
    return parameters
  }

  // MARK: event, properties, expect

  /// `event := 'event' NAME ( 'when' expr )? block`
  mutating func parseEvent() -> DeclarationKind {
    advance()
    let name = expectName("a name after 'event'")
    var target: Name? = nil
    if atWord("to") && !current.startsLine {
      advance()
      target = expectName("a coordinator name after 'to'")
    }
    var condition: Expression? = nil
    if atWord("when") && !current.startsLine {
      advance()
      condition = parseExpression()
    }
    let owner = describe("event", name)
    let body = parseBlock(owner: owner, after: "after \(owner)", enclosing: .file)
    return .event(EventDeclaration(name: name, target: target, condition: condition, body: body))
  }

  /// `property := ('always' | 'never' | 'reachable') expr`
  mutating func parseProperty() -> DeclarationKind {
    let keyword = advance()
    let kind = PropertyKind(rawValue: keyword.text) ?? .always
    return .property(PropertyDeclaration(kind: kind, expression: parseExpression()))
  }

  /// `expect := 'expect' ( 'pass' | 'incomplete' | 'violation' ID (',' ID)* )`
  ///
  /// Ids may contain dashes (`shadow-sync`); a line break is allowed after a comma.
  mutating func parseExpect() -> DeclarationKind? {
    advance()
    guard atNameOnSameLine else {
      reportExpected("expected 'pass', 'incomplete' or 'violation' after 'expect'")
      return nil
    }
    let outcome = advance()
    switch outcome.text {
    case "pass":
      return .expect(ExpectDeclaration(outcome: .pass))
    case "incomplete":
      return .expect(ExpectDeclaration(outcome: .incomplete))
    case "violation":
      var ids = [expectName("an invariant id after 'violation', such as 'shadow-sync'")]
      while at(.comma) {
        advance()
        guard current.kind == .identifier else {
          reportExpected("expected an invariant id after ','")
          break
        }
        let id = advance()
        ids.append(Name(id.text, id.range))
      }
      return .expect(ExpectDeclaration(outcome: .violation(ids)))
    default:
      report(
        .unknownKeyword,
        Parser.unknownMessage("expectation", outcome.text, among: ["pass", "incomplete", "violation"]),
        at: outcome.range.start)
      if !atEnd && !current.startsLine { skipGarbage(.file) }
      return nil
    }
  }
}
