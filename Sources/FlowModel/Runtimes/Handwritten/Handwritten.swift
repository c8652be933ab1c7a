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
/// stack, so a jump back over several screens runs one completion. A flow whose team writes
/// its base differently says so in `base { … }` (`Handwritten+Base.swift`). A child tells its parent
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
    statements: [push, presentChild, bridge, presentAgain],
    members: [presentationControllerDidDismiss],
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
    checkStatement: check, baseSettings: baseSettings)

  /// `push S animated: B { … }`: `router.push(vc, animated:, completion:)`; the block, when
  /// written, is the completion the router keeps for the screen.
  static let push = StatementForm("push", operand: .screen, takesAnimated: true, takesBlock: true)
  /// `presentChild C animated: B onDismissed { … }`: the parent makes C on a new navigation
  /// controller, adds and starts it, sets the controller's `onViewDismissed` closure to the
  /// block and presents the controller through its own router. Same shape as the router
  /// runtime's statement of the same name.
  static let presentChild = StatementForm(
    "presentChild", operand: .coordinator, takesAnimated: true, blockWord: "onDismissed", startsOperand: true)

  /// `bridge C animated: B`, in a screen's handler: the screen makes a bridge presenter for C
  /// and keeps it in a property (Element iOS, e.g. `SettingsViewController`'s
  /// `userSessionsFlowCoordinatorBridgePresenter`); the bridge makes C with the router of the
  /// screen's navigation controller (`root parent`) or a new one it presents from the screen
  /// (`root presented`), and starts it. C lives while the screen does, until the screen's code
  /// lets go of it (`stopChild C`). C's `send m` reaches the screen's code, this coordinator's
  /// `handle m` (the bridge's delegate).
  static let bridge = StatementForm("bridge", operand: .coordinator, takesAnimated: true, startsOperand: true)

  /// `presentAgain C animated: B`: `router.present(child.router.navigationController)`, the
  /// parent presenting the navigation controller of a child it kept (Firefox's
  /// `BrowserCoordinator.showLibrary(with:)` with an existing LibraryCoordinator). A child the
  /// flow presents again is kept on purpose (`isDismissable == false`): its parent holding it
  /// once its screens have left is not a finish that never propagated.
  static let presentAgain = StatementForm("presentAgain", operand: .coordinator, takesAnimated: true)

  /// `presentationControllerDidDismiss { … }`: the coordinator made itself the presentation
  /// controller's delegate of what it presents (`presentationController?.delegate = self`,
  /// Element's `UserSessionsFlowCoordinator.showRenameSessionScreen`), and UIKit calls this when
  /// the user swipes that sheet down (never for a dismissal from code). It runs in the
  /// coordinator that presented the sheet: the parent of the child whose navigation
  /// controller it is, or the coordinator that presented the screen.
  static let presentationControllerDidDismiss = MemberForm("presentationControllerDidDismiss")

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
    [.navigationDidShow, .removedFromHierarchy, .presentationDidDismiss, .deallocated]
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
    case .library(let statement) where statement.keyword == bridge.keyword:
      step.bridge(statement.operand!, animated: statement.animated, from: c)
    case .library(let statement) where statement.keyword == presentAgain.keyword:
      step.presentAgain(statement.operand!, animated: statement.animated, from: c)
    case .library(let statement) where statement.keyword == presentChild.keyword:
      step.presentChild(
        statement.operand!, animated: statement.animated, onDismissed: statement.block, from: c)
    default:
      assertionFailure("the front end refuses this statement under handwritten")
    }
  }

  public static func tap(event: Int, on vc: ObjectID, _ step: inout FlowStep<Handwritten>) {
    step.tapScreenDelegate(event: event, on: vc)
  }

  public static func deliver(_ callback: WorldCallback, _ step: inout FlowStep<Handwritten>) {
    switch callback {
    case .navigationDidShow(let nav, let shown, _, let transition):
      step.navigationDidShow(nav: nav, shown: shown, transition: transition)
    case .removedFromHierarchy(let vc):
      step.viewDidDisappear(vc)
    case .presentationDidDismiss(let vc):
      step.presentationDidDismiss(vc)
    case .deallocated(let vc):
      step.screenDeallocated(vc)
    case .navigationWillShow, .presentationWillDismiss, .presentationDidAttemptToDismiss, .tabDidSelect:
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
    .handwrittenFinishPropagation, .handwrittenOrphanChild, .deadScreen,
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
    if let screen = coordinator.keptByScreen { text += " kept by \(objectName(screen))" }
    return text
  }

  public static func explore(_ system: FlowSystem<Handwritten>, options: ExplorerOptions)
    -> ExplorationResult<FlowAction>
  {
    Explorer.explore(system, options: options)
  }

  public static func reachableGraph(_ system: FlowSystem<Handwritten>, stateLimit: Int)
    -> ReachableGraph<Handwritten>
  {
    system.reachableGraph(stateLimit: stateLimit)
  }
}

extension StateInvariantCheck where Runtime == Handwritten {
  /// `finish-propagation` in the base class's words: a child still in the tree after all the
  /// screens it or its descendants showed left. A flow coordinator whose children own the
  /// screens (Element's `UserSessionsFlowCoordinator`) had its screens through them.
  static var handwrittenFinishPropagation: StateInvariantCheck {
    StateInvariantCheck(.finishPropagation) { context in
      context.handwrittenAbandoned(everOnScreen: true).map { child, holder in
        "\(child) is still \(holder) though all its screens left the hierarchy: nothing let it go"
      }
    }
  }

  /// `orphan-child`: a child that never had a screen in the hierarchy, itself or through its
  /// descendants, and awaits no work.
  static var handwrittenOrphanChild: StateInvariantCheck {
    StateInvariantCheck(.orphanChild) { context in
      context.handwrittenAbandoned(everOnScreen: false).map { child, holder in
        "\(child) is still \(holder) but has never had a screen in the hierarchy"
      }
    }
  }
}

extension InvariantContext where Runtime == Handwritten {
  /// The first coordinator of the tree (but the window's) with no screen in the hierarchy,
  /// itself or below, and no work pending, whose screens (its own or its descendants') were
  /// once on screen or never were, as `everOnScreen` says: its name, and what holds it.
  func handwrittenAbandoned(everOnScreen: Bool) -> (child: String, holder: String)? {
    for c in tree where c != state.appCoordinator && !state.coordinators[c].isKept {
      guard wasEverOnScreen(c) == everOnScreen, !ownsAttached(c), !awaitsWork(c) else { continue }
      return (name(c), holderWords(of: c))
    }
    return nil
  }

  private func wasEverOnScreen(_ c: CoordinatorID, depth: Int = 0) -> Bool {
    guard depth < 64, let instance = state.liveCoordinator(c) else { return false }
    return instance.wasOnScreen || instance.children.contains { wasEverOnScreen($0, depth: depth + 1) }
  }

  /// `in Settings.childCoordinators`, `kept by Settings (a screen's bridge presenter)`, or
  /// `held by its onViewDismissed closure`.
  private func holderWords(of c: CoordinatorID) -> String {
    if let holder = holder(of: c) { return "in \(name(holder)).childCoordinators" }
    if let screen = state.coordinators[c].keptByScreen {
      return "kept by \(screenNames([screen])) (a bridge presenter)"
    }
    if state.library.hooked.contains(c) { return "held by its onViewDismissed closure" }
    return "held"
  }
}
