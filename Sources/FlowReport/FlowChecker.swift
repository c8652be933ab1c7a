import FlowExplorer
import FlowLanguage
import FlowModel

/// Options a user sets on the command line; nil means the flow's `limits` or the default.
public struct CheckSettings: Sendable {
  public var threads: Int = 1
  public var maxDepth: Int?
  public var maxStates: Int?
  public var maxSeconds: Double?
  public var maxMemoryBytes: Int?
  /// log2 of the bitstate table size in bits; nil for exhaustive storage.
  public var bitstateBits: Int?
  public init() {}
}

/// Explores a checked flow and turns the result into a report with stories.
public enum FlowChecker {
  public static func check(_ flow: CheckedFlow, path: String, options: CheckSettings = CheckSettings()) -> CheckReport {
    let system = FlowSystem(flow: flow)
    var explorerOptions = ExplorerOptions()
    explorerOptions.maxDepth = options.maxDepth ?? flow.limits.depth
    explorerOptions.maxStates = options.maxStates ?? flow.limits.states
    explorerOptions.maxSeconds = options.maxSeconds
    explorerOptions.maxMemoryBytes = options.maxMemoryBytes
    explorerOptions.threads = max(1, options.threads)
    if let bits = options.bitstateBits { explorerOptions.bitstate = .init(log2Bits: bits) }
    let result = Explorer.explore(system, options: explorerOptions)
    return ReportBuilder(flow: flow, system: system, path: path, options: explorerOptions)
      .build(result)
  }
}

/// Builds a `CheckReport` from an exploration result.
struct ReportBuilder {
  let flow: CheckedFlow
  let system: FlowSystem
  let path: String
  let options: ExplorerOptions
  var threads: Int { options.threads }

  /// The limit that stopped the exploration, in words.
  func describe(_ reason: LimitReason) -> String {
    switch reason {
    case .depth: return "depth limit \(options.maxDepth ?? 0) reached with states left to explore"
    case .states: return "state limit \(options.maxStates ?? 0) reached"
    case .time: return "time limit \(options.maxSeconds ?? 0) s reached"
    case .memory: return "memory limit \(options.maxMemoryBytes ?? 0) bytes reached"
    case .firstViolation: return "stopped at the first violation"
    }
  }

  func build(_ result: ExplorationResult<FlowAction>) -> CheckReport {
    let complete: Bool
    let incompleteReason: String?
    switch result.completion {
    case .complete:
      complete = true
      incompleteReason = nil
    case .incomplete(let reason):
      complete = false
      incompleteReason = describe(reason)
    }

    // Per property: its shortest violation trace, if any.
    var traces = [[FlowAction]?](repeating: nil, count: system.properties.count)
    for violation in result.violations where violation.property < traces.count {
      if let existing = traces[violation.property], existing.count <= violation.trace.count { continue }
      traces[violation.property] = violation.trace
    }

    var verdicts: [CheckReport.Verdict] = []
    var violations: [CheckReport.Violation] = []
    var anyViolated = false
    // Built-in invariants, one verdict per id, merging the step and state checks of an id.
    for id in InvariantCatalogue.ids where !["always", "never", "reachable"].contains(id) {
      let indices = system.descriptors.indices.filter { system.descriptors[$0].id == id }
      if indices.isEmpty {
        let note = id == "result-once" ? "no results under runtime '\(flow.library.rawValue)'" : "no 'home' screen declared"
        verdicts.append(.init(id: id, status: .notApplicable, note: note))
        continue
      }
      let best = indices.compactMap { index in traces[index].map { (index, $0) } }
        .min { $0.1.count < $1.1.count || ($0.1.count == $1.1.count && $0.0 < $1.0) }
      if let (index, trace) = best {
        anyViolated = true
        verdicts.append(.init(id: id, status: .violated, traceLength: trace.count))
        violations.append(story(property: index, trace: trace))
      } else {
        verdicts.append(.init(id: id, status: complete ? .holds : .unknown))
      }
    }
    // The flow's own properties, in declaration order.
    for index in system.descriptors.indices where system.descriptors[index].text != nil {
      let descriptor = system.descriptors[index]
      if descriptor.id == "reachable" {
        if let witness = result.examples.first(where: { $0.property == index })?.trace {
          verdicts.append(.init(id: descriptor.id, text: descriptor.text, status: .reached, traceLength: witness.count))
        } else if complete {
          anyViolated = true
          verdicts.append(.init(id: descriptor.id, text: descriptor.text, status: .violated))
          violations.append(unreached(descriptor))
        } else {
          verdicts.append(.init(id: descriptor.id, text: descriptor.text, status: .unknown))
        }
        continue
      }
      if let trace = traces[index] {
        anyViolated = true
        verdicts.append(.init(id: descriptor.id, text: descriptor.text, status: .violated, traceLength: trace.count))
        violations.append(story(property: index, trace: trace))
      } else {
        verdicts.append(.init(id: descriptor.id, text: descriptor.text, status: complete ? .holds : .unknown))
      }
    }

    let outcome: CheckReport.Outcome = anyViolated ? .violated : complete ? .verified : .incomplete
    let coverage = system.coverage
    let screensNeverShown = flow.screens.indices.filter { !coverage.screensShown[$0] }.map { flow.screens[$0].name }
    let handlersNeverRun = system.handlerLabels.indices.filter { !coverage.handlersRun[$0] }
      .map { system.handlerLabels[$0] }
    let messagesNeverHandled = flow.messages.filter { message in
      !system.handlerLabels.indices.contains { coverage.handlersRun[$0] && system.handlerLabels[$0].hasSuffix(": handle \(message)") }
    }
    let limits = flow.limits
    let bounds =
      "stack \(limits.stack), presented \(limits.presented), coordinators \(limits.coordinators), pending \(limits.pending), view controllers \(system.maximumObjects)"
    let (expectation, met) = expectationCheck(outcome: outcome, verdicts: verdicts)
    return CheckReport(
      path: path, appName: flow.appName, library: flow.library.rawValue, outcome: outcome,
      incompleteReason: incompleteReason, states: result.states, transitions: result.transitions,
      cutTransitions: result.cutTransitions, depth: result.maxDepthReached, seconds: result.seconds,
      threads: threads, collisionProbability: result.collisionProbability, bounds: bounds,
      verdicts: verdicts, violations: violations, screensNeverShown: screensNeverShown,
      handlersNeverRun: handlersNeverRun, messagesNeverHandled: messagesNeverHandled,
      expectation: expectation, expectationMet: met)
  }

