// Insecurity's coordinators: one view controller each (`viewController S`), the values
// their `finish(v)` hands to the parent (`result a, b`), the window coordinator that alone
// has a `start { … }`, and the statements `start C in: CONTEXT { NAME in … }`, `finish(v)`
// and `finish`. The NAME a completion block binds can only be compared with `nil` or one
// of the child's result values.

// Insecurity's kinds, as the resolution of its statements below reads them; its runtime's
// folder declares them for the model. They leave the language when this resolution does.
private let insecurityWindow = CoordinatorKind("WindowCoordinator")
private let insecurityModal = CoordinatorKind("ModalCoordinator")
private let insecurityAdaptive = CoordinatorKind("AdaptiveCoordinator")

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
  /// Whether coordinators have one view controller each, as Insecurity's do.
  var coordinatorsHaveOneScreen: Bool { capabilities.supports(.viewController) }

  /// Whether a statement context is the window coordinator's (its `start`, or an app event).
  func isWindow(_ context: StatementContext) -> Bool {
    context.coordinator != nil && context.coordinator == windowCoordinator
      || context.kind == insecurityWindow
  }

  // MARK: Members

  /// `viewController S retained?` and `result a, b` of a coordinator, read with its outline.
  mutating func readInsecurityMember(_ member: CoordinatorMember, into outline: inout CoordinatorOutline) {
    let name = outline.declaration.name.text
    let at = member.range.start
    switch member.kind {
    case .viewController(let screen, let retained):
      guard require(.viewController, at: at) else { return }
      if let first = outline.viewControllerAt {
        duplicate("duplicate 'viewController' in coordinator '\(name)'", at: at, first: first)
        return
      }
      outline.viewControllerAt = at
      outline.viewController = lookUpScreen(screen, markShown: true)
      outline.retainsViewController = retained
    case .result(let values):
      guard require(.result, at: at) else { return }
      if let first = outline.resultsAt {
        duplicate("duplicate 'result' in coordinator '\(name)'", at: at, first: first)
        return
      }
      outline.resultsAt = at
      var valueAt: [String: Int] = [:]
      for value in values where !Self.isMissing(value) {
        if value.text == "nil" {
          error(
            .duplicateDeclaration,
            "'nil' cannot be a result value: the completion gets nil when the child is dismissed without one",
            at: value.range.start)
          continue
        }
        if let first = valueAt[value.text] {
          duplicate(
            "duplicate result value '\(value.text)' in coordinator '\(name)'", at: value.range.start,
            first: first)
          continue
        }
        valueAt[value.text] = value.range.start
        outline.results.append(value.text)
      }
    default:
      break
    }
  }

  /// Under Insecurity: the window coordinator, and only it, is a `WindowCoordinator` without
  /// a view controller or results; every other coordinator has exactly one `viewController`.
  mutating func checkInsecurityCoordinators() {
    guard coordinatorsHaveOneScreen else { return }
    let windowName = windowCoordinator.map { outlines[$0].declaration.name.text }
    for (index, outline) in outlines.enumerated() where !outline.isDuplicate {
      let declaration = outline.declaration
      let name = declaration.name.text
      if index == windowCoordinator {
        if let kind = outline.kind, kind != insecurityWindow {
          error(
            .invalidRoot,
            "window coordinator '\(name)' must be a WindowCoordinator, not a \(kind.rawValue); write 'coordinator \(name): WindowCoordinator'",
            at: declaration.kind.range.start)
        }
      } else if outline.kind == insecurityWindow, let windowName {
        error(
          .invalidRoot,
          "only the window coordinator '\(windowName)' may be a WindowCoordinator; make '\(name)' a ModalCoordinator, NavigationCoordinator or AdaptiveCoordinator",
          at: declaration.kind.range.start)
      }
      let isWindow = index == windowCoordinator || outline.kind == insecurityWindow
      if isWindow {
        if let at = outline.viewControllerAt {
          error(
            .invalidRoot,
            "the window coordinator '\(name)' has no view controller of its own; its 'start { start C … }' sets the window's root",
            at: at)
        }
        if let at = outline.resultsAt {
          error(
            .invalidRoot, "the window coordinator '\(name)' never finishes, so it has no 'result'; remove it",
            at: at)
        }
      } else if outline.viewControllerAt == nil, outline.kind != nil, !Self.isMissing(declaration.name) {
        error(
          .invalidRoot,
          "coordinator '\(name)' has no 'viewController'; add 'viewController SCREEN': an Insecurity coordinator shows one view controller",
          at: declaration.name.range.start)
      }
    }
  }

  /// Under Insecurity only the window coordinator has a `start { … }`; reports it elsewhere
  /// (once the window coordinator is known).
  mutating func checkStartMember(of index: Int, _ outline: CoordinatorOutline, at: Int) {
    guard coordinatorsHaveOneScreen, let window = windowCoordinator, index != window,
      outline.kind != insecurityWindow
    else {
      return
    }
    error(
      .unsupportedStatement,
      "only the window coordinator has 'start { … }' under runtime '\(library.rawValue)'; '\(outline.declaration.name.text)' shows its 'viewController' when its parent starts it",
      at: at)
  }

  /// Under Insecurity a coordinator handles the events of its own view controller's screen
  /// only; reports a handler for another screen. Returns whether the handler may stay.
  mutating func checkHandledScreen(
    _ screen: Int, _ screenName: Name, of index: Int, _ outline: CoordinatorOutline
  )
    -> Bool
  {
    guard coordinatorsHaveOneScreen, outline.viewController != screen else { return true }
    let name = outline.declaration.name.text
    let owner = outlines.first { $0.viewController == screen && !$0.isDuplicate }
    let move = owner.map { "; move this handler to coordinator '\($0.declaration.name.text)'" } ?? ""
    if let own = outline.viewController {
      error(
        .unknownEvent,
        "coordinator '\(name)' handles only the events of its 'viewController' screen '\(screens[own].name)', not of '\(screenName.text)'\(move)",
        at: screenName.range.start)
    } else if index == windowCoordinator || outline.kind == insecurityWindow {
      error(
        .unknownEvent,
        "the window coordinator '\(name)' has no screen, so it handles no screen events\(move)",
        at: screenName.range.start)
    }
    // A coordinator without its `viewController` has been reported already.
    return false
  }

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
      if let known = StartContext(rawValue: contextName.text), known != .standard {
        startContext = known
      } else {
        error(
          .unknownStartContext,
          "unknown start context '\(contextName.text)'\(Self.suggestionOrChoices(contextName.text, among: Parser.startContextNames))",
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

  /// The kind rules of Insecurity's `navigation.start`: what the child's kind accepts after
  /// `in:`, and a push only onto a NavigationCoordinator's navigation controller.
  private mutating func checkStartedChild(
    _ child: Int, _ startContext: StartContext, _ contextName: Name?, by context: StatementContext, at: Int
  ) -> Bool {
    let childName = outlines[child].declaration.name.text
    if child == windowCoordinator || outlines[child].kind == insecurityWindow {
      error(
        .unsupportedStatement,
        "coordinator '\(childName)' is the WindowCoordinator, which owns the window and cannot be started",
        at: at)
      return false
    }
    let contextAt = contextName?.range.start ?? at
    switch outlines[child].kind {
    case insecurityModal? where startContext != .standard:
      error(
        .unsupportedStatement,
        "'\(childName)' is a ModalCoordinator, always presented: navigation.start(child, animated:) takes no context; remove 'in: \(startContext.rawValue)', or make '\(childName)' an AdaptiveCoordinator",
        at: contextAt)
      return false
    case CoordinatorKind.navigation? where startContext != .standard && startContext != .newNavigation:
      error(
        .unsupportedStatement,
        "'\(childName)' is a NavigationCoordinator: it is pushed (no 'in:') or started 'in: newNavigation' (navigation.start(UINavigationController(), child, animated:)); for 'in: \(startContext.rawValue)' make it an AdaptiveCoordinator",
        at: contextAt)
      return false
    case CoordinatorKind.navigation?
    where startContext == .standard && context.kind != .navigation && context.kind != nil:
      let parent =
        isWindow(context)
        ? "the window coordinator '\(context.coordinatorName)' has no navigation controller"
        : "'\(context.coordinatorName)' is a \(context.kind!.rawValue), whose navigation has no push"
      error(
        .unsupportedStatement,
        "'\(childName)' is a NavigationCoordinator, pushed onto its parent's navigation controller, but \(parent); write 'start \(childName) in: newNavigation', or make '\(childName)' an AdaptiveCoordinator and write 'in: navigationFallback'",
        at: at)
      return false
    case insecurityAdaptive? where startContext == .standard:
      error(
        .unsupportedStatement,
        "'\(childName)' is an AdaptiveCoordinator: say where it goes with 'in: current', 'in: modal', 'in: newNavigation' or 'in: navigationFallback' (navigation.start(child, in: …, animated:))",
        at: at)
      return false
    default:
      return true
    }
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

  /// Under Insecurity the window coordinator has no `dismiss()` either.
  mutating func checkDismiss(at: Int, _ context: StatementContext) -> Bool {
    guard coordinatorsHaveOneScreen, isWindow(context) else { return true }
    error(
      .unsupportedStatement,
      "the window coordinator '\(context.coordinatorName)' has no dismiss under runtime '\(library.rawValue)'; a child ends itself with 'finish' or 'dismiss'",
      at: at)
    return false
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
