// Expressions: precedence climbing over `BinaryOperator`, then unary operators and primaries.

extension Parser.Session {
  /// ```
  /// expr    := unary (binop unary)*        -- || < && < comparisons < + -, all left-associative
  /// unary   := ('!' | '-') unary | primary
  /// primary := 'true' | 'false' | INT | NAME | NAME '(' (expr (',' expr)*)? ')' | '(' expr ')'
  /// ```
  /// Line breaks inside an expression are free: no statement begins with an operator.
  mutating func parseExpression() -> Expression {
    if expressionLevel == 0 { reportedExpressionHeight = false }
    expressionLevel += 1
    defer { expressionLevel -= 1 }
    return parseBinary(minimumPrecedence: 1).expression
  }

  static func binaryOperator(_ kind: TokenKind) -> BinaryOperator? {
    switch kind {
    case .or: .or
    case .and: .and
    case .equal: .equal
    case .notEqual: .notEqual
    case .less: .less
    case .lessOrEqual: .lessOrEqual
    case .greater: .greater
    case .greaterOrEqual: .greaterOrEqual
    case .plus: .add
    case .minus: .subtract
    default: nil
    }
  }

  /// An empty name: what a missing expression becomes.
  func placeholderExpression(at offset: Int) -> Expression {
    Expression(kind: .name(Name("", .at(offset))), range: .at(offset))
  }

  /// Precedence climbing; recursion depth is bounded by the number of precedence levels,
  /// whatever the length of the operator chain. Returns the tree and its height.
  mutating func parseBinary(minimumPrecedence: Int) -> (expression: Expression, height: Int) {
    var (left, height) = parseUnary()
    while let op = Self.binaryOperator(current.kind), op.precedence >= minimumPrecedence {
      let opToken = advance()
      let (right, rightHeight) = parseBinary(minimumPrecedence: op.precedence + 1)
      let combined = max(height, rightHeight) + 1
      if combined > Parser.maximumExpressionHeight {
        if !reportedExpressionHeight {
          reportedExpressionHeight = true
          report(
            .nestingTooDeep, "expression deeper than \(Parser.maximumExpressionHeight) levels",
            at: opToken.range.start)
        }
        continue
      }
      left = Expression(kind: .binary(op, left, right), range: left.range.union(right.range))
      height = combined
    }
    return (left, height)
  }

  mutating func parseUnary() -> (expression: Expression, height: Int) {
    guard at(.bang) || at(.minus) else { return parsePrimary() }
    let start = current.range.start
    if depth >= Parser.maximumNesting {
      reportNesting(at: start)
      while at(.bang) || at(.minus) { advance() }
      skipOperand()
      return (placeholderExpression(at: start), 1)
    }
    let op = advance()
    depth += 1
    defer { depth -= 1 }
    let (operand, height) = parseUnary()
    let kind = ExpressionKind.unary(op.kind == .bang ? .not : .negate, operand)
    return (
      Expression(kind: kind, range: SourceRange(start: start, end: max(op.range.end, operand.range.end))),
      height + 1
    )
  }

  mutating func parsePrimary() -> (expression: Expression, height: Int) {
    let token = current
    switch token.kind {
    case .integer:
      advance()
      return (Expression(kind: .integer(token.value), range: token.range), 1)
    case .identifier:
      if token.text == "true" || token.text == "false" {
        advance()
        return (Expression(kind: .bool(token.text == "true"), range: token.range), 1)
      }
      if token.startsLine && vocabulary.isReserved(token.text) && token.text != "top" {
        return missingExpression()
      }
      advance()
      let name = Name(token.text, token.range)
      guard at(.leftParen) else { return (Expression(kind: .name(name), range: token.range), 1) }
      return parseCall(name)
    case .leftParen:
      if depth >= Parser.maximumNesting {
        reportNesting(at: token.range.start)
        skipBalancedParentheses()
        return (placeholderExpression(at: token.range.start), 1)
      }
      let open = advance()
      depth += 1
      openParentheses += 1
      defer {
        depth -= 1
        openParentheses -= 1
      }
      let (inner, height) = parseBinary(minimumPrecedence: 1)
      expectClosingParenthesis(open)
      let range = SourceRange(start: open.range.start, end: lastConsumedEnd)
      return (Expression(kind: .parenthesized(inner), range: range), height + 1)
    default:
      return missingExpression()
    }
  }

