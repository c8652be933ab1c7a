// Statements: navigation verbs, the coordinator tree, messages, `if`, assignments and
// `after`, each checked against the runtime and the running coordinator's kind.

extension Resolution {
  /// Resolves a block; statements with errors are left out (the flow is rejected anyway).
  /// Each statement is preceded by its position (`CheckedStatement.at(offset:)`).
  mutating func resolveBlock(_ block: Block, _ context: StatementContext) -> [CheckedStatement] {
    var statements: [CheckedStatement] = []
    for statement in block.statements {
      if let checked = resolveStatement(statement, context) {
        statements.append(.at(offset: statement.range.start))
        statements.append(checked)
      }
    }
    return statements
  }

  private mutating func resolveStatement(_ statement: Statement, _ context: StatementContext)
    -> CheckedStatement?
  {
    let at = statement.range.start
    switch statement.kind {
    case .navigation(let verb, let screenName, let animated):
      return resolveNavigation(verb, screenName, animated, at: at, context)

    case .startChild(let name):
      let supported = require(.startChild, at: at)
      guard let child = lookUpCoordinator(name, markStarted: true) else { return nil }
      // An operation the runtime lacks is the one error: its child is not checked further.
      let valid = supported && checkChildRoot(child, startedBy: context, at: at)
      return valid ? .startChild(coordinator: child) : nil

    case .stopChild(let name):
      let supported = require(.stopChild, at: at)
      guard let child = lookUpCoordinator(name) else { return nil }
      return supported ? .stopChild(coordinator: child) : nil

    case .finish:
      guard require(.finish, at: at) else { return nil }
      // Under a runtime with result values, `finish` is `finish(())`.
      return capabilities.supports(.finishWith) ? resolveFinish(nil, at: at, context) : .finish

    case .finishWith(let value):
      return require(.finishWith, at: at) ? resolveFinish(value, at: at, context) : nil

    case .start(let name, let contextName, let animated, let completion):
      return resolveStart(name, contextName, animated, completion, at: at, context)

    case .library(let written):
      return resolveLibraryStatement(written, at: at, context)

    case .send(let name, let arguments):
      guard require(.send, at: at), !Self.isMissing(name) else { return nil }
      if handledMessageSet[name.text] == nil {
        if let suggestion = NameSuggestion.closest(to: name.text, among: handledMessages) {
          error(
            .unknownMessage, "unknown message '\(name.text)'; did you mean '\(suggestion)'?",
            at: name.range.start)
          return nil
        }
        warning(
          .messageNeverHandled,
          "message '\(name.text)' is sent but no coordinator handles it\(screenEventHint(for: name.text))",
          at: name.range.start)
      }
      guard let index = messageIndex[name.text],
        let checked = resolveArguments(arguments, of: name, written: "send \(name.text)", context)
      else { return nil }
      return .send(message: index, arguments: checked)

    case .ifElse(let condition, let then, let otherwise):
      let checked = resolveCondition(condition, context, what: "the condition of 'if'")
      let thenStatements = resolveBlock(then, context)
      let otherwiseStatements = otherwise.map { resolveBlock($0, context) } ?? []
      guard let checked else { return nil }
      return .ifElse(checked, then: thenStatements, otherwise: otherwiseStatements)

    case .assignment(let name, let operation, let value):
      return resolveAssignment(name, operation, value, context)

    case .setStack(let names):
      guard require(.setStack, at: at) else { return nil }
      var valid = true
      if context.kind == .tabBar {
        error(
          .unsupportedStatement,
          "'setStack' needs a NavigationCoordinator; '\(context.coordinatorName)' is a TabBarCoordinator",
          at: at)
        valid = false
      }
      var screens: [Int] = []
      for name in names where !Self.isMissing(name) {
        if let screen = lookUpScreen(name, markShown: true) { screens.append(screen) } else { valid = false }
      }
      return valid && screens.count == names.count ? .setStack(screens: screens) : nil

    case .selectTab(let name):
      guard require(.selectTab, at: at), !Self.isMissing(name) else { return nil }
      if let kind = context.kind, kind != .tabBar {
        error(
          .unsupportedStatement,
          "'selectTab' needs a TabBarCoordinator; '\(context.coordinatorName)' is a \(kind.rawValue)", at: at)
        return nil
      }
      guard let child = lookUpCoordinator(name) else { return nil }
      guard outlines[child].root == .tab else {
        error(
          .invalidRoot,
          "'selectTab \(name.text)' needs a coordinator with 'root tab'; '\(name.text)' has none",
          at: name.range.start)
        return nil
      }
      return .selectTab(coordinator: child)

    case .call(let name, let method, let arguments):
      guard require(.call, at: at), !Self.isMissing(name), !Self.isMissing(method) else { return nil }
      guard let child = lookUpCoordinator(name) else { return nil }
      let handled = outlines[child].declaration.members.compactMap { member -> String? in
        guard case .message(let message, _, _) = member.kind, !Self.isMissing(message) else { return nil }
        return message.text
      }
      guard handled.contains(method.text), let message = messageIndex[method.text] else {
        error(
          .unknownMessage,
          "coordinator '\(name.text)' has no 'handle \(method.text)'\(NameSuggestion.suffix(for: method.text, among: handled))",
          at: method.range.start)
        return nil
      }
      guard
        let checked = resolveArguments(
          arguments, of: method, written: "call \(name.text).\(method.text)", context)
      else { return nil }
      return .call(coordinator: child, message: message, arguments: checked)

    case .after(let name, let body, let weak):
      guard roomForOneMore(asyncTasks.count, "'after' blocks", at: at) else { return nil }
      let task = asyncTasks.count
      asyncTasks.append(
        AsyncTaskInfo(name: name.text, coordinator: context.coordinator, body: [], holdsCoordinator: !weak))
      // The body runs later, once a completion's result has been reset: it cannot read one.
      let scopes = completionScopes
      for level in completionScopes.indices { completionScopes[level].readable = false }
      // Nor the parameters of the handler it is written in, back at rest by then.
      asyncTasks[task].body = withParametersHidden(context) { resolution, inner in
        resolution.resolveBlock(body, inner)
      }
      completionScopes = scopes
      return .after(task: task)
    }
  }

