import FlowExplorer
import FlowLanguage

@testable import FlowModel

/// A runtime that exists only to prove the seam: each coordinator pushes its screens on its
/// own navigation controller and pops them, remembering what it pushed, and observes no
/// UIKit callback but deallocation (so the Back button leaves its list stale). It is written against
/// `CoordinatorRuntime` and the step's API alone: no shared file knows it.
enum PushPop: CoordinatorRuntime {
  struct Coordinator: CoordinatorState {
    var declaration: Int
    var isAlive = true
    var wasOnScreen = false
    var locals: LocalValues
    var root: ObjectID
    /// The screens it pushed and has not popped itself, bottom to top.
    var pushed = IDList()

    var parent: CoordinatorID? { nil }
    var children: IDList { IDList() }
    var heldObjects: IDList { pushed }

    init() { self.init(declaration: 0, locals: LocalValues(), root: -1) }

    init(declaration: Int, locals: LocalValues, root: ObjectID) {
      self.declaration = declaration
      self.locals = locals
      self.root = root
    }

    mutating func fields(_ fields: inout some FieldVisitor) {
      fields.object(&root)
      fields.objects(&pushed)
    }
  }

  /// App-wide: how many pushes the app made (up to 2), and the last screen pushed, which
  /// it holds.
  struct History: RuntimeLibraryState {
    var pushes = 0
    var last = IDList()

    var heldCoordinators: IDList { IDList() }
    var heldObjects: IDList { last }
    mutating func fields(_ fields: inout some FieldVisitor) {
      fields.bits(&pushes, count: 2)
      fields.objects(&last)
    }
    func describe(
      flow: CheckedFlow, objectName: (ObjectID) -> String, coordinatorName: (CoordinatorID) -> String
    ) -> [String] {
      ["pushes: \(pushes) (last \(last.map(objectName).joined()))"]
    }
  }

  typealias LibraryState = History

  static let name = "pushpop"
  static let capabilities = RuntimeCapabilities(
    library: name, operations: [.show, .pop] + RuntimeCapabilities.flowOperations, statements: [pushing],
    animatedVerbs: [.pop])

  /// Its own statement, which no other file knows: `pushing S animated: B { … }` pushes S
  /// and runs the block once the push is under way.
  static let pushing = StatementForm("pushing", operand: .screen, takesAnimated: true, takesBlock: true)
  static let observedCallbacks: WorldCallback.Kinds = [.deallocated]
  static let readsInteractiveTransitions = false

  static func launch(_ step: inout FlowStep<PushPop>) {
    let declaration = step.tables.flow.windowCoordinator
    let app = step.state.coordinators.count
    let nav = step.makeNavigationController(owner: app)
    step.state.coordinators.append(
      Coordinator(declaration: declaration, locals: step.tables.initialLocals[declaration], root: nav))
    step.state.appCoordinator = app
    step.uikit { $0.setWindowRoot(nav, effects: &$1) }
    let start = step.tables.flow.coordinators[declaration].start
    step.running(app) { $0.execute(start, in: app) }
  }

  static func execute(_ statement: CheckedStatement, in c: CoordinatorID, _ step: inout FlowStep<PushPop>) {
    let nav = step.state.coordinators[c].root
    switch statement {
    case .show(let screen):
      push(screen, animated: true, on: nav, in: c, &step)
    case .library(let statement) where statement.keyword == pushing.keyword:
      push(statement.operand!, animated: statement.animated, on: nav, in: c, &step)
      step.note(.library, "then the block of 'pushing'")
      if let block = statement.block { step.execute(step.tables.flow.libraryBlocks[block].body, in: c) }
    case .pop(let animated):
      step.note(.library, "pop")
      guard step.state.coordinators[c].pushed.count >= 2 else { return }
      step.state.coordinators[c].pushed.removeLast()
      step.uikit { $0.pop(nav, animated: animated, effects: &$1) }
      // A pop without animation settles later, on a timer of the library's own.
      if !animated { step.schedule(libraryWork: 0, for: c) }
    default:
      preconditionFailure("the resolver refuses what PushPop.capabilities does not offer")
    }
  }

