import FlowExplorer
import FlowLanguage

/// The radianttap runtime: radianttap/Coordinator 8.x, its gaps included.
///
/// Children keyed by identifier, `stop` that hands the shared navigation controller to
/// nobody, pop detection in `didShow` only with a transition coordinator,
/// `coordinatorDidFinish` re-activating the owner of the top screen, the
/// `coordinatingResponder` chain carrying taps and messages, and `parentCoordinator` as a weak
/// associated object (the world's `associatedCoordinator`). The library's code is modelled in
/// the `Radianttap+…` files of this folder as methods of the step.
public enum Radianttap: CoordinatorRuntime {
  public typealias Coordinator = RadianttapCoordinator

  public static let name = "radianttap"

  /// The full NavigationCoordinator API, with `takeover()` and `activate()`, and the
  /// responder chain; `top`, `pop`, `pop to`, `present` and `dismiss` take `animated:`.
  public static let capabilities = RuntimeCapabilities(
    library: name,
    operations: [
      .show, .root, .top, .pop, .popTo, .present, .dismiss, .startChild, .stopChild, .finish, .send,
      .selectTab,
      .call, .setStack, .handle,
    ] + RuntimeCapabilities.flowOperations,
    statements: [takeoverStatement, activateStatement],
    members: [popBack, didFinish],
    animatedVerbs: [.top, .pop, .popTo, .present, .dismiss],
    alternatives: [
      "stop": "write 'finish': the coordinator tells its parent, whose coordinatorDidFinish stops it",
      "dismissRoot": "write 'dismiss' in the coordinator whose screen presented the flow",
      "didPresent": "radianttap has no presentation hook; run the code where the screen is shown",
      "didDismiss": "write 'popBack { … }' for a pop; a dismissal is seen only through 'finish'",
      "didStop": "write 'didFinish C { … }'",
      "didDismissAllViewControllersTo": "write 'popBack { … }': a pop to the root calls handlePopBack(to:)",
      "presentChild": "write 'startChild C', with 'root presented' in C",
      "start C": "write 'startChild C'",
      "finish(value)": "write 'finish', and pass values through variables",
      "viewController": "a coordinator shows its screens with 'root', 'show' and 'present' in its handlers",
      "result": "a child hands values to its parent through variables or 'send'",
    ],
    portable: RadianttapPortableLowering())

  /// The library is the navigation controller's delegate (`didShow`); the other callbacks
  /// appear in traces, though no code of the library runs for them.
  public static var observedCallbacks: WorldCallback.Kinds {
    [.navigationDidShow, .presentationDidDismiss, .presentationDidAttemptToDismiss, .tabDidSelect]
  }

  /// `didPopTransition` never asks whether the pop was interactive.
  public static var readsInteractiveTransitions: Bool { false }

  /// The scene delegate makes the window coordinator, sets its root as the window's root and
  /// starts it.
  public static func launch(_ step: inout FlowStep<Radianttap>) {
    let app = step.makeCoordinator(step.tables.flow.windowCoordinator, parent: nil)
    step.state.appCoordinator = app
    let root = step.state.coordinators[app].root
    step.uikit { $0.setWindowRoot(root, effects: &$1) }
    step.start(app)
  }

  /// `takeover`: `Coordinator.takeover()`, which makes this coordinator the navigation
  /// controller's delegate again.
  static let takeoverStatement = StatementForm("takeover")
  /// `activate`: `Coordinator.activate()`.
  static let activateStatement = StatementForm("activate")
  /// `popBack { … }`: the `handlePopBack(to:)` override, a NavigationCoordinator's.
  static let popBack = MemberForm("popBack", kinds: [.navigation])
  /// `didFinish C { … }`: the `coordinatorDidFinish(_:)` override, run after the library's
  /// own; for child C only when C is written.
  static let didFinish = MemberForm("didFinish", operand: .coordinator)