  private func expectationCheck(outcome: CheckReport.Outcome, verdicts: [CheckReport.Verdict]) -> (String?, Bool?) {
    let violated = Set(verdicts.filter { $0.status == .violated }.map(\.id))
    switch flow.expectation {
    case .none: return (nil, nil)
    case .pass: return ("pass", outcome == .verified)
    case .incomplete: return ("incomplete", outcome == .incomplete)
    case .violations(let ids):
      return ("violation " + ids.joined(separator: ", "), outcome == .violated && violated == Set(ids))
    }
  }

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
    for action in trace {
      let event = action.describe(in: state, flow: flow)
      events.append(event)
      let outcome = system.run(state, action, logging: true)
      let lines = outcome.state.describe(flow: flow)
      let changed = lines.enumerated().map { index, line in index >= previous.count || previous[index] != line }
      steps.append(.init(event: event, log: outcome.log.lines, state: lines, changed: changed))
      previous = lines
      state = outcome.state
      lastViolations = outcome.violations
    }
    return CheckReport.Violation(
      id: descriptor.id, text: descriptor.text,
      why: why(property: property, state: state, stepViolations: lastViolations),
      launch: launchStep, steps: steps, events: events)
  }

  private func why(property: Int, state: FlowState, stepViolations: [StepViolation]) -> String {
    let descriptor = system.descriptors[property]
    if let step = StepProperty(rawValue: property), property < StepProperty.allCases.count {
      return stepViolations.first { $0.property == step }?.detail ?? "broken during the last step"
    }
    let stateIndex = property - StepProperty.allCases.count
    if let invariant = StateInvariant(rawValue: stateIndex), stateIndex < StateInvariant.allCases.count {
      return InvariantCheck(flow: flow, state: state).violation(invariant) ?? "broken in the last state"
    }
    switch descriptor.id {
    case "no-dead-end": return "no event is possible here: the user is stuck"
    case "can-return":
      let home = flow.home.map { flow.screens[$0].name } ?? "home"
      return "from here no sequence of events shows '\(home)' again"
    case "always": return "'\(descriptor.text ?? "")' is false here"
    case "never": return "'\(descriptor.text ?? "")' holds here"
    default: return "broken here"
    }
  }

  private func unreached(_ descriptor: PropertyDescriptor) -> CheckReport.Violation {
    let launch = system.launch(logging: true)
    let lines = launch.state.describe(flow: flow)
    return CheckReport.Violation(
      id: descriptor.id, text: descriptor.text,
      why: "no reachable state satisfies '\(descriptor.text ?? "")'",
      launch: .init(event: "launch", log: launch.log.lines, state: lines, changed: lines.map { _ in false }),
      steps: [], events: [])
  }
}