  /// `NAME '(' (expr (',' expr)*)? ')'`, at the `(`.
  mutating func parseCall(_ name: Name) -> (expression: Expression, height: Int) {
    if depth >= Parser.maximumNesting {
      reportNesting(at: current.range.start)
      skipBalancedParentheses()
      return (
        Expression(kind: .call(name, []), range: SourceRange(start: name.range.start, end: lastConsumedEnd)),
        1
      )
    }
    let open = advance()
    depth += 1
    openParentheses += 1
    defer {
      depth -= 1
      openParentheses -= 1
    }
    var arguments: [Expression] = []
    var height = 1
    if !at(.rightParen) {
      while true {
        let (argument, argumentHeight) = parseBinary(minimumPrecedence: 1)
        arguments.append(argument)
        height = max(height, argumentHeight + 1)
        guard at(.comma) else { break }
        advance()
      }
    }
    expectClosingParenthesis(open)
    let range = SourceRange(start: name.range.start, end: lastConsumedEnd)
    return (Expression(kind: .call(name, arguments), range: range), height)
  }

  /// `arguments := '(' ( expr (',' expr)* )? ')'` on the line of the message it follows
  /// (`send open(2)`, `call Orders.open(page)`); none when no `(` follows there.
  mutating func parseArguments() -> [Expression] {
    guard at(.leftParen) && !current.startsLine else { return [] }
    if expressionLevel == 0 { reportedExpressionHeight = false }
    expressionLevel += 1
    defer { expressionLevel -= 1 }
    let name = Name("", .at(current.range.start))
    guard case .call(_, let arguments) = parseCall(name).expression.kind else { return [] }
    return arguments
  }

  mutating func expectClosingParenthesis(_ open: Token) {
    if at(.rightParen) {
      advance()
    } else {
      reportExpected(
        "expected ')' to match '('", notes: [DiagnosticNote(message: "'(' is here", offset: open.range.start)]
      )
    }
  }

  /// Reports a missing expression at the current token; consumes the token when it is stray
  /// punctuation that nothing else would take.
  mutating func missingExpression() -> (expression: Expression, height: Int) {
    let token = current
    if atEnd {
      if !reportedEndOfFile {
        reportedEndOfFile = true
        report(.expectedExpression, "expected an expression", at: missingTokenOffset)
      }
      return (placeholderExpression(at: token.range.start), 1)
    }
    report(.expectedExpression, "expected an expression", at: missingTokenOffset)
    if !token.startsLine {
      switch token.kind {
      case .rightParen, .comma:
        if openParentheses == 0 { advance() }
      case .ellipsis, .colon, .dot, .assign, .addAssign, .subtractAssign, .string:
        advance()
      default:
        break
      }
    }
    return (placeholderExpression(at: token.range.start), 1)
  }

  /// Skips an operand beyond the nesting cap: a parenthesized group, or a name with its arguments.
  mutating func skipOperand() {
    if at(.leftParen) {
      skipBalancedParentheses()
    } else if at(.identifier) || at(.integer) {
      advance()
      if at(.leftParen) { skipBalancedParentheses() }
    }
  }

  /// Skips a `( … )` group from its `(` without recursing; stops early at a brace, a `;`
  /// or a declaration keyword beginning a line.
  mutating func skipBalancedParentheses() {
    var balance = 0
    repeat {
      if at(.leftParen) {
        balance += 1
      } else if at(.rightParen) {
        balance -= 1
      }
      advance()
    } while balance > 0 && !atEnd && !at(.leftBrace) && !at(.rightBrace) && !at(.semicolon)
      && !(current.startsLine && current.kind == .identifier
        && Parser.declarationKeywords.contains(current.text))
  }
}
