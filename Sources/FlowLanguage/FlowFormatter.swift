// The canonical text of a flow: what `flowcheck fmt` writes. Every comment is kept where it
// was attached; the output parses back to the same tree and formats to itself.

/// Prints a `FlowFile` in canonical form.
///
/// The canonical form:
/// - two-space indentation, one declaration, member or statement per line;
/// - `screen X { style pageSheet, modalInPresentation }`, `limits { stack 6, presented 2 }` and
///   `base { completions popped }` on one line;
/// - a block stays on one line, `{ dismiss; finish }`, when it holds at most three statements
///   without comments, none of them an `if` or `after`, and the line fits in 100 columns; an
///   `if` is on one line when all its blocks are; otherwise blocks are expanded, and `else if`
///   chains are printed flat;
/// - a blank line between top-level declarations of different kinds (properties and
///   `expect` count as one kind) and around any declaration that takes several lines; elsewhere, a blank line where the source had one
///   or more (never before the first item of a block), never two in a row;
/// - expressions with one space around binary operators and none after unary ones
///   (`a && !b`), the author's parentheses kept;
/// - comments on their own line before their item; a comment at the end of an item's line
///   after it, two spaces away; comments before a `}` before it; comments at the end of the
///   file after a blank line. Trailing spaces of `//` comments are dropped. A comment after
///   an opening `{` moves to the next line, before the first item.
public enum FlowFormatter {
  /// Longest line a block is put on one line for.
  public static let lineWidth = 100
  /// Most statements in a block printed on one line.
  public static let maximumInlineStatements = 3

  /// - Complexity: O(n) in the size of the tree.
  public static func format(_ file: FlowFile) -> String {
    var printer = FlowPrinter()
    printer.printFile(file)
    return printer.lines.joined(separator: "\n") + "\n"
  }

  /// An expression in canonical form, e.g. `top == Cart && !loggedIn`.
  public static func format(_ expression: Expression) -> String {
    FlowPrinter.expression(expression)
  }
}

/// Accumulates the output lines.
private struct FlowPrinter {
  var lines: [String] = []

  static func pad(_ indent: Int) -> String { String(repeating: "  ", count: indent) }

