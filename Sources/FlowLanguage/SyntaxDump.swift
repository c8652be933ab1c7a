// A position-free, comment-free rendering of a syntax tree: two trees that differ only in
// layout, comments and blank lines dump to the same text. Tests compare
// `dump(parse(format(x)))` with `dump(parse(x))` to show that formatting changes no meaning.

/// Dumps the structure of a `FlowFile`, one node per line, indented by depth.
///
/// Expressions are printed fully parenthesized in prefix form, `(&& (name a) (! (name b)))`,
/// with the author's own parentheses as `(paren …)`.
public enum SyntaxDump {
  /// - Complexity: O(n) in the size of the tree.
  public static func dump(_ file: FlowFile) -> String {
    var output = ""
    for declaration in file.declarations {
      dump(declaration.kind, into: &output)
    }
    return output
  }

  private static func line(_ indent: Int, _ text: String, into output: inout String) {
    output += String(repeating: "  ", count: indent)
    output += text
    output += "\n"
  }

  private static func dump(_ kind: DeclarationKind, into output: inout String) {
    switch kind {
    case .app(let app):
      line(0, "app \(app.name.text)", into: &output)
      for member in app.members {
        switch member.kind {
        case .library(let name): line(1, "library \(name.text)", into: &output)
        case .window(let name): line(1, "window \(name.text)", into: &output)
        case .home(let name): line(1, "home \(name.text)", into: &output)
        case .limits(let entries):
          line(1, "limits" + entries.map { " \($0.name.text)=\($0.value)" }.joined(), into: &output)
        case .base(let entries):
          line(1, "base" + entries.map { " \($0.name.text)=\($0.value.text)" }.joined(), into: &output)
        }
      }
    case .screen(let screen):
      var text = "screen \(screen.name.text)"
      for attribute in screen.attributes {
        switch attribute.kind {
        case .style(let name): text += " style=\(name.text)"
        case .modalInPresentation: text += " modalInPresentation"
        case .emits(let names): text += " emits=[\(names.map(\.text).joined(separator: ","))]"
        }
      }
      line(0, text, into: &output)
    case .variable(let variable):
      line(0, variableText(variable), into: &output)
    case .coordinator(let coordinator):
      line(0, "coordinator \(coordinator.name.text): \(coordinator.kind.text)", into: &output)
      for member in coordinator.members {
        dump(member.kind, into: &output)
      }
    case .event(let event):
      let target = event.target.map { " to \($0.text)" } ?? ""
      let condition = event.condition.map { " when \(expression($0))" } ?? ""
      line(0, "event \(event.name.text)\(target)\(condition)", into: &output)
      dump(event.body, indent: 1, into: &output)
    case .property(let property):
      line(0, "\(property.kind.rawValue) \(expression(property.expression))", into: &output)
    case .expect(let expect):
      switch expect.outcome {
      case .pass: line(0, "expect pass", into: &output)
      case .incomplete: line(0, "expect incomplete", into: &output)
      case .violation(let ids):
        line(0, "expect violation \(ids.map(\.text).joined(separator: ","))", into: &output)
      }
    }
  }

  private static func variableText(_ variable: VariableDeclaration) -> String {
    let bounds = variable.bounds.map { " \($0.low)...\($0.high)" } ?? ""
    return "var \(variable.name.text)\(bounds) = \(expression(variable.initialValue))"
  }

  private static func dump(_ member: CoordinatorMemberKind, into output: inout String) {
    switch member {
    case .root(let clause): line(1, "root \(clause.source.text)", into: &output)
    case .identifier(let text, _): line(1, "identifier \"\(text)\"", into: &output)
    case .variable(let variable): line(1, variableText(variable), into: &output)
    case .start(let block):
      line(1, "start", into: &output)
      dump(block, indent: 2, into: &output)
    case .screenEvent(let screen, let event, let body):
      line(1, "on \(screen.text).\(event.text)", into: &output)
      dump(body, indent: 2, into: &output)
    case .message(let message, let parameters, let body):
      line(1, "handle \(message.text)" + parameterListText(parameters), into: &output)
      dump(body, indent: 2, into: &output)
    case .viewController(let screen, let retained):
      line(1, "viewController \(screen.text)" + (retained ? " retained" : ""), into: &output)
    case .result(let values):
      line(1, "result " + values.map(\.text).joined(separator: ", "), into: &output)
    case .library(let member):
      line(1, member.header, into: &output)
      dump(member.body, indent: 2, into: &output)
    }
  }

