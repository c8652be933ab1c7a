import FlowExplorer
import FlowLanguage

/// The router runtime: the Router-based coordinators of Design Patterns by Tutorials'
/// "Coordinator Pattern" chapter (RayPets and the playground), their gaps included.
///
/// A coordinator holds its children strongly and its router; it has no parent pointer, no
/// start or stop. The router decides where screens go (the window's root, a presented
/// navigation controller, a push) and keeps `onDismissed` closures, run when `dismiss` is
/// called or when the navigation controller's delegate sees an animated pop. The routers
/// never see a sheet swiped down. The pattern's code is modelled in the `Router+…` files of
/// this folder as methods of the step.
public enum Router: CoordinatorRuntime {
  public typealias Coordinator = RouterCoordinator

  public static let name = "router"

  /// `present` and `dismiss` on the coordinator's router, `presentChild`, and the flow's own
  /// statements. `present`, `dismiss` and `presentChild` take `animated:`. A parent calls a
  /// method of a child it keeps in `children` (`call C.m`, the child's `handle m`): the
  /// protocol's `children` is readable by app code, and Swift lets it call the child's
  /// methods. It cannot remove one itself: `removeChild` is private to the protocol's
  /// extension, and only the onDismissed wrapper calls it, so `stopChild` is refused.
  public static let capabilities = RuntimeCapabilities(
    library: name, operations: [.present, .dismiss, .call, .handle] + RuntimeCapabilities.flowOperations,
    statements: [presentChild],
    animatedVerbs: [.present, .dismiss],
    coordinatorKinds: [.appDelegateRouter, .modalNavigationRouter, .navigationRouter], usesRootClause: false,
    kindWord: "router", checkWindowKind: checkWindowKind,
    alternatives: [
      "stop": "write 'dismiss': the router runs the onDismissed closure that removes the child",
      "dismissRoot": "write 'dismiss': the router dismisses to its root",
      "didPresent": "the pattern has no presentation hook; run the code after 'present'",
      "didDismiss": "write the code in the 'onDismissed { … }' block of 'presentChild'",
      "didStop": "write the code in the 'onDismissed { … }' block of 'presentChild'",
      "didDismissAllViewControllersTo":
        "the router runs the onDismissed closure of each screen a pop removes",
      "show": "write 'present S': the router pushes when its navigation controller has screens",
      "root": "write 'present S' as the first screen of 'start'",
      "top": "the routers cannot replace a screen; 'present' the next one",
      "pop": "the routers pop only through 'dismiss' (to the router's root) and the Back button",
      "pop to": "the routers pop only through 'dismiss' (to the router's root) and the Back button",
      "startChild":
        "write 'presentChild C', and give C its router as its kind (coordinator C: ModalNavigationRouter)",
      "setStack":
        "app code that assigns the navigation stack past the router is not modelled under this runtime; write 'present S' and 'dismiss', which the router tracks",
      "stopChild":
        "the pattern's removeChild is private to the Coordinator extension, and a coordinator has no stop: call a child's method that dismisses it ('call C.close' with 'handle close { dismiss }'), and the onDismissed wrapper of 'presentChild' removes it",
      "finish": "write 'dismiss': the router runs the onDismissed closure that removes the child",
      "takeover": "the pattern has no takeover",
      "activate": "the pattern has no activate",
      "send": "a screen calls its own coordinator; there is no responder chain to send messages up",
      "popBack": "the router runs the onDismissed closure when a screen is popped",
      "didFinish": "write the code in the 'onDismissed { … }' block of 'presentChild'",
      "start C": "write 'presentChild C'",
      "finish(value)": "write 'dismiss', and pass values through variables",
      "viewController": "a coordinator shows its screens with 'present' on its router",
      "result": "a child hands values to its parent through variables",
      "selectTab": "the pattern's routers have no tab bar; present the screens with 'present S'",
    ],
    portable: RouterPortableLowering(), checkStatement: check)

  /// The routers are navigation controllers' delegates (`didShow`); the sheet's dismissal
  /// callbacks appear in traces, though no router is the presentation controller's delegate.
  public static var observedCallbacks: WorldCallback.Kinds {
    [.navigationDidShow, .presentationDidDismiss, .presentationDidAttemptToDismiss]
  }

  /// `didShow` never asks whether the pop was interactive.
  public static var readsInteractiveTransitions: Bool { false }

  public static func launch(_ step: inout FlowStep<Router>) {
    FlowStep<Router>.launch(&step)
  }

  /// `presentChild C animated: B onDismissed { … }`: the pattern's
  /// `presentChild(_:animated:onDismissed:)`, the block run in this coordinator once the
  /// child's router reports it dismissed.
  static let presentChild = StatementForm(
    "presentChild", operand: .coordinator, takesAnimated: true, blockWord: "onDismissed", startsOperand: true)

  /// A ModalNavigationRouter presents over a parent's screen: the window coordinator, which
  /// has none, cannot be given one.
  @Sendable static func checkWindowKind(_ name: String, _ kind: CoordinatorKind) -> String? {
    guard kind == .modalNavigationRouter else { return nil }
    return
      "window coordinator '\(name)' cannot be given a ModalNavigationRouter, which presents over a parent's screen; use AppDelegateRouter or NavigationRouter"
  }

