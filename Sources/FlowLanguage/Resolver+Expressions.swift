// Expressions: names, built-ins and operators, typechecked over Bool, Int and screens.

/// The type of a checked expression.
enum ValueType: Equatable {
  case bool, integer, screen

  /// "a Bool", "an Int", "a screen": for messages.
  var described: String {
    switch self {
    case .bool: "a Bool"
    case .integer: "an Int"
    case .screen: "a screen"
    }
  }
}

/// The built-in predicates, in the order suggestions prefer them.
let builtInFunctionNames = ["started", "onScreen"]

extension Resolution {
  /// A condition (`if`, `when`): must be a Bool. nil after a reported problem.
  mutating func resolveCondition(_ expression: Expression, _ context: StatementContext, what: String)
    -> CheckedExpression?
  {
    resolveBool(expression, locals: context.locals, what: what)
  }

  /// An expression that must be a Bool; `what` names it in the message.
  mutating func resolveBool(_ expression: Expression, locals: [String: Int], what: String)
    -> CheckedExpression?
  {
    guard let (checked, type) = resolveExpression(expression, locals: locals) else { return nil }
    guard type == .bool else {
      error(.typeMismatch, "\(what) must be a Bool, not \(type.described)", at: expression.range.start)
      return nil
    }
    return checked
  }

  /// Properties (`always`, `never`, `reachable`) see global variables only.
  mutating func resolveProperties() {
    var declared = 0
    for declaration in file.declarations {
      guard case .property(let property) = declaration.kind else { continue }
      declared += 1
      guard declared <= CheckedFlow.maximumProperties else {
        error(
          .tooManyProperties,
          "more than \(CheckedFlow.maximumProperties) properties; flowcheck checks at most "
            + "\(CheckedFlow.maximumProperties) per flow (hint: join related properties with '&&', "
            + "or split the flow's checks across files)",
          at: declaration.range.start)
        return
      }
      guard
        let checked = resolveBool(
          property.expression, locals: [:], what: "the expression of '\(property.kind.rawValue)'")
      else { continue }
      properties.append(
        PropertyInfo(
          kind: property.kind, expression: checked, text: source.text(of: property.expression.range),
          declaredAt: declaration.range.start))
    }
  }

  /// Resolves and typechecks an expression; nil once a problem has been reported (the
  /// enclosing expressions then stay silent, so one mistake gives one error).
  mutating func resolveExpression(_ expression: Expression, locals: [String: Int]) -> (
    CheckedExpression, ValueType
  )? {
    switch expression.kind {
    case .bool(let value):
      return (.bool(value), .bool)
    case .integer(let value):
      return (.integer(value), .integer)
    case .parenthesized(let inner):
      return resolveExpression(inner, locals: locals)
    case .name(let name):
      return resolveName(name, locals: locals)
    case .call(let name, let arguments):
      return resolveCall(name, arguments, at: expression.range.start)

    case .unary(let operation, let operand):
      guard let (checked, type) = resolveExpression(operand, locals: locals) else { return nil }
      let expected: ValueType = operation == .not ? .bool : .integer
      guard type == expected else {
        error(
          .typeMismatch, "'\(operation.rawValue)' needs \(expected.described) operand, not \(type.described)",
          at: operand.range.start)
        return nil
      }
      if operation == .not { return (.not(checked), .bool) }
      guard requireNoOverflow(.negate(checked), at: expression.range.start) else { return nil }
      return (.negate(checked), .integer)

    case .binary(let operation, let left, let right):
      if operation == .equal || operation == .notEqual,
        let compared = resolveResultComparison(operation, left, right)
      {
        return compared.map { ($0, .bool) }
      }
      let resolvedLeft = resolveExpression(left, locals: locals)
      let resolvedRight = resolveExpression(right, locals: locals)
      guard let (checkedLeft, leftType) = resolvedLeft, let (checkedRight, rightType) = resolvedRight else {
        return nil
      }
      let checked = CheckedExpression.binary(operation, checkedLeft, checkedRight)
      switch operation {
      case .equal, .notEqual:
        guard leftType == rightType else {
          error(
            .typeMismatch,
            "cannot compare \(leftType.described) with \(rightType.described) using '\(operation.rawValue)'",
            at: expression.range.start)
          return nil
        }
        return (checked, .bool)
      case .or, .and, .less, .lessOrEqual, .greater, .greaterOrEqual, .add, .subtract:
        let operandType: ValueType = (operation == .or || operation == .and) ? .bool : .integer
        for (side, type, operand) in [("left", leftType, left), ("right", rightType, right)]
        where type != operandType {
          error(
            .typeMismatch,
            "'\(operation.rawValue)' needs \(operandType == .bool ? "Bool" : "Int") operands; the \(side) side is \(type.described)",
            at: operand.range.start)
          return nil
        }
        let isArithmetic = operation == .add || operation == .subtract
        if isArithmetic, !requireNoOverflow(checked, at: expression.range.start) { return nil }
        return (checked, isArithmetic ? .integer : .bool)
      }
    }
  }

