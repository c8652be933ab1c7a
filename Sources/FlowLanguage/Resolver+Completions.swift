// `start C in: CONTEXT animated: B { NAME in … }`, a child started with a completion that
// receives its result, and `finish(v)`, the child handing that result over. The NAME a
// completion block binds can only be compared with `nil` or one of the child's result
// values. Where the child may go is the runtime's to say (`RuntimeCapabilities.startContexts`
// and `checkStatement`).

/// A completion block's result while its body is resolved.
struct CompletionScope {
  var name: String
  /// The hidden coordinator-local variable holding the result.
  var variable: Int
  var childName: String
  /// The child's result values; nil when the child is unknown (already reported), so that
  /// any value is accepted.
  var results: [String]?
  /// False inside async work nested in the block (`after`, another completion), which runs
  /// once the result has been reset.
  var readable = true
}

extension Resolution {
  // MARK: Statements

  /// `start C in: CONTEXT animated: B { NAME in … }`.
  mutating func resolveStart(
    _ name: Name, _ contextName: Name?, _ animated: AnimatedFlag?, _ completion: CompletionBlock?, at: Int,
    _ context: StatementContext
  ) -> CheckedStatement? {
    guard require(.startCoordinator, at: at) else { return nil }
    let child = lookUpCoordinator(name, markStarted: true)
    var valid = child != nil
    var startContext = StartContext.standard
    if let contextName, !Self.isMissing(contextName) {
      if let known = capabilities.startContext(named: contextName.text) {
        startContext = known
      } else {
        error(
          .unknownStartContext,
          "unknown start context '\(contextName.text)'\(Self.suggestionOrChoices(contextName.text, among: capabilities.startContexts))",
          at: contextName.range.start)
        valid = false
      }
    } else if contextName != nil {
      valid = false
    }
    if let child, valid, !checkStartedChild(child, startContext, contextName, by: context, at: at) {
      valid = false
    }
    var block: Int? = nil
    if let completion {
      block = resolveCompletion(completion, child: child, context)
      if block == nil { valid = false }
    }
    guard valid, let child else { return nil }
    return .start(
      coordinator: child, context: startContext, animated: animated?.value ?? true, completion: block)
  }

  /// The window coordinator cannot be started; the rest of what a child's kind accepts after
  /// `in:`, and where, is the runtime's check.
  private mutating func checkStartedChild(
    _ child: Int, _ startContext: StartContext, _ contextName: Name?, by context: StatementContext, at: Int
  ) -> Bool {
    let childName = outlines[child].declaration.name.text
    let windowKind = capabilities.windowKind
    if child == windowCoordinator || windowKind != nil && outlines[child].kind == windowKind {
      error(
        .unsupportedStatement,
        "coordinator '\(childName)' is the \(windowKind?.rawValue ?? "window coordinator"), which owns the window and cannot be started",
        at: at)
      return false
    }
    guard let check = capabilities.checkStatement else { return true }
    let use = StatementUse(
      keyword: "start", operandName: childName, operandKind: outlines[child].kind, operandIsWindow: false,
      coordinatorName: context.coordinatorName, coordinatorKind: context.kind,
      coordinatorIsWindow: isWindow(context), context: capabilities.name(of: startContext))
    guard let problem = check(use) else { return true }
    error(problem.id, problem.message, at: problem.atContext ? contextName?.range.start ?? at : at)
    return false
  }

  /// A completion block: its hidden result variable, its `CompletionInfo`, its body resolved
  /// with the result bound. nil after reporting a problem with the binding.
  private mutating func resolveCompletion(
    _ completion: CompletionBlock, child: Int?, _ context: StatementContext
  )
    -> Int?
  {
    let binding = completion.binding ?? Name("result", completion.body.range)
    let results = child.map { outlines[$0].results }
    var valid = checkBinding(binding, context)
    var variable = -1
    if let coordinator = context.coordinator {
      let count = outlines[coordinator].locals.count + resultVariableCount[coordinator, default: 0]
      if count >= CheckedFlow.maximumLocalVariables {
        error(
          .tooManyVariables,
          "coordinator '\(context.coordinatorName)' has more than \(CheckedFlow.maximumLocalVariables) local variables, "
            + "counting one for the result of each completion block; flowcheck models at most "
            + "\(CheckedFlow.maximumLocalVariables) per coordinator (hint: make some variables global)",
          at: completion.body.range.start)
        valid = false
      } else {
        resultVariableCount[coordinator, default: 0] += 1
        variable = variables.count
        resultVariables.insert(variable)
        variables.append(
          VariableInfo(
            name: binding.text, type: .integer(low: 0, high: max(1, results?.count ?? 1)), initialValue: 0,
            owner: coordinator))
        variableNames.append(binding)
      }
    }
    let index = completionBlocks.count
    completionBlocks.append(
      CompletionInfo(
        coordinator: context.coordinator ?? 0, child: child ?? 0, resultVariable: max(0, variable), body: []))
    let outer = completionScopes
    for level in completionScopes.indices { completionScopes[level].readable = false }
    completionScopes.append(
      CompletionScope(
        name: binding.text, variable: variable,
        childName: child.map { outlines[$0].declaration.name.text } ?? "", results: results))
    completionBlocks[index].body = resolveBlock(completion.body, context)
    completionScopes = outer
    return valid && variable >= 0 ? index : nil
  }