  /// A runtime's statement: refused unless the flow's runtime adds it, else its name looked
  /// up as its form says and its block resolved in the same context.
  private mutating func resolveLibraryStatement(
    _ written: LibraryStatementSyntax, at: Int, _ context: StatementContext
  ) -> CheckedStatement? {
    // Under a runtime without it, the statement is refused and its name and block still
    // resolved, as the runtime that adds it reads them, so that every error is reported.
    let form = capabilities.statement(written.keyword.text)
    if form == nil { reportUnavailable(written.keyword.text, at: at) }
    let shape = form ?? libraries.lazy.compactMap { $0.statement(written.keyword.text) }.first
    var operand: Int? = nil
    if let name = written.operand {
      switch shape?.operand {
      case .coordinator?: operand = lookUpCoordinator(name, markStarted: shape?.startsOperand ?? false)
      case .screen?: operand = lookUpScreen(name, markShown: true)
      case nil: break
      }
    }
    // The block's index is taken before its statements are resolved, so that blocks are
    // numbered in source order, outer before inner.
    var block: Int? = nil
    if let body = written.body {
      let index = libraryBlocks.count
      libraryBlocks.append(LibraryBlock(coordinator: context.coordinator ?? 0, operand: operand, body: []))
      libraryBlocks[index].body = resolveBlock(body, context)
      block = index
    }
    guard let form, operand != nil || written.operand == nil else { return nil }
    if let check = capabilities.checkStatement {
      let operandIsCoordinator = form.operand == .coordinator
      let use = StatementUse(
        keyword: form.keyword, operandName: written.operand?.text,
        operandKind: operandIsCoordinator ? operand.flatMap { outlines[$0].kind } : nil,
        operandIsWindow: operandIsCoordinator && operand != nil && operand == windowCoordinator,
        coordinatorName: context.coordinatorName, coordinatorKind: context.kind)
      if let problem = check(use) {
        error(problem.id, problem.message, at: at)
        return nil
      }
    }
    return .library(
      LibraryStatement(
        keyword: form.keyword, operand: operand, animated: written.animated?.value ?? true, block: block))
  }