  static func commentText(_ comment: Comment) -> String {
    guard comment.text.hasPrefix("//") else { return comment.text }
    var bytes = Array(comment.text.utf8)
    while let last = bytes.last, last == 0x20 || last == 0x09 || last == 0x0D { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  mutating func line(_ indent: Int, _ text: String) {
    lines.append(Self.pad(indent) + text)
  }

  /// Prints one item: its blank line, leading comments, body, then its trailing comment.
  mutating func item(
    _ trivia: Trivia, indent: Int, first: Bool, forceBlank: Bool = false, _ body: (inout FlowPrinter) -> Void
  ) {
    if !first && (trivia.blankLineBefore || forceBlank) { lines.append("") }
    for comment in trivia.leading { line(indent, Self.commentText(comment)) }
    body(&self)
    if let trailing = trivia.trailing, !lines.isEmpty {
      lines[lines.count - 1] += "  " + Self.commentText(trailing)
    }
  }

  mutating func closing(_ comments: [Comment], indent: Int) {
    for comment in comments { line(indent, Self.commentText(comment)) }
  }

  // MARK: File and declarations

  mutating func printFile(_ file: FlowFile) {
    var previous: (kind: DeclarationKind, multiline: Bool)? = nil
    for (index, declaration) in file.declarations.enumerated() {
      var rendered = FlowPrinter()
      rendered.declaration(declaration.kind)
      let multiline = rendered.lines.count > 1
      var forceBlank = false
      if let previous {
        forceBlank =
          previous.multiline || multiline || Self.group(previous.kind) != Self.group(declaration.kind)
      }
      item(declaration.trivia, indent: 0, first: index == 0, forceBlank: forceBlank) {
        $0.lines += rendered.lines
      }
      previous = (declaration.kind, multiline)
    }
    if !file.trailingComments.isEmpty {
      if !lines.isEmpty { lines.append("") }
      closing(file.trailingComments, indent: 0)
    }
  }

  /// Declarations of one group sit together without a forced blank line; the file's
  /// expectation goes with its properties.
  static func group(_ kind: DeclarationKind) -> Int {
    switch kind {
    case .app: 0
    case .screen: 1
    case .variable: 2
    case .coordinator: 3
    case .event: 4
    case .property, .expect: 5
    }
  }

  mutating func declaration(_ kind: DeclarationKind) {
    switch kind {
    case .app(let app):
      let header = "app \(app.name.text)"
      if app.members.isEmpty && app.closingComments.isEmpty {
        line(0, header + " {}")
        return
      }
      line(0, header + " {")
      for (index, member) in app.members.enumerated() {
        item(member.trivia, indent: 1, first: index == 0) { $0.line(1, Self.appMember(member.kind)) }
      }
      closing(app.closingComments, indent: 1)
      line(0, "}")
    case .screen(let screen):
      var text = "screen \(screen.name.text)"
      if !screen.attributes.isEmpty {
        text += " { " + screen.attributes.map { Self.screenAttribute($0.kind) }.joined(separator: ", ") + " }"
      }
      line(0, text)
    case .variable(let variable):
      line(0, Self.variable(variable))
    case .coordinator(let coordinator):
      let header = "coordinator \(coordinator.name.text): \(coordinator.kind.text)"
      if coordinator.members.isEmpty && coordinator.closingComments.isEmpty {
        line(0, header + " {}")
        return
      }
      line(0, header + " {")
      for (index, member) in coordinator.members.enumerated() {
        item(member.trivia, indent: 1, first: index == 0) { $0.coordinatorMember(member.kind) }
      }
      closing(coordinator.closingComments, indent: 1)
      line(0, "}")
    case .event(let event):
      var header = "event \(event.name.text)"
      if let target = event.target { header += " to \(target.text)" }
      if let condition = event.condition { header += " when " + Self.expression(condition) }
      headed(header, event.body, indent: 0)
    case .property(let property):
      line(0, "\(property.kind.rawValue) \(Self.expression(property.expression))")
    case .expect(let expect):
      switch expect.outcome {
      case .pass: line(0, "expect pass")
      case .incomplete: line(0, "expect incomplete")
      case .violation(let ids): line(0, "expect violation " + ids.map(\.text).joined(separator: ", "))
      }
    }
  }

  static func appMember(_ kind: AppMemberKind) -> String {
    switch kind {
    case .library(let name): "library \(name.text)"
    case .window(let name): "window \(name.text)"
    case .home(let name): "home \(name.text)"
    case .limits(let entries):
      entries.isEmpty
        ? "limits {}"
        : "limits { " + entries.map { "\($0.name.text) \($0.value)" }.joined(separator: ", ") + " }"
    case .base(let entries):
      entries.isEmpty
        ? "base {}"
        : "base { " + entries.map { "\($0.name.text) \($0.value.text)" }.joined(separator: ", ") + " }"
    }
  }

  static func screenAttribute(_ kind: ScreenAttributeKind) -> String {
    switch kind {
    case .style(let name): "style \(name.text)"
    case .modalInPresentation: "modalInPresentation"
    case .emits(let names): "emits " + names.map(\.text).joined(separator: ", ")
    }
  }

  static func variable(_ variable: VariableDeclaration) -> String {
    var text = "var \(variable.name.text)"
    if let bounds = variable.bounds { text += ": \(bounds.low)...\(bounds.high)" }
    return text + " = " + expression(variable.initialValue)
  }

  mutating func coordinatorMember(_ kind: CoordinatorMemberKind) {
    switch kind {
    case .root(let clause): line(1, "root \(clause.source.text)")
    case .identifier(let text, _): line(1, "identifier \"\(text)\"")
    case .variable(let variable): line(1, Self.variable(variable))
    case .start(let body): headed("start", body, indent: 1)
    case .screenEvent(let screen, let event, let body):
      headed("on \(screen.text).\(event.text)", body, indent: 1)
    case .message(let message, let parameters, let body):
      headed("handle \(message.text)" + parameterListText(parameters), body, indent: 1)
    case .viewController(let screen, let retained):
      line(1, "viewController \(screen.text)" + (retained ? " retained" : ""))
    case .result(let values): line(1, "result " + values.map(\.text).joined(separator: ", "))
    case .library(let member): headed(member.header, member.body, indent: 1)
    }
  }

  // MARK: Blocks and statements

  /// `header { … }`, on one line when the block is simple and the line fits.
  mutating func headed(_ header: String, _ block: Block, indent: Int) {
    if let inline = Self.inlineBlock(block), Self.fits(indent, header.utf8.count + 1 + inline.utf8.count) {
      line(indent, header + " " + inline)
      return
    }
    line(indent, header + " {")
    statements(block, indent: indent + 1)
    line(indent, "}")
  }

  static func fits(_ indent: Int, _ length: Int) -> Bool {
    indent * 2 + length <= FlowFormatter.lineWidth
  }

  mutating func statements(_ block: Block, indent: Int) {
    for (index, statement) in block.statements.enumerated() {
      item(statement.trivia, indent: indent, first: index == 0) {
        $0.statement(statement.kind, indent: indent)
      }
    }
    closing(block.closingComments, indent: indent)
  }

  /// `{ a; b }` when the block can be printed on one line, else nil.
  static func inlineBlock(_ block: Block) -> String? {
    guard block.closingComments.isEmpty, block.statements.count <= FlowFormatter.maximumInlineStatements
    else {
      return nil
    }
    if block.statements.isEmpty { return "{}" }
    var parts: [String] = []
    for (index, statement) in block.statements.enumerated() {
      guard statement.trivia.leading.isEmpty, statement.trivia.trailing == nil,
        index == 0 || !statement.trivia.blankLineBefore,
        let text = simpleStatement(statement.kind)
      else { return nil }
      parts.append(text)
    }
    return "{ " + parts.joined(separator: "; ") + " }"
  }

  /// The one-line text of a statement without a block; nil for `if`, `after` and a
  /// runtime's statement with a block.
  static func simpleStatement(_ kind: StatementKind) -> String? {
    switch kind {
    case .navigation(let verb, let screen, let animated):
      var text = verb.rawValue
      if let screen { text += " \(screen.text)" }
      if let animated { text += " animated: \(animated.value)" }
      return text
    case .startChild(let name): return "startChild \(name.text)"
    case .stopChild(let name): return "stopChild \(name.text)"
    case .start(let name, let context, let animated, nil): return startHeader(name, context, animated)
    case .start: return nil
    case .finish: return "finish"
    case .finishWith(let value): return "finish(\(value.text))"
    case .library(let statement) where statement.body == nil: return statement.header
    case .library: return nil
    case .send(let name, let arguments): return "send \(name.text)" + argumentsText(arguments)
    case .setStack(let names): return "setStack " + names.map(\.text).joined(separator: ", ")
    case .selectTab(let name): return "selectTab \(name.text)"
    case .call(let coordinator, let message, let arguments):
      return "call \(coordinator.text).\(message.text)" + argumentsText(arguments)
    case .assignment(let name, let op, let value): return "\(name.text) \(op.rawValue) \(expression(value))"
    case .ifElse, .after: return nil
    }
  }

  /// `start C`, with `in: CONTEXT` and `animated: B` when written.
  static func startHeader(_ name: Name, _ context: Name?, _ animated: AnimatedFlag?) -> String {
    "start \(name.text)" + (context.map { " in: \($0.text)" } ?? "")
      + (animated.map { " animated: \($0.value)" } ?? "")
  }

  /// `header { NAME in … }`: on one line when the body could be (`{ card in x = 1 }`),
  /// else `header { NAME in`, the body indented, `}`.
  mutating func completion(_ header: String, _ completion: CompletionBlock, indent: Int) {
    guard let binding = completion.binding else {
      headed(header, completion.body, indent: indent)
      return
    }
    if let inline = Self.inlineBlock(completion.body) {
      let text = header + " { \(binding.text) in" + (inline == "{}" ? " }" : String(inline.dropFirst()))
      if Self.fits(indent, text.utf8.count) {
        line(indent, text)
        return
      }
    }
    line(indent, header + " { \(binding.text) in")
    statements(completion.body, indent: indent + 1)
    line(indent, "}")
  }

  mutating func statement(_ kind: StatementKind, indent: Int) {
    switch kind {
    case .ifElse(let condition, let then, let otherwise):
      ifStatement(condition, then, otherwise, indent: indent)
    case .after(let name, let body, let weak):
      headed("after \(weak ? "weak " : "")\(name.text)", body, indent: indent)
    case .start(let name, let context, let animated, let block?):
      completion(Self.startHeader(name, context, animated), block, indent: indent)
    case .library(let statement):
      if let body = statement.body {
        headed(statement.header + (statement.blockWord.map { " \($0)" } ?? ""), body, indent: indent)
      } else {
        line(indent, statement.header)
      }
    default:
      line(indent, Self.simpleStatement(kind) ?? "")
    }
  }

  /// The `if` of an else block that is exactly one `if` without comments: printed `else if`.
  static func elseIfLink(_ block: Block) -> (condition: Expression, then: Block, otherwise: Block?)? {
    guard block.closingComments.isEmpty, block.statements.count == 1, let statement = block.statements.first,
      statement.trivia.leading.isEmpty, statement.trivia.trailing == nil,
      case .ifElse(let condition, let then, let otherwise) = statement.kind
    else { return nil }
    return (condition, then, otherwise)
  }

  static func inlineIf(_ condition: Expression, _ then: Block, _ otherwise: Block?) -> String? {
    guard let thenText = inlineBlock(then) else { return nil }
    var text = "if \(expression(condition)) \(thenText)"
    var rest = otherwise
    while let block = rest {
      if let link = elseIfLink(block) {
        guard let linkText = inlineBlock(link.then) else { return nil }
        text += " else if \(expression(link.condition)) \(linkText)"
        rest = link.otherwise
      } else {
        guard let elseText = inlineBlock(block) else { return nil }
        text += " else \(elseText)"
        rest = nil
      }
    }
    return text
  }

  mutating func ifStatement(_ condition: Expression, _ then: Block, _ otherwise: Block?, indent: Int) {
    if let inline = Self.inlineIf(condition, then, otherwise), Self.fits(indent, inline.utf8.count) {
      line(indent, inline)
      return
    }
    line(indent, "if \(Self.expression(condition)) {")
    statements(then, indent: indent + 1)
    var rest = otherwise
    while let block = rest {
      if let link = Self.elseIfLink(block) {
        line(indent, "} else if \(Self.expression(link.condition)) {")
        statements(link.then, indent: indent + 1)
        rest = link.otherwise
      } else {
        line(indent, "} else {")
        statements(block, indent: indent + 1)
        rest = nil
      }
    }
    line(indent, "}")
  }

  // MARK: Expressions

  /// `(a, b)` after a message's name in `send` and `call`; nothing for none.
  static func argumentsText(_ arguments: [Expression]) -> String {
    arguments.isEmpty ? "" : "(" + arguments.map { expression($0) }.joined(separator: ", ") + ")"
  }

  static func expression(_ expression: Expression) -> String {
    switch expression.kind {
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return "\(value)"
    case .name(let name): return name.text
    case .call(let name, let arguments):
      return name.text + "(" + arguments.map { self.expression($0) }.joined(separator: ", ") + ")"
    case .unary(let op, let operand):
      let text = self.expression(operand)
      if case .binary = operand.kind { return op.rawValue + "(" + text + ")" }
      return op.rawValue + text
    case .binary(let op, let left, let right):
      // Parentheses the tree needs but does not hold (trees built by code, not parsed).
      var leftText = self.expression(left)
      if case .binary(let inner, _, _) = left.kind, inner.precedence < op.precedence {
        leftText = "(\(leftText))"
      }
      var rightText = self.expression(right)
      if case .binary(let inner, _, _) = right.kind, inner.precedence <= op.precedence {
        rightText = "(\(rightText))"
      }
      return leftText + " " + op.rawValue + " " + rightText
    case .parenthesized(let inner):
      return "(" + self.expression(inner) + ")"
    }
  }
}
