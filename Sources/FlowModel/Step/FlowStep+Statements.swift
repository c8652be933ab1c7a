import FlowLanguage

// The flow's statements: its own (`if`, assignments, `after`) run here, the library's are
// the runtime's (`CoordinatorRuntime.execute(_:in:_:)`).
extension FlowStep {
  mutating func execute(_ statements: [CheckedStatement], in c: CoordinatorID) {
    for statement in statements {
      guard !stopped, isAlive(c) else { return }
      execute(statement, in: c)
    }
  }

  mutating func execute(_ statement: CheckedStatement, in c: CoordinatorID) {
    statementsRun += 1
    if statementsRun > Self.maximumStatementsPerStep {
      report(
        .uikitCrash,
        "the handlers never settle: more than \(Self.maximumStatementsPerStep) statements in one step (endless recursion hangs the app)"
      )
      stopped = true
      state.crashed = true
      return
    }
    switch statement {
    case .ifElse(let condition, let then, let otherwise):
      if state.evaluate(condition, tables: tables, context: c) != 0 {
        execute(then, in: c)
      } else {
        execute(otherwise, in: c)
      }
    case .assign(let variable, let op, let expression):
      assign(variable, op, expression, in: c)
    case .after(let task):
      note(.library, "\(name(ofCoordinator: c)) starts async work '\(tables.flow.asyncTasks[task].name)'")
      state.pending.append(PendingCompletion(task: task, coordinator: c))
    case .call(let declaration, let message):
      call(message, onChild: declaration, from: c)
    default:
      // Every other statement is the library's, including those a runtime adds.
      Runtime.execute(statement, in: c, &self)
    }
  }

  /// `call C.m`: the app's `child?.m()` on the child of `declaration` that `c` holds (the
  /// first in its children, the one its reference points to): C's `handle m` runs in it.
  /// Nothing happens when `c` holds no such child, as with a nil optional.
  mutating func call(_ message: Int, onChild declaration: Int, from c: CoordinatorID) {
    let info = tables.flow.coordinators[declaration]
    let method = tables.flow.messages[message]
    guard
      let child = state.coordinators[c].children.first(where: {
        isAlive($0) && state.coordinators[$0].declaration == declaration
      })
    else {
      note(.library, "\(name(ofCoordinator: c)) holds no started \(info.name): \(method)() is not called")
      return
    }
    note(.library, "\(name(ofCoordinator: c)) calls \(info.name).\(method)()")
    guard let handler = tables.messageHandler(declaration: declaration, message: message) else { return }
    handlersRun.append(handler.slot)
    running(child) { step in step.execute(handler.body, in: child) }
  }

  /// Assignments saturate at the variable's bounds, as the app's own clamping would;
  /// the resolver rejects constant values outside them, and `+=` / `-=` whose result could
  /// overflow (`integer-overflow`).
  mutating func assign(
    _ variable: Int, _ op: AssignmentOperator, _ expression: CheckedExpression, in c: CoordinatorID
  ) {
    let value = state.evaluate(expression, tables: tables, context: c)
    let current = state.value(of: variable, tables: tables, context: c)
    var result: Int
    switch op {
    case .assign: result = value
    case .add: result = current + value
    case .subtract: result = current - value
    }
    if case .integer(let low, let high) = tables.flow.variables[variable].type {
      result = min(max(result, low), high)
    } else {
      result = result != 0 ? 1 : 0
    }
    let slot = tables.slot[variable]
    if tables.isLocal[variable] {
      state.coordinators[c].locals[slot] = result
    } else {
      state.globals[slot] = result
    }
  }

  /// Schedules the runtime's own work `work` for coordinator `c`: it arrives later as a
  /// completion event (`CoordinatorRuntime.complete(libraryWork:for:_:)`), and holds `c`
  /// until then.
  mutating func schedule(libraryWork work: Int, for c: CoordinatorID) {
    state.pending.append(PendingCompletion(task: tables.flow.asyncTasks.count + work, coordinator: c))
  }
}
