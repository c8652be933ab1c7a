import FlowLanguage
import FlowModel

/// Tells a violation as a story: replays its trace with logging on and records, step by
/// step, the event, the callbacks it caused and the state after it.
///
/// Shared by `check` (shortest traces from the explorer) and `simulate` (random walks), so
/// that a violation reads the same whichever found it.
struct ViolationStory<Runtime: CoordinatorRuntime> {
  let flow: CheckedFlow
  let system: FlowSystem<Runtime>
  /// The flow's text, to turn offsets into lines and columns; without it violations carry
  /// no location.
  var source: SourceFile? = nil

  /// Replays a trace with logging on and tells it step by step.
  func story(property: Int, trace: [FlowAction]) -> CheckReport.Violation {
    let descriptor = system.descriptors[property]
    let launch = system.launch(logging: true)
    var previous = launch.state.describe(flow: flow)
    let launchStep = CheckReport.StoryStep(
      event: "launch", log: launch.log.lines, state: previous, changed: previous.map { _ in false })
    var state = launch.state
    var steps: [CheckReport.StoryStep] = []
    var events: [String] = []
    var lastViolations: [StepViolation] = launch.violations
    // Where each step's last flow statement is written, the launch's first (-1: none ran).
    var lastStatements = [launch.lastStatementAt]
    for action in trace {
      let event = action.describe(in: state, flow: flow)
      events.append(event)
      let outcome = system.run(state, action, logging: true)
      let lines = outcome.state.describe(flow: flow)
      let changed = lines.enumerated().map { index, line in index >= previous.count || previous[index] != line
      }
      steps.append(
        .init(
          event: event, log: outcome.log.lines, state: lines, changed: changed,
          action: .init(action, in: state, flow: flow),
          actionIndex: system.enabledIndex(of: action, in: state)))
      previous = lines
      state = outcome.state
      lastViolations = outcome.violations
      lastStatements.append(outcome.lastStatementAt)
      if let slot = outcome.handlersRun.first {
        steps[steps.count - 1].location = location(
          system.handlerDeclaredAt[slot], "handler '\(system.handlerLabels[slot])'")
      }
    }
    var violation = CheckReport.Violation(
      id: descriptor.id, text: descriptor.text,
      why: why(property: property, state: state, stepViolations: lastViolations),
      launch: launchStep, steps: steps, events: events)
    if descriptor.text != nil {
      violation.location = location(of: descriptor)
    } else {
      let reported = lastViolations.first { $0.property == property }?.at ?? -1
      violation.location = statementLocation(reportedAt: reported, lastStatements: lastStatements)
    }
    return violation
  }

  /// The flow's own property: the line that declares it.
  private func location(of descriptor: PropertyDescriptor) -> CheckReport.Location? {
    location(descriptor.declaredAt ?? 0, "property '\(descriptor.id) \(descriptor.text ?? "")'")
  }

  /// A built-in invariant's location: the flow statement whose execution broke it.
  /// - A step invariant: the statement running when the last step reported it
  ///   (`reportedAt`), or, reported in a UIKit callback, the last one the step ran before.
  /// - A state invariant: the last statement the last step ran, the code that left the
  ///   state that breaks it.
  /// - A last step that ran no statement (a gesture, the end of an animation): the last
  ///   statement the trace ran before it, the code that set up what the gesture broke; the
  ///   app's declaration when no step ran any.
  /// `lastStatements` holds, per step from the launch (0) on, where its last statement is
  /// written, -1 for none.
  private func statementLocation(reportedAt: Int, lastStatements: [Int]) -> CheckReport.Location? {
    let last = lastStatements.count - 1
    if reportedAt >= 0 { return statementLocation(reportedAt, step: last, last: last) }
    guard let step = lastStatements.lastIndex(where: { $0 >= 0 }) else {
      return location(0, "app '\(flow.appName)'")
    }
    return statementLocation(lastStatements[step], step: step, last: last)
  }

  /// `statement 'dismiss', run in step 3`, at the statement written at `offset`, run in
  /// step `step` of a trace whose last step is `last`.
  private func statementLocation(_ offset: Int, step: Int, last: Int) -> CheckReport.Location? {
    let when = step == 0 ? "run at launch" : "run in step \(step)"
    let after = step == last ? "" : "; step \(last) ran none"
    return location(offset, "statement '\(statementText(at: offset))', \(when)\(after)")
  }

  /// The statement written at `offset`, on one line and without its block: `after charge`,
  /// `present Receipt`, `presentChild C onDismissed`.
  private func statementText(at offset: Int) -> String {
    guard let source, offset < source.bytes.count else { return "?" }
    var end = offset
    let bytes = source.bytes
    while end < bytes.count {
      let byte = bytes[end]
      // A newline, a block, the end of the enclosing block, a separator, a comment.
      if byte == 0x0A || byte == 0x7B || byte == 0x7D || byte == 0x3B { break }
      if byte == 0x2F && end + 1 < bytes.count && bytes[end + 1] == 0x2F { break }
      end += 1
    }
    // Without the blanks before the end (the statement starts at `offset`, never a blank).
    while end > offset, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D {
      end -= 1
    }
    return String(decoding: bytes[offset..<end], as: UTF8.self)
  }

