// Messages with a small argument: the parameters of `handle m(NAME: TYPE)` and the arguments
// of `send m(EXPR)` and `call C.m(EXPR)`, as apps pass a value up a responder chain of
// coordinators (`globalDisplay(page:sender:)`).

extension Resolution {
  /// Declares the parameters of a `handle` as hidden local variables of `coordinator`, at
  /// rest at 0 (or the bound nearest 0) and `false`; returns their indices, one per
  /// parameter, or fewer after a reported problem.
  mutating func declareParameters(
    _ parameters: [Parameter], of message: Name, in coordinator: Int, _ context: StatementContext
  ) -> [Int] {
    var declared: [Int] = []
    var seen: [String: Int] = [:]
    for parameter in parameters {
      let name = parameter.name
      guard !Self.isMissing(name) else { return declared }
      if let first = seen[name.text] {
        duplicate(
          "duplicate parameter '\(name.text)' of 'handle \(message.text)'", at: name.range.start, first: first
        )
        return declared
      }
      seen[name.text] = name.range.start
      guard checkParameterName(name, context) else { return declared }
      var type = VariableType.bool
      var rest = 0
      if let bounds = parameter.bounds {
        let limit = 1000
        guard bounds.low <= bounds.high else {
          error(
            .invalidRange,
            "range \(bounds.low)...\(bounds.high) of parameter '\(name.text)' is empty; the low bound must not exceed the high bound",
            at: bounds.range.start)
          return declared
        }
        guard bounds.low >= -limit && bounds.high <= limit else {
          error(
            .invalidRange,
            "range \(bounds.low)...\(bounds.high) of parameter '\(name.text)' must lie within -\(limit)...\(limit)",
            at: bounds.range.start)
          return declared
        }
        type = .integer(low: bounds.low, high: bounds.high)
        rest = min(max(0, bounds.low), bounds.high)
      }
      let count =
        outlines[coordinator].locals.count + resultVariableCount[coordinator, default: 0]
      guard count < CheckedFlow.maximumLocalVariables else {
        error(
          .tooManyVariables,
          "coordinator '\(context.coordinatorName)' has more than \(CheckedFlow.maximumLocalVariables) local variables, "
            + "counting one for each parameter of its handlers and each completion's result; flowcheck models at most "
            + "\(CheckedFlow.maximumLocalVariables) per coordinator (hint: make some variables global)",
          at: name.range.start)
        return declared
      }
      // Counted with the completions' results: the same hidden locals.
      resultVariableCount[coordinator, default: 0] += 1
      declared.append(variables.count)
      parameterVariables.insert(variables.count)
      variables.append(VariableInfo(name: name.text, type: type, initialValue: rest, owner: coordinator))
      variableNames.append(name)
    }
    return declared
  }

  /// A parameter must not hide a variable, a screen or a built-in value.
  private mutating func checkParameterName(_ name: Name, _ context: StatementContext) -> Bool {
    let text = name.text
    let what: String
    if context.locals[text] != nil || globals[text] != nil {
      what = "variable '\(text)'"
    } else if screenIndex[text] != nil {
      what = "screen '\(text)'"
    } else if builtInValueNames.contains(text) || text == "nil" || text == "true" || text == "false" {
      what = "the built-in value '\(text)'"
    } else {
      return true
    }
    error(
      .duplicateDeclaration, "parameter '\(text)' has the name of \(what); name it otherwise",
      at: name.range.start)
    return false
  }

