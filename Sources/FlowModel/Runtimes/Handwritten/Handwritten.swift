import FlowExplorer
import FlowLanguage

/// The fifth runtime: a team's own coordinator code, with no library, as most apps write it.
///
/// The pattern is the one Firefox for iOS and Element iOS share (both descend from Soroush
/// Khanlou's coordinators with a router): a `BaseCoordinator` with strong `childCoordinators`
/// and a typed weak `parentCoordinator`, and a router that is its navigation controller's
/// delegate and keeps one completion per pushed view controller. The router runs a
/// completion when its own `pop` removes that controller, and in `navigationController(_:
/// didShow:animated:)` for the transition's `from` controller only, once it has left the
/// stack, so a jump back over several screens runs one completion. A child tells its parent
/// it is done through a delegate method (`send m`); a parent calls into a child it holds
/// (`call C.m`) and removes it (`stopChild C`); a sheet's swipe-down is seen through the
/// closure a parent sets on the presented navigation controller's `viewDidDisappear`
/// (`presentChild C onDismissed { … }`). The code is in the `Handwritten+…` files of
/// this folder as methods of the step.
public enum Handwritten: CoordinatorRuntime {
  public typealias Coordinator = HandwrittenCoordinator
  public typealias LibraryState = HandwrittenLibraryState

  public static let name = "handwritten"

  /// Every coordinator is of the team's base class.
  public static let baseKind = CoordinatorKind("Coordinator")

  /// The router's `setRootViewController`, `pop`, `pop to` and `present`/`dismiss`, the
  /// base class's `add`/`remove` of children, delegate calls both ways, and two statements of
  /// its own: `push` with a completion and `presentChild` with an `onViewDismissed` closure.
  public static let capabilities = RuntimeCapabilities(
    library: name,
    operations: [.root, .pop, .popTo, .present, .dismiss, .startChild, .stopChild, .send, .call, .handle]
      + RuntimeCapabilities.flowOperations,
    statements: [push, presentChild],
    animatedVerbs: [.root, .pop, .popTo, .present, .dismiss],
    coordinatorKinds: [baseKind],
    alternatives: [
      "show": "write 'push S' (router.push), with '{ … }' for its completion",
      "top": "the router cannot replace the top screen; 'pop', then 'push S'",
      "finish":
        "tell the parent with 'send m' (parentCoordinator?.m()); the parent's 'handle m' removes it with 'stopChild C'",
      "stop": "the parent removes a child with 'stopChild C'",
      "dismissRoot": "write 'dismiss': router.dismiss dismisses what the navigation controller presents",
      "takeover": "a team's own coordinators have no takeover",
      "activate": "a team's own coordinators have no activate",
      "popBack": "give the push a completion: 'push S { … }' runs when the router sees S popped",
      "didFinish": "write a 'handle m' the child calls with 'send m'",
      "didPresent": "run the code after 'present' or 'presentChild'",
      "didDismiss":
        "write 'presentChild C onDismissed { … }': the closure the navigation controller runs when it disappears",
      "didStop": "write a 'handle m' the child calls with 'send m'",
      "didDismissAllViewControllersTo": "give each push a completion: 'push S { … }'",
      "start C": "write 'startChild C' (add(child:), then start()), or 'presentChild C'",
      "finish(value)": "write 'send m', and pass values through variables",
      "viewController": "a coordinator shows its screens with 'root' and 'push' on its router",
      "result": "a child hands values to its parent through 'send m(v)'",
      "selectTab": "a team's own tab bars are not modelled yet",
      "setStack":
        "a team's own assignments of the navigation stack are not modelled yet; use 'root S' (setRootViewController) and 'push'",
    ],
    checkStatement: check)

  /// `push S animated: B { … }`: `router.push(vc, animated:, completion:)`; the block, when
  /// written, is the completion the router keeps for the screen.
  static let push = StatementForm("push", operand: .screen, takesAnimated: true, takesBlock: true)
  /// `presentChild C animated: B onDismissed { … }`: the parent makes C on a new navigation
  /// controller, adds and starts it, sets the controller's `onViewDismissed` closure to the
  /// block and presents the controller through its own router. Same shape as the router
  /// runtime's statement of the same name.
  static let presentChild = StatementForm(
    "presentChild", operand: .coordinator, takesAnimated: true, blockWord: "onDismissed", startsOperand: true)

  /// `presentChild` presents a navigation controller of the child's own.
  @Sendable static func check(_ use: StatementUse) -> StatementProblem? {
    guard use.keyword == presentChild.keyword, let child = use.operandName, use.operandIsWindow else {
      return nil
    }
    return StatementProblem(
      .invalidRoot, "coordinator '\(child)' owns the window and cannot be presented as a child")
  }

  /// The router is its navigation controller's delegate (`didShow`); `viewDidDisappear` of a
  /// presented navigation controller is its removal from the hierarchy.
  public static var observedCallbacks: WorldCallback.Kinds {
    [.navigationDidShow, .removedFromHierarchy, .presentationDidDismiss]
  }