  /// A child presented with `presentChild` must be able to take the router its kind names
  /// from the coordinator that presents it.
  @Sendable static func check(_ use: StatementUse) -> StatementProblem? {
    guard use.keyword == presentChild.keyword, let child = use.operandName else { return nil }
    if use.operandIsWindow {
      return StatementProblem(
        .invalidRoot, "coordinator '\(child)' owns the window and cannot be presented as a child")
    }
    if use.operandKind == .navigationRouter, use.coordinatorKind == .appDelegateRouter {
      return StatementProblem(
        .invalidRoot,
        "'\(child)' is given a NavigationRouter on its parent's navigation controller, but '\(use.coordinatorName)' has an AppDelegateRouter, which has none; give '\(child)' a ModalNavigationRouter"
      )
    }
    return nil
  }

  public static func execute(
    _ statement: CheckedStatement, in c: CoordinatorID, _ step: inout FlowStep<Router>
  ) {
    switch statement {
    case .present(let screen, let animated): step.routerPresent(screen, animated: animated, in: c)
    case .dismiss(let animated): step.routerDismiss(animated: animated, in: c)
    case .library(let statement) where statement.keyword == presentChild.keyword:
      step.presentChild(
        statement.operand!, animated: statement.animated, onDismissed: statement.block, from: c)
    default:
      assertionFailure("the front end refuses this statement under router")
    }
  }

  public static func tap(event: Int, on vc: ObjectID, _ step: inout FlowStep<Router>) {
    step.tapScreenDelegate(event: event, on: vc)
  }

  public static func deliver(_ callback: WorldCallback, _ step: inout FlowStep<Router>) {
    switch callback {
    case .navigationDidShow(let nav, let shown, _, let transition):
      step.navigationDidShow(nav: nav, shown: shown, transition: transition)
    case .presentationDidDismiss(let vc):
      step.note(
        .uikit,
        "UIKit: presentationControllerDidDismiss(\(step.name(ofObject: vc))) — no router is the presentation controller's delegate"
      )
    case .presentationDidAttemptToDismiss(let vc):
      step.note(.uikit, "UIKit: presentationControllerDidAttemptToDismiss(\(step.name(ofObject: vc)))")
    case .navigationWillShow, .presentationWillDismiss, .tabDidSelect, .removedFromHierarchy, .deallocated:
      break
    }
  }

  public static func complete(libraryWork work: Int, for c: CoordinatorID, _ step: inout FlowStep<Router>) {
    preconditionFailure("the routers schedule no work of their own")
  }

  public static func name(ofLibraryWork work: Int) -> String {
    preconditionFailure("the routers schedule no work of their own")
  }

  /// The Cancel button of each ModalNavigationRouter whose first screen is the one the user
  /// sees (its `leftBarButtonItem` shows while it is the only screen of its stack): event
  /// `c` taps the Cancel button of coordinator `c`'s router.
  ///
  /// The button is UIKit's (a bar button item), not the app's: like the Back button, it
  /// takes no touch while a presentation or dismissal animates, since UIKit ignores touches
  /// during a non-interactive modal transition (Docs/Language.md, *Transitions in flight*).
  public static func libraryEvents(in state: FlowState<Router>, into actions: inout [FlowAction]) {
    guard state.world.modalTransitionInFlight() == nil, let top = state.world.visibleTop() else { return }
    for c in state.coordinators.indices where cancelButtonVisible(on: c, in: state, top: top) {
      actions.append(.library(c))
    }
  }

  /// Whether coordinator `c`'s router presented a navigation controller of its own (only a
  /// ModalNavigationRouter does) whose one screen, with its Cancel button, is `top`.
  static func cancelButtonVisible(on c: CoordinatorID, in state: FlowState<Router>, top: ObjectID) -> Bool {
    let instance = state.coordinators[c]
    guard instance.isAlive, instance.root >= 0, state.owners[instance.root] == c else { return false }
    let nav = state.world.objects[instance.root]
    return nav.presenting != nil && nav.children.count == 1 && nav.children.first == top
  }

  public static func perform(libraryEvent event: Int, _ step: inout FlowStep<Router>) {
    step.cancelPressed(on: event)
  }

  public static func describe(libraryEvent event: Int, in state: FlowState<Router>, flow: CheckedFlow)
    -> String
  {
    guard event < state.coordinators.count, state.coordinators[event].root >= 0,
      let first = state.world.objects[state.coordinators[event].root].children.first,
      case .screen(let screen) = state.world.objects[first].kind
    else { return "tap Cancel" }
    return "tap Cancel on \(flow.screens[screen].name)"
  }

  public static let stateInvariants: [StateInvariantCheck<Router>] = [
    .routerFinishPropagation, .orphanChild, .deadScreen, .staleClosure,
  ]

  /// A screen's taps reach the coordinator that made it, its delegate, while it is alive.
  public static func tapsReachACoordinator(from vc: ObjectID, in state: FlowState<Router>) -> Bool {
    guard vc < state.owners.count, let owner = state.owners[vc] else { return false }
    return owner < state.coordinators.count && state.coordinators[owner].isAlive
  }

  /// The router, and the screen whose onDismissed closure it keeps.
  public static func describe(
    _ coordinator: RouterCoordinator, flow: CheckedFlow, objectName: (ObjectID) -> String
  ) -> String {
    var text = " (\(flow.coordinators[coordinator.declaration].kind.rawValue))"
    if let key = coordinator.closureKey { text += " onDismissed kept for \(objectName(key))" }
    return text
  }

  public static func explore(_ system: FlowSystem<Router>, options: ExplorerOptions)
    -> ExplorationResult<FlowAction>
  {
    Explorer.explore(system, options: options)
  }

  public static func reachableGraph(_ system: FlowSystem<Router>, stateLimit: Int)
    -> ReachableGraph<Router>
  {
    system.reachableGraph(stateLimit: stateLimit)
  }
}