  /// The NAME a completion binds must not hide a variable, a screen or a built-in value.
  private mutating func checkBinding(_ binding: Name, _ context: StatementContext) -> Bool {
    let name = binding.text
    let what: String
    if context.locals[name] != nil || globals[name] != nil {
      what = "variable '\(name)'"
    } else if completionScopes.contains(where: { $0.name == name }) {
      what = "the result of an enclosing completion"
    } else if screenIndex[name] != nil {
      what = "screen '\(name)'"
    } else if builtInValueNames.contains(name) || name == "nil" || isReservedWord(name) && name != "result" {
      what = "the word '\(name)'"
    } else {
      return true
    }
    error(
      .duplicateDeclaration,
      "the completion's result '\(name)' shadows \(what); name it otherwise, as in '{ \(name)Result in'",
      at: binding.range.start)
    return false
  }

  /// `finish` and `finish(v)` under a runtime with result values: `finishWith(result:)`.
  mutating func resolveFinish(_ value: Name?, at: Int, _ context: StatementContext) -> CheckedStatement? {
    if isWindow(context) {
      error(
        .unsupportedStatement,
        "the window coordinator '\(context.coordinatorName)' has no finish of its own under runtime '\(library.rawValue)'; a child ends itself with 'finish' or 'dismiss'",
        at: at)
      return nil
    }
    guard let coordinator = context.coordinator else { return nil }
    let results = outlines[coordinator].results
    guard let value else {
      guard results.isEmpty else {
        error(
          .unknownResult,
          "finish needs a value: finish(\(results[0])); coordinator '\(context.coordinatorName)' has 'result \(results.joined(separator: ", "))'",
          at: at)
        return nil
      }
      return .finishWith(result: 1)
    }
    guard !Self.isMissing(value) else { return nil }
    guard let position = results.firstIndex(of: value.text) else {
      if results.isEmpty {
        error(
          .unknownResult,
          "coordinator '\(context.coordinatorName)' has no result values; write 'finish', or declare them with 'result \(value.text)'",
          at: value.range.start)
      } else {
        error(
          .unknownResult,
          "'\(value.text)' is not a result of coordinator '\(context.coordinatorName)'\(Self.suggestionOrChoices(value.text, among: results))",
          at: value.range.start)
      }
      return nil
    }
    return .finishWith(result: position + 1)
  }

  // MARK: The completion's result in expressions

  /// The innermost completion scope binding `name`.
  func completionScope(named name: String) -> CompletionScope? {
    completionScopes.last { $0.name == name }
  }

  /// `NAME == nil`, `NAME != value`, `nil == NAME`…: `.some(nil)` after a reported problem,
  /// nil when the comparison does not involve a completion's result.
  mutating func resolveResultComparison(_ operation: BinaryOperator, _ left: Expression, _ right: Expression)
    -> CheckedExpression??
  {
    let bare = (Self.unparenthesized(left), Self.unparenthesized(right))
    let scope: CompletionScope
    let bound: Name
    let other: Expression
    if case .name(let name) = bare.0.kind, let found = completionScope(named: name.text) {
      (scope, bound, other) = (found, name, bare.1)
    } else if case .name(let name) = bare.1.kind, let found = completionScope(named: name.text) {
      (scope, bound, other) = (found, name, bare.0)
    } else {
      return nil
    }
    guard scope.readable else {
      reportUnreadableResult(bound)
      return .some(nil)
    }
    let valuesText =
      scope.results.map { $0.isEmpty ? "'nil' (its result is Void)" : Self.choices(["nil"] + $0) } ?? "'nil'"
    guard case .name(let value) = other.kind, value.text != bound.text else {
      error(
        .typeMismatch,
        "'\(bound.text)' can only be compared with \(valuesText), the results of coordinator '\(scope.childName)'",
        at: other.range.start)
      return .some(nil)
    }
    let number: Int
    if value.text == "nil" {
      number = 0
    } else if let results = scope.results {
      guard let position = results.firstIndex(of: value.text) else {
        let hint =
          results.isEmpty
          ? "; coordinator '\(scope.childName)' has no result values, so compare '\(bound.text)' with 'nil' only"
          : Self.suggestionOrChoices(value.text, among: ["nil"] + results)
        error(
          .unknownResult, "'\(value.text)' is not a result of coordinator '\(scope.childName)'\(hint)",
          at: value.range.start)
        return .some(nil)
      }
      number = position + 1
    } else {
      return .some(nil)
    }
    return .some(.binary(operation, .variable(scope.variable), .integer(number)))
  }

  /// A completion's result or `nil` used other than in `NAME == value` or `NAME != value`.
  mutating func reportResultOutsideComparison(_ name: Name) {
    if let scope = completionScope(named: name.text) {
      guard scope.readable else {
        reportUnreadableResult(name)
        return
      }
      error(
        .typeMismatch,
        "'\(name.text)' is the result of coordinator '\(scope.childName)': compare it with '==' or '!=' against 'nil' or one of its result values, as in '\(name.text) == nil'",
        at: name.range.start)
    } else {
      error(
        .typeMismatch,
        "'nil' can only be compared with the result of a completion block, as in 'result == nil'",
        at: name.range.start)
    }
  }

  private mutating func reportUnreadableResult(_ name: Name) {
    error(
      .unknownVariable,
      "'\(name.text)' is read in work that runs later: async work cannot read the completion's result; copy it into a variable first",
      at: name.range.start)
  }
}