  static func push(
    _ screen: Int, animated: Bool, on nav: ObjectID, in c: CoordinatorID, _ step: inout FlowStep<PushPop>
  ) {
    let vc = step.makeScreen(screen, owner: c)
    step.note(
      .library, "push \(step.tables.flow.screens[screen].name)" + (animated ? "" : " without animation"))
    step.state.coordinators[c].pushed.append(vc)
    step.state.library.pushes = min(step.state.library.pushes + 1, 2)
    step.state.library.last.replace(with: [vc])
    step.uikit { $0.push(vc, on: nav, animated: animated, effects: &$1) }
  }

  /// A tap runs the handler of the coordinator that made the screen.
  static func tap(event: Int, on vc: ObjectID, _ step: inout FlowStep<PushPop>) {
    guard case .screen(let screen) = step.state.world.objects[vc].kind, let owner = step.state.owners[vc],
      let handler = step.tables.screenHandler(
        declaration: step.state.coordinators[owner].declaration, screen: screen, event: event)
    else {
      step.report(.deadScreen, "the tap reached no handler")
      return
    }
    step.handlersRun.append(handler.slot)
    step.running(owner) { $0.execute(handler.body, in: owner) }
  }

  static func complete(libraryWork work: Int, for c: CoordinatorID, _ step: inout FlowStep<PushPop>) {
    step.note(.library, "\(step.name(ofCoordinator: c)) settles")
  }

  static func name(ofLibraryWork work: Int) -> String { "settle" }

  /// A memory warning may make the history forget a screen that only it still holds.
  static func libraryEvents(in state: FlowState<PushPop>, into actions: inout [FlowAction]) {
    guard let last = state.library.last.last, let app = state.appCoordinator,
      !state.coordinators[app].pushed.contains(last)
    else { return }
    actions.append(.library(0))
  }

  static func perform(libraryEvent event: Int, _ step: inout FlowStep<PushPop>) {
    step.note(.library, "memory warning: the history forgets its last screen")
    step.state.library.last.removeAll()
  }

  static func describe(libraryEvent event: Int, in state: FlowState<PushPop>, flow: CheckedFlow) -> String {
    let name = state.library.last.last.map { id -> String in
      guard case .screen(let screen) = state.world.objects[id].kind else { return "?" }
      return flow.screens[screen].name
    }
    return "memory warning (the history forgets \(name ?? "nothing"))"
  }

  static func deliver(_ callback: WorldCallback, _ step: inout FlowStep<PushPop>) {
    guard case .deallocated(let vc) = callback else { return }
    step.note(.uikit, "deinit \(step.name(ofObject: vc))")
  }

  /// Its own invariant, under the id of the closest built-in one: what it pushed is its
  /// navigation controller's stack.
  static let stateInvariants: [StateInvariantCheck<PushPop>] = [
    StateInvariantCheck(.shadowSync) { context in
      guard let app = context.state.appCoordinator else { return nil }
      let coordinator = context.state.coordinators[app]
      let stack = context.state.world.objects[coordinator.root].children
      guard Array(stack) != Array(coordinator.pushed) else { return nil }
      return
        "pushed \(context.screenNames(coordinator.pushed)) but the stack is \(context.screenNames(stack))"
    },
    .deadScreen,
  ]

  /// None of its own in the registry: its one check reports under `shadow-sync`.
  static let invariants: [Invariant] = []

  static func tapsReachACoordinator(from vc: ObjectID, in state: FlowState<PushPop>) -> Bool {
    state.owners[vc].map { state.coordinators[$0].isAlive } ?? false
  }

  static func describe(_ coordinator: Coordinator, flow: CheckedFlow, objectName: (ObjectID) -> String)
    -> String
  {
    " pushed: [" + coordinator.pushed.map(objectName).joined(separator: ", ") + "]"
  }

  static func explore(_ system: FlowSystem<PushPop>, options: ExplorerOptions) -> ExplorationResult<
    FlowAction
  > {
    Explorer.explore(system, options: options)
  }

  static func reachableGraph(_ system: FlowSystem<PushPop>, stateLimit: Int) -> ReachableGraph<PushPop> {
    system.reachableGraph(stateLimit: stateLimit)
  }
}