  private mutating func resolveNavigation(
    _ verb: NavigationVerb, _ screenName: Name?, _ animated: AnimatedFlag?, at: Int,
    _ context: StatementContext
  ) -> CheckedStatement? {
    var valid = require(RuntimeOperation(verb), at: at)
    let needsNavigationController: [NavigationVerb] = [.show, .root, .top, .pop, .popTo]
    if valid, context.kind == .tabBar, needsNavigationController.contains(verb) {
      error(
        .unsupportedStatement,
        "'\(verb.rawValue)' needs a NavigationCoordinator; '\(context.coordinatorName)' is a TabBarCoordinator",
        at: at)
      valid = false
    }
    if let animated, !capabilities.acceptsAnimated(verb) {
      error(
        .unsupportedStatement,
        "\(library.rawValue)'s '\(verb.rawValue)' is always animated; remove 'animated: \(animated.value)'",
        at: animated.range.start)
      valid = false
    }
    let isAnimated = animated?.value ?? true
    switch verb {
    case .pop: return valid ? .pop(animated: isAnimated) : nil
    case .dismiss: return valid && checkDismiss(at: at, context) ? .dismiss(animated: isAnimated) : nil
    case .show, .root, .top, .popTo, .present: break
    }
    // The parser has reported a missing screen name.
    guard let screenName, let screen = lookUpScreen(screenName, markShown: verb != .popTo), valid else {
      return nil
    }
    switch verb {
    case .show: return .show(screen: screen)
    case .root: return .root(screen: screen)
    case .top: return .top(screen: screen, animated: isAnimated)
    case .popTo: return .popTo(screen: screen, animated: isAnimated)
    case .present: return .present(screen: screen, animated: isAnimated)
    case .pop, .dismiss: return nil
    }
  }

  /// For a message nobody handles: the first handler of a screen event of that name
  /// (`on S.name`), which a `send` never reaches, as a did-you-mean for `handle name`.
  private func screenEventHint(for message: String) -> String {
    for outline in outlines where !outline.isDuplicate {
      for member in outline.declaration.members {
        guard case .screenEvent(let screen, let event, _) = member.kind, event.text == message else {
          continue
        }
        return
          "; '\(outline.declaration.name.text)' handles the screen event '\(screen.text).\(message)', which a 'send' does not reach; did you mean 'handle \(message)'?"
      }
    }
    return ""
  }

  /// Where a child's root comes from must fit the coordinator that starts it.
  private mutating func checkChildRoot(_ child: Int, startedBy context: StatementContext, at: Int) -> Bool {
    let childName = outlines[child].declaration.name.text
    if child == windowCoordinator {
      error(
        .invalidRoot, "coordinator '\(childName)' owns the window and cannot be started as a child", at: at)
      return false
    }
    guard let kind = context.kind, let root = outlines[child].root else { return true }
    switch root {
    case .tab where kind != .tabBar:
      error(
        .invalidRoot,
        "coordinator '\(childName)' has 'root tab' but '\(context.coordinatorName)' is not a TabBarCoordinator",
        at: at)
      return false
    // A tab bar coordinator has no navigation controller to share; every other kind that
    // takes a root clause (a NavigationCoordinator, a team's own base class) has one.
    case .parent where kind == .tabBar:
      error(
        .invalidRoot,
        "coordinator '\(childName)' has 'root parent' but '\(context.coordinatorName)' is not a NavigationCoordinator",
        at: at)
      return false
    default:
      return true
    }
  }