  /// A variable (local first, then global), a built-in value, or a screen name.
  private mutating func resolveName(_ name: Name, locals: [String: Int]) -> (CheckedExpression, ValueType)? {
    guard !Self.isMissing(name) else { return nil }
    if name.text == "nil" || completionScope(named: name.text) != nil {
      reportResultOutsideComparison(name)
      return nil
    }
    if let variable = locals[name.text] ?? globals[name.text] {
      switch variables[variable].type {
      case .bool: return (.variable(variable), .bool)
      case .integer: return (.variable(variable), .integer)
      }
    }
    switch name.text {
    case "top": return (.top, .screen)
    case "stack": return (.stack, .integer)
    case "presented": return (.presented, .integer)
    case "animating": return (.animating, .bool)
    default: break
    }
    if let screen = screenIndex[name.text] { return (.screen(screen), .screen) }
    if reportParameterMisuse(name, assigning: false) { return nil }
    reportUnknownName(name, locals: locals)
    return nil
  }

  /// Names visible as variables, in declaration order.
  private func visibleVariableNames(locals: [String: Int]) -> [String] {
    variables.indices.compactMap { index in
      let name = variables[index].name
      return locals[name] == index || globals[name] == index ? name : nil
    }
  }

  /// An unknown name in an expression: a variable or a screen, whichever the closest known
  /// name is (or, with none close, whichever its capitalisation suggests).
  private mutating func reportUnknownName(_ name: Name, locals: [String: Int]) {
    let variableNames = visibleVariableNames(locals: locals)
    let candidates = variableNames + builtInValueNames + screenNames
    if let suggestion = NameSuggestion.closest(to: name.text, among: candidates) {
      let isScreen =
        screenIndex[suggestion] != nil && !variableNames.contains(suggestion)
        && !builtInValueNames.contains(suggestion)
      error(
        isScreen ? .unknownScreen : .unknownVariable,
        "unknown \(isScreen ? "screen" : "variable") '\(name.text)'; did you mean '\(suggestion)'?",
        at: name.range.start)
    } else if let elsewhere = localOwner(of: name.text) {
      error(
        .unknownVariable,
        "variable '\(name.text)' is local to coordinator '\(elsewhere)' and not visible here",
        at: name.range.start)
    } else if name.text.first?.isUppercase == true {
      error(.unknownScreen, "unknown screen '\(name.text)'", at: name.range.start)
    } else {
      error(.unknownVariable, "unknown variable '\(name.text)'", at: name.range.start)
    }
  }

  /// An unknown variable where only a variable fits (the target of an assignment).
  mutating func reportUnknownVariable(_ name: Name, locals: [String: Int]) {
    let candidates = visibleVariableNames(locals: locals)
    if let suggestion = NameSuggestion.closest(to: name.text, among: candidates) {
      error(
        .unknownVariable, "unknown variable '\(name.text)'; did you mean '\(suggestion)'?",
        at: name.range.start)
    } else if let elsewhere = localOwner(of: name.text) {
      error(
        .unknownVariable,
        "variable '\(name.text)' is local to coordinator '\(elsewhere)' and not visible here",
        at: name.range.start)
    } else {
      error(.unknownVariable, "unknown variable '\(name.text)'", at: name.range.start)
    }
  }

  /// The coordinator that declares a local variable of this name, if any.
  private func localOwner(of name: String) -> String? {
    for (index, variable) in variables.enumerated() where variable.name == name {
      if resultVariables.contains(index) || parameterVariables.contains(index) { continue }
      if let owner = variable.owner, owner < outlines.count { return outlines[owner].declaration.name.text }
    }
    return nil
  }

  /// `started(Coordinator)` and `onScreen(Screen)`.
  private mutating func resolveCall(_ name: Name, _ arguments: [Expression], at: Int) -> (
    CheckedExpression, ValueType
  )? {
    guard !Self.isMissing(name) else { return nil }
    guard builtInFunctionNames.contains(name.text) else {
      error(
        .unknownFunction,
        "unknown function '\(name.text)'\(Self.suggestionOrChoices(name.text, among: builtInFunctionNames))",
        at: name.range.start)
      return nil
    }
    let expected = name.text == "started" ? "coordinator" : "screen"
    guard arguments.count == 1 else {
      error(
        .typeMismatch, "'\(name.text)' takes 1 argument, a \(expected) name, but got \(arguments.count)",
        at: name.range.start)
      return nil
    }
    guard case .name(let argument) = Self.unparenthesized(arguments[0]).kind else {
      error(
        .typeMismatch, "the argument of '\(name.text)' must be a \(expected) name",
        at: arguments[0].range.start)
      return nil
    }
    if name.text == "started" {
      guard let coordinator = lookUpCoordinator(argument) else { return nil }
      return (.started(coordinator: coordinator), .bool)
    }
    guard let screen = lookUpScreen(argument) else { return nil }
    return (.onScreen(screen: screen), .bool)
  }

  static func unparenthesized(_ expression: Expression) -> Expression {
    if case .parenthesized(let inner) = expression.kind { return unparenthesized(inner) }
    return expression
  }
}