  /// `didShow` never asks whether the pop was interactive.
  public static var readsInteractiveTransitions: Bool { false }

  public static func launch(_ step: inout FlowStep<Handwritten>) {
    FlowStep<Handwritten>.launch(&step)
  }

  public static func execute(
    _ statement: CheckedStatement, in c: CoordinatorID, _ step: inout FlowStep<Handwritten>
  ) {
    switch statement {
    case .root(let screen): step.setRoot(screen, animated: false, in: c)
    case .pop(let animated): step.routerPop(animated: animated, in: c)
    case .popTo(let screen, let animated): step.routerPop(to: screen, animated: animated, in: c)
    case .present(let screen, let animated): step.routerPresent(screen, animated: animated, in: c)
    case .dismiss(let animated): step.routerDismiss(animated: animated, in: c)
    case .startChild(let declaration): step.startChild(declaration, from: c)
    case .stopChild(let declaration): step.removeChild(declaration, from: c)
    case .send(let message, let arguments): step.callParent(message, arguments, from: c)
    case .library(let statement) where statement.keyword == push.keyword:
      step.routerPush(statement.operand!, animated: statement.animated, completion: statement.block, in: c)
    case .library(let statement) where statement.keyword == presentChild.keyword:
      step.presentChild(
        statement.operand!, animated: statement.animated, onDismissed: statement.block, from: c)
    default:
      assertionFailure("the front end refuses this statement under handwritten")
    }
  }

  public static func tap(event: Int, on vc: ObjectID, _ step: inout FlowStep<Handwritten>) {
    step.tap(event: event, on: vc)
  }

  public static func deliver(_ callback: WorldCallback, _ step: inout FlowStep<Handwritten>) {
    switch callback {
    case .navigationDidShow(let nav, let shown, _, let transition):
      step.navigationDidShow(nav: nav, shown: shown, transition: transition)
    case .removedFromHierarchy(let vc):
      step.viewDidDisappear(vc)
    case .presentationDidDismiss(let vc):
      step.note(.uikit, "UIKit: presentationControllerDidDismiss(\(step.name(ofObject: vc)))")
    case .navigationWillShow, .presentationWillDismiss, .presentationDidAttemptToDismiss, .tabDidSelect,
      .deallocated:
      break
    }
  }

  public static func complete(
    libraryWork work: Int, for c: CoordinatorID, _ step: inout FlowStep<Handwritten>
  ) {
    preconditionFailure("a team's own coordinators schedule no work of their own")
  }

  public static func name(ofLibraryWork work: Int) -> String {
    preconditionFailure("a team's own coordinators schedule no work of their own")
  }

  public static func libraryEvents(in state: FlowState<Handwritten>, into actions: inout [FlowAction]) {}

  public static func perform(libraryEvent event: Int, _ step: inout FlowStep<Handwritten>) {
    preconditionFailure("a team's own coordinators offer no events of their own")
  }

  public static func describe(
    libraryEvent event: Int, in state: FlowState<Handwritten>, flow: CheckedFlow
  )
    -> String
  { "" }

  public static let stateInvariants: [StateInvariantCheck<Handwritten>] = [
    .handwrittenFinishPropagation, .orphanChild, .deadScreen,
  ]

  public static let invariants: [Invariant] = []

  /// A screen's taps reach the coordinator that made it, its delegate, while it is alive.
  public static func tapsReachACoordinator(from vc: ObjectID, in state: FlowState<Handwritten>) -> Bool {
    guard vc < state.owners.count, let owner = state.owners[vc] else { return false }
    return owner < state.coordinators.count && state.coordinators[owner].isAlive
  }

  /// The completions its router keeps for it, and a closure still to run.
  public static func describe(
    _ coordinator: HandwrittenCoordinator, flow: CheckedFlow, objectName: (ObjectID) -> String
  ) -> String {
    var text = ""
    if !coordinator.completionScreens.isEmpty {
      text += " completions for [\(coordinator.completionScreens.map(objectName).joined(separator: ", "))]"
    }
    if coordinator.hook != nil { text += " onViewDismissed set" }
    return text
  }

  public static func explore(_ system: FlowSystem<Handwritten>, options: ExplorerOptions)
    -> ExplorationResult<FlowAction>
  {
    Explorer.explore(system, options: options)
  }
}

extension StateInvariantCheck where Runtime == Handwritten {
  /// `finish-propagation` in the base class's words: a child still in its parent's
  /// `childCoordinators` after all its screens left, which nothing removed.
  static var handwrittenFinishPropagation: StateInvariantCheck {
    StateInvariantCheck(.finishPropagation) { context in
      context.abandoned(wasOnScreen: true) { child, parent in
        "\(child) is still in \(parent).childCoordinators though all its screens left the hierarchy: nothing told \(parent) to remove it"
      }
    }
  }
}
