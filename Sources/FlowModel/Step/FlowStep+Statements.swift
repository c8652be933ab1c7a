import FlowLanguage

// The flow's statements: its own (`if`, assignments, `after`) run here, the library's are
// the runtime's (`CoordinatorRuntime.execute(_:in:_:)`).
extension FlowStep {
  mutating func execute(_ statements: [CheckedStatement], in c: CoordinatorID) {
    // The statement that runs this block, for what follows the block's return.
    let caller = statementAt
    defer { statementAt = caller }
    for statement in statements {
      guard !stopped, isAlive(c) else { return }
      if case .at(let offset) = statement {
        statementAt = offset
        lastStatementAt = offset
        continue
      }
      execute(statement, in: c)
    }
  }

  /// A coordinator's `start` block. Run by a statement (a `startChild`, say), it is part of
  /// what that statement does: once it returns, that statement is the last one the step ran
  /// (`lastStatementAt`), so a state the start leaves is located at the statement that
  /// started the coordinator, not at the start's last line.
  mutating func executeStart(_ body: [CheckedStatement], in c: CoordinatorID) {
    let starter = statementAt
    execute(body, in: c)
    if starter >= 0 { lastStatementAt = starter }
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
      if evaluate(condition, in: c) != 0 {
        execute(then, in: c)
      } else {
        execute(otherwise, in: c)
      }
    case .assign(let variable, let op, let expression):
      assign(variable, op, expression, in: c)
    case .after(let task):
      note(.library, "\(name(ofCoordinator: c)) starts async work '\(tables.flow.asyncTasks[task].name)'")
      state.pending.append(PendingCompletion(task: task, coordinator: c))
    case .call(let declaration, let message, let arguments):
      call(message, arguments, onChild: declaration, from: c)
    case .at(let offset):
      // A position outside a block's loop (a runtime running one statement).
      statementAt = offset
      lastStatementAt = offset
    default:
      // Every other statement is the library's, including those a runtime adds.
      Runtime.execute(statement, in: c, &self)
    }
  }

  /// `call C.m(args)`: the app's `child?.m(args)` on the child of `declaration` that `c`
  /// holds (`CoordinatorRuntime.heldChild`: the first in its children, the one its
  /// reference points to): C's `handle m` runs in it. Nothing happens when `c` holds no
  /// such child, as with a nil optional.
  mutating func call(
    _ message: Int, _ arguments: [CheckedExpression], onChild declaration: Int, from c: CoordinatorID
  ) {
    let info = tables.flow.coordinators[declaration]
    let method = tables.flow.messages[message]
    // As the handlers take them: the note of a call that finds no child shows them so too.
    let values = clamped(
      arguments.map { evaluate($0, in: c) }, to: tables.parameters(of: message))
    guard let child = Runtime.heldChild(declaration, of: c, in: state), isAlive(child) else {
      note(
        .library,
        "\(name(ofCoordinator: c)) holds no started \(info.name): \(method)(\(argumentsText(values, message: message))) is not called"
      )
      return
    }
    guard let handler = tables.messageHandler(declaration: declaration, message: message) else { return }
    note(
      .library,
      "\(name(ofCoordinator: c)) calls \(info.name).\(method)(\(argumentsText(values, message: message)))")
    runMessageHandler(handler, in: child, arguments: values)
  }

  /// Runs a message handler in `c`: its parameters hold `arguments` while the body runs
  /// and are put back afterwards (to rest, but for a handler re-entered within the step),
  /// so a state between steps never holds an argument: a value is part of the state only
  /// while it is needed, and states differing only in a past argument are one.
  mutating func runMessageHandler(_ handler: FlowTables.Handler, in c: CoordinatorID, arguments: [Int]) {
    handlersRun.append(handler.slot)
    guard !handler.parameters.isEmpty else {
      running(c) { step in step.execute(handler.body, in: c) }
      return
    }
    let declaration = state.coordinators[c].declaration
    var saved: [Int] = []
    for (variable, value) in zip(handler.parameters, arguments) {
      let slot = tables.slot[variable]
      saved.append(state.coordinators[c].locals[slot])
      state.coordinators[c].locals[slot] = value
    }
    running(c) { step in step.execute(handler.body, in: c) }
    // A coordinator freed by its own handler keeps no locals worth restoring.
    guard isAlive(c), state.coordinators[c].declaration == declaration else { return }
    for (variable, value) in zip(handler.parameters, saved) {
      state.coordinators[c].locals[tables.slot[variable]] = value
    }
  }

  /// Arguments as the handler's parameters take them: an Int saturates at the nearer bound
  /// (as an assignment does), a Bool is 0 or 1.
  func clamped(_ values: [Int], to parameters: [Int]) -> [Int] {
    guard !values.isEmpty else { return values }
    return zip(values, parameters).map { value, variable in
      if case .integer(let low, let high) = tables.flow.variables[variable].type {
        return min(max(value, low), high)
      }
      return value != 0 ? 1 : 0
    }
  }

  /// `2, true`: argument values for the trace, Bools by name where the handler's parameter
  /// says so (any handler of the message: they share one signature).
  func argumentsText(_ values: [Int], message: Int) -> String {
    guard !values.isEmpty else { return "" }
    let parameters = tables.parameters(of: message)
    return values.enumerated().map { position, value in
      if position < parameters.count, case .bool = tables.flow.variables[parameters[position]].type {
        return value != 0 ? "true" : "false"
      }
      return "\(value)"
    }.joined(separator: ", ")
  }

  /// Assignments saturate at the variable's bounds, as the app's own clamping would;
  /// the resolver rejects constant values outside them, and `+=` / `-=` whose result could
  /// overflow (`integer-overflow`).
  mutating func assign(
    _ variable: Int, _ op: AssignmentOperator, _ expression: CheckedExpression, in c: CoordinatorID
  ) {
    let value = evaluate(expression, in: c)
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
      usesVariables = true
    }
  }

  /// The value of `expression` in coordinator `c`, noting in `usesVariables` whether it
  /// read a global variable.
  mutating func evaluate(_ expression: CheckedExpression, in c: CoordinatorID) -> Int {
    state.evaluate(expression, tables: tables, context: c, readsVariables: &usesVariables)
  }

  /// Schedules the runtime's own work `work` for coordinator `c`: it arrives later as a
  /// completion event (`CoordinatorRuntime.complete(libraryWork:for:_:)`), and holds `c`
  /// until then.
  mutating func schedule(libraryWork work: Int, for c: CoordinatorID) {
    state.pending.append(PendingCompletion(task: tables.flow.asyncTasks.count + work, coordinator: c))
  }
}