  private func location(_ offset: Int?, _ what: String) -> CheckReport.Location? {
    guard let source, let offset else { return nil }
    let point = source.location(of: offset)
    return CheckReport.Location(line: point.line, column: point.column, what: what)
  }

  /// A `reachable` property that no state satisfies: there is no trace, only the launch,
  /// and what the search did reach: the screens its `states` showed, and the values the
  /// global variables the property names took (`Coverage`).
  func unreached(_ descriptor: PropertyDescriptor, states: Int, coverage: Coverage) -> CheckReport.Violation {
    let screensShown = coverage.screensShown
    let launch = system.launch(logging: true)
    let lines = launch.state.describe(flow: flow)
    let shown = flow.screens.indices.filter { $0 < screensShown.count && screensShown[$0] }.map {
      flow.screens[$0].name
    }
    let never = flow.screens.indices.filter { !($0 < screensShown.count && screensShown[$0]) }.map {
      flow.screens[$0].name
    }
    let reached =
      never.isEmpty
      ? "every screen is shown in some state"
      : shown.isEmpty
        ? "no screen is shown"
        : "the \(states) states reached show \(Self.list(shown)), never \(Self.list(never))"
    let values = valuesTaken(by: descriptor, coverage: coverage)
    var violation = CheckReport.Violation(
      id: descriptor.id, text: descriptor.text,
      why: "no reachable state satisfies '\(descriptor.text ?? "")'; \(reached)"
        + (values.isEmpty ? "" : "; " + values.joined(separator: "; ")),
      launch: .init(event: "launch", log: launch.log.lines, state: lines, changed: lines.map { _ in false }),
      steps: [], events: [])
    violation.location = location(of: descriptor)
    return violation
  }

  private func why(property: Int, state: FlowState<Runtime>, stepViolations: [StepViolation]) -> String {
    let descriptor = system.descriptors[property]
    let stepCount = InvariantRegistry.stepInvariants.count
    if property < stepCount {
      return stepViolations.first { $0.property == property }?.detail ?? "broken during the last step"
    }
    let stateIndex = property - stepCount
    if stateIndex >= 0, stateIndex < system.stateInvariants.count {
      guard !state.crashed else { return "broken in the last state" }
      return system.stateInvariants[stateIndex].check(InvariantContext(flow: flow, state: state))
        ?? "broken in the last state"
    }
    switch InvariantID(descriptor.id) {
    case .noDeadEnd: return "no event is possible here: the user is stuck"
    case .canReturn:
      let home = flow.home.map { flow.screens[$0].name } ?? "home"
      return "from here no sequence of events shows '\(home)' again"
    case .always: return "'\(descriptor.text ?? "")' is false here"
    case .never: return "'\(descriptor.text ?? "")' holds here"
    default: return "broken here"
    }
  }

  /// `A, B and C`.
  /// What each global variable that `descriptor`'s expression names was in the states
  /// reached: `'paid' is false in every state reached`, `'count' is only ever 0 or 1 (of
  /// 0...3)`.
  private func valuesTaken(by descriptor: PropertyDescriptor, coverage: Coverage) -> [String] {
    guard let property = flow.properties.first(where: { $0.declaredAt == descriptor.declaredAt }) else {
      return []
    }
    var named: [Int] = []
    Self.collectVariables(property.expression, into: &named)
    return named.compactMap { index in
      let variable = flow.variables[index]
      guard variable.owner == nil, index < coverage.valuesTaken.count else { return nil }
      let values = coverage.valuesTaken[index]
      guard !values.isEmpty else { return nil }
      switch variable.type {
      case .bool:
        return values.count == 2
          ? "'\(variable.name)' is true in some and false in others"
          : "'\(variable.name)' is \(values[0] != 0) in every state reached"
      case .integer(let low, let high):
        let all = high.subtractingReportingOverflow(low)
        if !all.overflow, all.partialValue + 1 == values.count {
          return "'\(variable.name)' takes every value of \(low)...\(high)"
        }
        let seen =
          values.count == 1
          ? "\(values[0])"
          : values.dropLast().map(String.init).joined(separator: ", ") + " or \(values.last!)"
        let tracked =
          !all.overflow && all.partialValue < Coverage.valuesTracked
          ? "" : ", the first \(Coverage.valuesTracked) values counted"
        return "'\(variable.name)' is only ever \(seen) (of \(low)...\(high)\(tracked))"
      }
    }
  }

  /// The flow variables `expression` reads, each once, in the order written.
  private static func collectVariables(_ expression: CheckedExpression, into named: inout [Int]) {
    switch expression {
    case .variable(let index): if !named.contains(index) { named.append(index) }
    case .not(let operand), .negate(let operand): collectVariables(operand, into: &named)
    case .binary(_, let left, let right):
      collectVariables(left, into: &named)
      collectVariables(right, into: &named)
    case .bool, .integer, .screen, .top, .stack, .presented, .animating, .started, .onScreen: break
    }
  }

  static func list(_ names: [String]) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + names.last!
  }
}
