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
    // Where the violation is located: the handlers the last step ran, and the state it
    // started from.
    var handlersOfLastStep: [Int] = []
    var startOfLastStep = launch.state
    for action in trace {
      startOfLastStep = state
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
      handlersOfLastStep = outcome.handlersRun
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
    } else if let slot = handlersOfLastStep.last {
      violation.location = location(
        system.handlerDeclaredAt[slot], "handler '\(system.handlerLabels[slot])', run in step \(steps.count)")
    } else {
      violation.location = coordinatorLocation(in: startOfLastStep)
    }
    return violation
  }

  /// The flow's own property: the line that declares it.
  private func location(of descriptor: PropertyDescriptor) -> CheckReport.Location? {
    location(descriptor.declaredAt ?? 0, "property '\(descriptor.id) \(descriptor.text ?? "")'")
  }

  /// The declaration of the coordinator that owns the screen the user sees in `state` (the
  /// state the last step starts from), else of the window's coordinator.
  private func coordinatorLocation(in state: FlowState<Runtime>) -> CheckReport.Location? {
    var coordinator = state.appCoordinator
    if let top = state.world.visibleTop(), top < state.owners.count, let owner = state.owners[top] {
      coordinator = owner
    }
    guard let id = coordinator, let live = state.liveCoordinator(id),
      live.declaration < flow.coordinators.count
    else { return location(0, "app '\(flow.appName)'") }
    let declaration = flow.coordinators[live.declaration]
    return location(declaration.declaredAt, "coordinator '\(declaration.name)'")
  }

  private func location(_ offset: Int?, _ what: String) -> CheckReport.Location? {
    guard let source, let offset else { return nil }
    let point = source.location(of: offset)
    return CheckReport.Location(line: point.line, column: point.column, what: what)
  }

  /// A `reachable` property that no state satisfies: there is no trace, only the launch,
  /// and what the search did reach: the screens its `states` showed.
  func unreached(_ descriptor: PropertyDescriptor, states: Int, screensShown: [Bool]) -> CheckReport.Violation
  {
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
    var violation = CheckReport.Violation(
      id: descriptor.id, text: descriptor.text,
      why: "no reachable state satisfies '\(descriptor.text ?? "")'; \(reached)",
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
  static func list(_ names: [String]) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " and " + names.last!
  }
}