  private mutating func resolveAssignment(
    _ name: Name, _ operation: AssignmentOperator, _ value: Expression, _ context: StatementContext
  ) -> CheckedStatement? {
    guard !Self.isMissing(name) else { return nil }
    let resolved = resolveExpression(value, locals: context.locals)
    guard let variable = lookUpAssignable(name, context) else { return nil }
    let info = variables[variable]
    guard let (expression, type) = resolved else { return nil }
    switch info.type {
    case .bool:
      if operation != .assign {
        error(
          .typeMismatch, "'\(operation.rawValue)' needs an integer variable; '\(name.text)' is a Bool",
          at: name.range.start)
        return nil
      }
      if type != .bool {
        error(
          .typeMismatch, "cannot assign \(type.described) to '\(name.text)', a Bool", at: value.range.start)
        return nil
      }
    case .integer(let low, let high):
      if type != .integer {
        error(
          .typeMismatch, "cannot assign \(type.described) to '\(name.text)', an Int in \(low)...\(high)",
          at: value.range.start)
        return nil
      }
      if operation == .assign, case .integer(let number)? = Self.literal(of: value),
        number < low || number > high
      {
        error(
          .valueOutOfRange, "value \(number) is outside '\(name.text)' range \(low)...\(high)",
          at: value.range.start)
        return nil
      }
      // `+=` and `-=` compute the variable's value plus or minus the expression's.
      if operation != .assign, let range = integerRange(of: expression),
        Self.combine(low...high, range, subtracting: operation == .subtract) == nil
      {
        reportOverflow(at: value.range.start)
        return nil
      }
    }
    return .assign(variable: variable, operation, expression)
  }

  /// The variable an assignment writes, or nil after reporting why there is none.
  private mutating func lookUpAssignable(_ name: Name, _ context: StatementContext) -> Int? {
    if reportParameterMisuse(name, assigning: true) { return nil }
    if let scope = completionScope(named: name.text) {
      error(
        .typeMismatch,
        "cannot assign to '\(name.text)': it is the result of coordinator '\(scope.childName)'; assign a variable of your own",
        at: name.range.start)
      return nil
    }
    if let local = context.locals[name.text] { return local }
    if let global = globals[name.text] { return global }
    if builtInValueNames.contains(name.text) || screenIndex[name.text] != nil {
      error(
        .typeMismatch, "cannot assign to '\(name.text)': only variables can be assigned", at: name.range.start
      )
      return nil
    }
    reportUnknownVariable(name, locals: context.locals)
    return nil
  }

  /// An app event: a `when` guard and a body run by the window's coordinator (whose kind
  /// decides which statements are legal; its local variables are not visible).
  mutating func resolveAppEvents() {
    let window = windowCoordinator
    let windowContext = StatementContext(
      coordinator: window, coordinatorName: window.map { outlines[$0].declaration.name.text } ?? "",
      kind: window.flatMap { outlines[$0].kind }, locals: [:])
    var eventAt: [String: Int] = [:]
    for declaration in file.declarations {
      guard case .event(let event) = declaration.kind else { continue }
      // `event E to C` runs in C, with C's kind and variables.
      var context = windowContext
      var target: Int? = nil
      if let targetName = event.target {
        guard let found = lookUpCoordinator(targetName) else { continue }
        target = found
        context = StatementContext(
          coordinator: found, coordinatorName: targetName.text, kind: outlines[found].kind,
          locals: outlines[found].locals)
      }
      let condition = event.condition.map { resolveCondition($0, context, what: "the condition of 'when'") }
      let body = resolveBlock(event.body, context)
      guard !Self.isMissing(event.name) else { continue }
      if let first = eventAt[event.name.text] {
        duplicate("duplicate event '\(event.name.text)'", at: event.name.range.start, first: first)
        continue
      }
      eventAt[event.name.text] = event.name.range.start
      guard roomForOneMore(appEvents.count, "app events", at: event.name.range.start) else { continue }
      appEvents.append(
        AppEventInfo(name: event.name.text, target: target, condition: condition ?? nil, body: body))
    }
  }
}