  /// The arguments of `send m(…)` or `call C.m(…)`, checked against the parameters of `m`'s
  /// handlers: as many, each of the parameter's type, a constant within its range (any other
  /// Int saturates at the nearer bound, as an assignment does). nil after a reported problem.
  mutating func resolveArguments(
    _ arguments: [Expression], of message: Name, written: String, _ context: StatementContext
  ) -> [CheckedExpression]? {
    let parameters = messageSignatures[message.text]?.parameters
    var checked: [CheckedExpression] = []
    var valid = true
    if let parameters, parameters.count != arguments.count {
      let takes =
        parameters.isEmpty
        ? "takes no arguments"
        : "takes \(parameters.count) argument\(parameters.count == 1 ? "" : "s") (\(parameters.map(\.text).joined(separator: ", ")))"
      let example =
        parameters.isEmpty
        ? written : written + "(" + parameters.map(Self.exampleValue).joined(separator: ", ") + ")"
      error(
        .typeMismatch,
        "message '\(message.text)' \(takes), but '\(written)' passes \(arguments.count) (hint: '\(example)')",
        at: arguments.count > parameters.count ? arguments[parameters.count].range.start : message.range.start
      )
      valid = false
    }
    for (position, argument) in arguments.enumerated() {
      guard let (expression, type) = resolveExpression(argument, locals: context.locals) else {
        valid = false
        continue
      }
      checked.append(expression)
      guard let parameters, position < parameters.count else { continue }
      let parameter = parameters[position]
      guard let bounds = parameter.bounds else {
        if type != .bool {
          error(
            .typeMismatch,
            "argument '\(parameter.name.text)' of '\(message.text)' must be a Bool, not \(type.described) (hint: pass 'true', 'false' or a condition)",
            at: argument.range.start)
          valid = false
        }
        continue
      }
      guard type == .integer else {
        error(
          .typeMismatch,
          "argument '\(parameter.name.text)' of '\(message.text)' must be an Int in \(bounds.low)...\(bounds.high), not \(type.described) (hint: pass a number such as \(bounds.low), or an Int variable)",
          at: argument.range.start)
        valid = false
        continue
      }
      if let range = integerRange(of: expression), range.lowerBound == range.upperBound,
        range.lowerBound < bounds.low || range.lowerBound > bounds.high
      {
        error(
          .valueOutOfRange,
          "value \(range.lowerBound) is outside parameter '\(parameter.name.text)' of '\(message.text)', \(bounds.low)...\(bounds.high) (hint: pass a value in \(bounds.low)...\(bounds.high), or declare '\(parameter.name.text): \(min(bounds.low, range.lowerBound))...\(max(bounds.high, range.lowerBound))' in 'handle \(message.text)')",
          at: argument.range.start)
        valid = false
      }
    }
    return valid ? checked : nil
  }

  /// A value of a parameter's type, for hints: its low bound, or `true`.
  static func exampleValue(_ parameter: Parameter) -> String {
    parameter.bounds.map { "\($0.low)" } ?? "true"
  }

  /// `after` inside a handler: its body runs once the handler has returned, when the
  /// parameters are back at rest, so it cannot see them.
  mutating func withParametersHidden<T>(
    _ context: StatementContext, _ body: (inout Self, StatementContext) -> T
  )
    -> T
  {
    var inner = context
    let outerHandler = handlerParameters
    let outerHidden = hiddenParameters
    for (name, message) in handlerParameters {
      inner.locals[name] = nil
      hiddenParameters[name] = message
    }
    handlerParameters = [:]
    let result = body(&self, inner)
    handlerParameters = outerHandler
    hiddenParameters = outerHidden
    return result
  }

  /// A parameter read where it cannot be, or assigned: reported; true when `name` is one.
  mutating func reportParameterMisuse(_ name: Name, assigning: Bool) -> Bool {
    if assigning, let message = handlerParameters[name.text] ?? hiddenParameters[name.text] {
      error(
        .typeMismatch,
        "cannot assign to '\(name.text)': it is a parameter of 'handle \(message)'; assign a variable of your own",
        at: name.range.start)
      return true
    }
    if let message = hiddenParameters[name.text] {
      error(
        .unknownVariable,
        "'\(name.text)' is read in work that runs later: the parameter of 'handle \(message)' is gone once the handler returns; copy it into a variable first",
        at: name.range.start)
      return true
    }
    return false
  }
}
