import FlowLanguage
import FlowModel
import FlowTestSupport
import Testing

/// The radianttap runtime's harness, which most model tests use.
typealias FlowHarness = RuntimeHarness<Radianttap>

extension RuntimeHarness where Runtime == Radianttap {
  /// The shadow stack of the (first) live coordinator with this name.
  func shadow(of coordinator: String) -> [String]? {
    for c in state.coordinators.compactMap({ $0 }) where flow.coordinators[c.declaration].name == coordinator
    {
      return c.shadow.map(screenName)
    }
    return nil
  }
}

/// Drives a flow by hand: launch, then events named as the report names them.
struct RuntimeHarness<Runtime: CoordinatorRuntime> {
  let flow: CheckedFlow
  let system: FlowSystem<Runtime>
  var state: FlowState<Runtime>
  /// Violations of the last step, by invariant id.
  var lastStepViolations: [String] = []
  /// What the last step's violations say, in the order it reported them.
  var lastStepDetails: [String] = []
  /// The log of the last step.
  var lastLog: StepLog

  init(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    let result = FrontEnd.check(
      source: SourceFile(path: "test.flow", text: TransitionsInTheirStep.flow(text)))
    let errors = result.diagnostics.filter { $0.severity == .error }.map(\.message)
    #expect(errors.isEmpty, "flow has errors: \(errors)", sourceLocation: sourceLocation)
    flow = try #require(result.flow, sourceLocation: sourceLocation)
    system = FlowSystem<Runtime>(flow: flow)
    let launch = system.launch(logging: true)
    state = launch.state
    lastLog = launch.log
    lastStepViolations = launch.violations.map(\.invariant.rawValue)
    lastStepDetails = launch.violations.map(\.detail)
  }

  /// The enabled events, described as in reports.
  var events: [String] {
    var actions: [FlowAction] = []
    system.enabledActions(in: state, into: &actions)
    return actions.map { $0.describe(in: state, flow: flow) }
  }

  /// Performs the enabled event whose description starts with `label`.
  mutating func perform(_ label: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
    var actions: [FlowAction] = []
    system.enabledActions(in: state, into: &actions)
    let action = try #require(
      actions.first { $0.describe(in: state, flow: flow).hasPrefix(label) },
      "no enabled event '\(label)'; enabled: \(events)", sourceLocation: sourceLocation)
    let outcome = system.run(state, action, logging: true)
    state = outcome.state
    lastLog = outcome.log
    lastStepViolations = outcome.violations.map(\.invariant.rawValue)
    lastStepDetails = outcome.violations.map(\.detail)
  }

  /// Built-in state invariants that fail now, by id.
  var failingInvariants: [String] {
    guard !state.crashed else { return [] }
    let context = InvariantContext(flow: flow, state: state)
    return system.stateInvariants.filter { $0.check(context) != nil }.map(\.id.rawValue)
  }

  /// The state as the report draws it.
  var picture: [String] { state.describe(flow: flow) }

  /// The value of the flow's global variable `name`.
  func global(_ name: String) -> Int { state.globals[flow.variables.firstIndex { $0.name == name }!] }

  /// The screen on top, by name.
  var top: String? { state.topScreen().map { flow.screens[$0].name } }

  /// The screens of the navigation stack holding the visible screen.
  var visibleStack: [String] {
    guard let top = state.world.visibleTop(), let nav = state.world.navigationController(of: top) else {
      return []
    }
    return state.world.objects[nav].children.map(screenName)
  }

  /// Names of the coordinators in the tree, depth first.
  var tree: [String] {
    state.coordinatorTree().map { flow.coordinators[state.coordinators[$0].declaration].name }
  }

  /// The lines of the last step's log.
  var log: [String] { lastLog.lines.map(\.text) }

  /// The live coordinators' children of the one named `name`, by name.
  func children(of name: String) -> [String] {
    guard
      let c = state.coordinators.first(where: {
        $0.isAlive && flow.coordinators[$0.declaration].name == name
      })
    else { return [] }
    return c.children.map { flow.coordinators[state.coordinators[$0].declaration].name }
  }

  /// Whether a coordinator named `name` is alive.
  func isAlive(_ name: String) -> Bool {
    state.coordinators.contains { $0.isAlive && flow.coordinators[$0.declaration].name == name }
  }

  func screenName(_ id: ObjectID) -> String {
    if case .screen(let s) = state.world.objects[id].kind { return flow.screens[s].name }
    return "?"
  }
}
