// Copies of a checked flow that share no storage with the original.
//
// A Swift copy of a value shares its arrays, strings and the boxes of its indirect enums,
// and every read of them from a step retains and releases them: atomic writes to the same
// counters from every thread, which then take turns to own the cache lines. The explorer
// gives each of its threads a private copy, so that those counters stay in one core's
// cache.

extension CheckedFlow {
  /// An equal flow that shares no storage with this one.
  public func privateCopy() -> CheckedFlow {
    var copy = self
    copy.appName = fresh(appName)
    copy.base = base.map { $0 }
    copy.screens = screens.map { screen in
      var screen = screen
      screen.name = fresh(screen.name)
      screen.events = screen.events.map(fresh)
      return screen
    }
    copy.variables = variables.map { variable in
      var variable = variable
      variable.name = fresh(variable.name)
      return variable
    }
    copy.coordinators = coordinators.map { $0.privateCopy() }
    copy.messages = messages.map(fresh)
    copy.appEvents = appEvents.map { event in
      AppEventInfo(
        name: fresh(event.name), target: event.target, condition: event.condition?.privateCopy(),
        body: fresh(event.body))
    }
    copy.asyncTasks = asyncTasks.map { task in
      AsyncTaskInfo(
        name: fresh(task.name), coordinator: task.coordinator, body: fresh(task.body),
        holdsCoordinator: task.holdsCoordinator)
    }
    copy.libraryBlocks = libraryBlocks.map { block in
      LibraryBlock(coordinator: block.coordinator, operand: block.operand, body: fresh(block.body))
    }
    copy.completionBlocks = completionBlocks.map { block in
      CompletionInfo(
        coordinator: block.coordinator, child: block.child, resultVariable: block.resultVariable,
        body: fresh(block.body))
    }
    copy.properties = properties.map { property in
      PropertyInfo(
        kind: property.kind, expression: property.expression.privateCopy(), text: fresh(property.text),
        declaredAt: property.declaredAt)
    }
    if case .violations(let ids) = expectation { copy.expectation = .violations(ids.map(fresh)) }
    return copy
  }
}

extension CoordinatorInfo {
  func privateCopy() -> CoordinatorInfo {
    var copy = CoordinatorInfo(
      name: fresh(name), kind: kind, root: root, identifier: fresh(identifier),
      presentedStyle: presentedStyle,
      presentedModalInPresentation: presentedModalInPresentation, start: fresh(start),
      screenHandlers: screenHandlers.map {
        ScreenHandler(screen: $0.screen, event: $0.event, body: fresh($0.body), declaredAt: $0.declaredAt)
      },
      messageHandlers: Dictionary(uniqueKeysWithValues: messageHandlers.map { ($0.key, fresh($0.value)) }),
      declaredAt: declaredAt)
    copy.viewController = viewController
    copy.retainsViewController = retainsViewController
    copy.results = results.map(fresh)
    copy.libraryMembers = libraryMembers.map {
      LibraryMember(keyword: fresh($0.keyword), operand: $0.operand, body: fresh($0.body))
    }
    copy.messageHandlersDeclaredAt = messageHandlersDeclaredAt
    copy.messageParameters = messageParameters.mapValues { $0.map { $0 } }
    return copy
  }
}

extension CheckedStatement {
  func privateCopy() -> CheckedStatement {
    switch self {
    case .show(let screen): .show(screen: screen)
    case .root(let screen): .root(screen: screen)
    case .top(let screen, let animated): .top(screen: screen, animated: animated)
    case .pop(let animated): .pop(animated: animated)
    case .popTo(let screen, let animated): .popTo(screen: screen, animated: animated)
    case .present(let screen, let animated): .present(screen: screen, animated: animated)
    case .dismiss(let animated): .dismiss(animated: animated)
    case .startChild(let coordinator): .startChild(coordinator: coordinator)
    case .stopChild(let coordinator): .stopChild(coordinator: coordinator)
    case .finish: .finish
    case .library(let statement):
      .library(
        LibraryStatement(
          keyword: fresh(statement.keyword), operand: statement.operand, animated: statement.animated,
          block: statement.block))
    case .send(let message, let arguments):
      .send(message: message, arguments: arguments.map { $0.privateCopy() })
    case .ifElse(let condition, let then, let otherwise):
      .ifElse(condition.privateCopy(), then: fresh(then), otherwise: fresh(otherwise))
    case .assign(let variable, let op, let expression):
      .assign(variable: variable, op, expression.privateCopy())
    case .after(let task): .after(task: task)
    case .setStack(let screens): .setStack(screens: screens.map { $0 })
    case .start(let coordinator, let context, let animated, let completion):
      .start(coordinator: coordinator, context: context, animated: animated, completion: completion)
    case .finishWith(let result): .finishWith(result: result)
    case .selectTab(let coordinator): .selectTab(coordinator: coordinator)
    case .call(let coordinator, let message, let arguments):
      .call(coordinator: coordinator, message: message, arguments: arguments.map { $0.privateCopy() })
    case .at(let offset): .at(offset: offset)
    }
  }
}

extension CheckedExpression {
  func privateCopy() -> CheckedExpression {
    switch self {
    case .bool(let value): .bool(value)
    case .integer(let value): .integer(value)
    case .variable(let variable): .variable(variable)
    case .screen(let screen): .screen(screen)
    case .top: .top
    case .stack: .stack
    case .presented: .presented
    case .animating: .animating
    case .started(let coordinator): .started(coordinator: coordinator)
    case .onScreen(let screen): .onScreen(screen: screen)
    case .not(let operand): .not(operand.privateCopy())
    case .negate(let operand): .negate(operand.privateCopy())
    case .binary(let op, let lhs, let rhs): .binary(op, lhs.privateCopy(), rhs.privateCopy())
    }
  }
}

/// Statements in new storage, boxes included.
private func fresh(_ statements: [CheckedStatement]) -> [CheckedStatement] {
  statements.map { $0.privateCopy() }
}

/// A string in new storage (small strings have none: they are copied as they are).
private func fresh(_ string: String) -> String {
  String(decoding: Array(string.utf8), as: UTF8.self)
}