  private static func dump(_ block: Block, indent: Int, into output: inout String) {
    for statement in block.statements {
      dump(statement.kind, indent: indent, into: &output)
    }
  }

  private static func dump(_ statement: StatementKind, indent: Int, into output: inout String) {
    switch statement {
    case .navigation(let verb, let screen, let animated):
      var text = verb.rawValue
      if let screen { text += " \(screen.text)" }
      if let animated { text += " animated=\(animated.value)" }
      line(indent, text, into: &output)
    case .startChild(let name): line(indent, "startChild \(name.text)", into: &output)
    case .stopChild(let name): line(indent, "stopChild \(name.text)", into: &output)
    case .start(let name, let context, let animated, let completion):
      var text = "start \(name.text)"
      if let context { text += " in=\(context.text)" }
      if let animated { text += " animated=\(animated.value)" }
      line(indent, text, into: &output)
      if let completion {
        line(indent + 1, "completion" + (completion.binding.map { " \($0.text)" } ?? ""), into: &output)
        dump(completion.body, indent: indent + 2, into: &output)
      }
    case .finish: line(indent, "finish", into: &output)
    case .finishWith(let value): line(indent, "finish(\(value.text))", into: &output)
    case .library(let statement):
      var text = statement.keyword.text
      if let operand = statement.operand { text += " \(operand.text)" }
      if let animated = statement.animated { text += " animated=\(animated.value)" }
      line(indent, text, into: &output)
      if let body = statement.body {
        if let word = statement.blockWord {
          line(indent + 1, word, into: &output)
          dump(body, indent: indent + 2, into: &output)
        } else {
          dump(body, indent: indent + 1, into: &output)
        }
      }
    case .send(let name, let arguments):
      line(indent, "send \(name.text)" + argumentsText(arguments), into: &output)
    case .setStack(let names):
      line(indent, "setStack " + names.map(\.text).joined(separator: ", "), into: &output)
    case .selectTab(let name): line(indent, "selectTab \(name.text)", into: &output)
    case .call(let coordinator, let message, let arguments):
      line(indent, "call \(coordinator.text).\(message.text)" + argumentsText(arguments), into: &output)
    case .ifElse(let condition, let then, let otherwise):
      line(indent, "if \(expression(condition))", into: &output)
      dump(then, indent: indent + 1, into: &output)
      if let otherwise {
        line(indent, "else", into: &output)
        dump(otherwise, indent: indent + 1, into: &output)
      }
    case .assignment(let name, let op, let value):
      line(indent, "\(name.text) \(op.rawValue) \(expression(value))", into: &output)
    case .after(let name, let body, let weak):
      line(indent, "after \(weak ? "weak " : "")\(name.text)", into: &output)
      dump(body, indent: indent + 1, into: &output)
    }
  }

  /// An expression in prefix form, e.g. `(&& (name a) (! (name b)))`.
  /// `(a, b)` after a message's name in `send` and `call`; empty for none.
  static func argumentsText(_ arguments: [Expression]) -> String {
    arguments.isEmpty ? "" : "(" + arguments.map { expression($0) }.joined(separator: ", ") + ")"
  }

  public static func expression(_ expression: Expression) -> String {
    switch expression.kind {
    case .bool(let value): "\(value)"
    case .integer(let value): "\(value)"
    case .name(let name): "(name \(name.text))"
    case .call(let name, let arguments):
      "(call \(name.text)\(arguments.map { " " + self.expression($0) }.joined()))"
    case .unary(let op, let operand): "(\(op.rawValue) \(self.expression(operand)))"
    case .binary(let op, let left, let right):
      "(\(op.rawValue) \(self.expression(left)) \(self.expression(right)))"
    case .parenthesized(let inner): "(paren \(self.expression(inner)))"
    }
  }
}