  public static func execute(
    _ statement: CheckedStatement, in c: CoordinatorID, _ step: inout FlowStep<Radianttap>
  ) {
    switch statement {
    case .show(let screen): step.show(screen, in: c)
    case .root(let screen): step.root(screen, in: c)
    case .top(let screen, let animated): step.top(screen, animated: animated, in: c)
    case .pop(let animated): step.pop(animated: animated, in: c)
    case .popTo(let screen, let animated): step.pop(to: screen, animated: animated, in: c)
    case .present(let screen, let animated): step.present(screen, animated: animated, in: c)
    case .dismiss(let animated): step.dismiss(animated: animated, in: c)
    case .startChild(let declaration): step.startChild(declaration, from: c)
    case .stopChild(let declaration): step.stopChild(declaration: declaration, from: c)
    case .finish: step.finish(c)
    case .library(let statement) where statement.keyword == takeoverStatement.keyword: step.takeover(c)
    case .library(let statement) where statement.keyword == activateStatement.keyword: step.activate(c)
    case .send(let message, let arguments): step.send(message, arguments, from: c)
    case .setStack(let screens): step.setStack(screens, in: c)
    case .selectTab(let declaration): step.selectTab(declaration, in: c)
    case .start, .finishWith, .library:
      assertionFailure("the front end refuses this statement under radianttap")
    case .ifElse, .assign, .after, .call, .at:
      assertionFailure("the step runs the flow's own statements")
    }
  }

  public static func tap(event: Int, on vc: ObjectID, _ step: inout FlowStep<Radianttap>) {
    step.tap(event: event, on: vc)
  }

  public static func deliver(_ callback: WorldCallback, _ step: inout FlowStep<Radianttap>) {
    switch callback {
    case .navigationDidShow(let nav, let shown, let animated, let transition):
      step.navigationDidShow(nav: nav, shown: shown, animated: animated, transition: transition)
    case .presentationDidDismiss(let vc):
      step.note(
        .uikit,
        "UIKit: presentationControllerDidDismiss(\(step.name(ofObject: vc))) — no delegate in radianttap")
    case .presentationDidAttemptToDismiss(let vc):
      step.note(.uikit, "UIKit: presentationControllerDidAttemptToDismiss(\(step.name(ofObject: vc)))")
    case .tabDidSelect(_, let selected):
      step.note(.uikit, "UIKit: tabBarController(didSelect: \(step.name(ofObject: selected)))")
    case .navigationWillShow, .presentationWillDismiss, .removedFromHierarchy, .deallocated:
      break
    }
  }

  public static func complete(libraryWork work: Int, for c: CoordinatorID, _ step: inout FlowStep<Radianttap>)
  {
    preconditionFailure("radianttap schedules no work of its own")
  }

  public static func name(ofLibraryWork work: Int) -> String {
    preconditionFailure("radianttap schedules no work of its own")
  }

  /// The library leaves nothing open in time: no events of its own.
  @inline(__always) public static func libraryEvents(
    in state: FlowState<Radianttap>, into actions: inout [FlowAction]
  ) {}

  public static func perform(libraryEvent event: Int, _ step: inout FlowStep<Radianttap>) {
    preconditionFailure("radianttap offers no events of its own")
  }

  public static func describe(libraryEvent event: Int, in state: FlowState<Radianttap>, flow: CheckedFlow)
    -> String
  {
    preconditionFailure("radianttap offers no events of its own")
  }

  public static let stateInvariants: [StateInvariantCheck<Radianttap>] = [
    .shadowSync, .finishPropagation, .orphanChild, .deadScreen, .delegateOwner,
  ]

  /// A tap climbs the `coordinatingResponder` chain: a controller's `parentCoordinator`,
  /// else its container, else its presenter.
  public static func tapsReachACoordinator(from vc: ObjectID, in state: FlowState<Radianttap>) -> Bool {
    var current: ObjectID? = vc
    var hops = 0
    while let id = current, hops < 256 {
      let object = state.world.objects[id]
      if let c = object.associatedCoordinator, c < state.coordinators.count, state.coordinators[c].isAlive {
        return true
      }
      current = object.container ?? object.presenting
      hops += 1
    }
    return false
  }

  /// A navigation coordinator shows its shadow stack; one not started says so.
  public static func describe(
    _ coordinator: RadianttapCoordinator, flow: CheckedFlow, objectName: (ObjectID) -> String
  ) -> String {
    var text = ""
    if flow.coordinators[coordinator.declaration].kind == .navigation {
      text += " viewControllers: [" + coordinator.shadow.map(objectName).joined(separator: ", ") + "]"
    }
    if !coordinator.isStarted { text += " (not started)" }
    return text
  }

  public static func explore(_ system: FlowSystem<Radianttap>, options: ExplorerOptions)
    -> ExplorationResult<FlowAction>
  {
    Explorer.explore(system, options: options)
  }

  public static func reachableGraph(_ system: FlowSystem<Radianttap>, stateLimit: Int)
    -> ReachableGraph<Radianttap>
  {
    system.reachableGraph(stateLimit: stateLimit)
  }
}
