import FlowExplorer
import FlowLanguage

/// The JLCoordinator runtime (`library presenter`): JamitLabs' JLCoordinator, its gaps
/// included.
///
/// A coordinator holds its children strongly, its parent weakly, and the presenter it was
/// made with. It calls `presenter.present`, `dismiss` and `dismissRoot`, and learns what
/// happened only through the presenter's broadcast to every registered coordinator
/// (`didPresent`, `didDismiss`), which the navigation delegate wrapper sends only for
/// animated transitions and only for their old top, and the sheet wrapper for a swipe-down.
/// `stop()` stops the children, then tells the parent; a parent stops a child by calling the
/// child's `stop()` (`stopChild C`) and calls any other method of a child it holds in
/// `childCoordinators` (`call C.m`). The library's code is modelled in the
/// `JLCoordinator+…` files of this folder as methods of the step. Modelled presenters:
/// Initial, InitialNavigation, Navigation, Modal, ModalNavigation, Tab, TabNavigation, and a
/// parent's presenter shared.
public enum JLCoordinator: CoordinatorRuntime {
  public typealias Coordinator = JLCoordinatorState
  public typealias LibraryState = PresenterCompletions

  public static let name = "presenter"

  public static let capabilities = RuntimeCapabilities(
    library: name,
    operations: [
      .present, .dismiss, .startChild, .stopChild, .call, .handle,
    ]
      + RuntimeCapabilities.flowOperations,
    statements: [stopStatement, dismissRootStatement],
    members: [didPresent, didDismiss, didStop, didDismissAllViewControllersTo],
    animatedVerbs: [.present, .dismiss],
    coordinatorKinds: [
      .initialPresenter, .initialNavigationPresenter, .navigationPresenter, .modalPresenter,
      .modalNavigationPresenter, .tabPresenter, .tabNavigationPresenter, .parentPresenter,
    ],
    usesRootClause: false, kindWord: "presenter", checkWindowKind: checkWindowKind,
    alternatives: [
      "show": "write 'present S': a navigation presenter pushes",
      "root": "write 'present S' in 'start'; the kind (InitialPresenter, ModalPresenter…) says where it goes",
      "top": "a presenter cannot replace a screen; 'dismiss' it and 'present' the next one",
      "pop": "write 'dismiss': a navigation presenter pops the screen whose handler runs, if it is the top",
      "pop to": "the presenters pop one screen at a time with 'dismiss'; 'dismissRoot' closes the presenter",
      "setStack":
        "app code that assigns the navigation stack past the presenters is not modelled under this runtime; write 'present S' and 'dismiss', which the presenter reports",
      "finish": "write 'stop': stop() stops the children, then tells the parent (didStop) and leaves it",
      "takeover": "JLCoordinator has no takeover",
      "activate": "JLCoordinator has no activate",
      "send":
        "a screen calls its own coordinator (its delegate), and a child its parent only through 'didStop'; there is no responder chain",
      "popBack": "write 'didDismiss S { … }': the presenter reports an animated pop as a dismissal",
      "didFinish": "write 'didStop C { … }': a child's stop() calls didStop(child:) on its parent",
      "presentChild":
        "write 'startChild C', and give C its presenter as its kind (coordinator C: ModalPresenter)",
      "start C": "write 'startChild C'",
      "finish(value)": "write 'stop', and pass values through variables",
      "viewController": "a coordinator shows its screens with 'present' on its presenter",
      "result": "a child hands values to its parent through variables",
      "selectTab": "JLCoordinator has no tab selection from code",
    ],
    portable: JLCoordinatorPortableLowering())

  /// The navigation delegate wrapper (`didShow`) and the sheet wrapper (`presentationControllerDidDismiss`).
  public static var observedCallbacks: WorldCallback.Kinds {
    [.navigationDidShow, .presentationDidDismiss]
  }

  /// The wrapper reads the transition coordinator's `from` and `to`, never whether it is interactive.
  public static var readsInteractiveTransitions: Bool { false }

  public static func launch(_ step: inout FlowStep<JLCoordinator>) {
    FlowStep<JLCoordinator>.launch(&step)
  }

  /// Why a presenter `kind` cannot be the window coordinator's, with the hint; nil when it
  /// can. The scene delegate has no screen to present from and no parent whose presenter to
  /// share; a NavigationPresenter's navigation controller is one the parent's code presents,
  /// and the library's NavigationPresenter for the window is InitialNavigationPresenter (its
  /// subclass that makes the navigation controller the window's root).
  @Sendable static func checkWindowKind(_ name: String, _ kind: CoordinatorKind) -> String? {
    let reason: String
    switch kind {
    case .modalPresenter, .modalNavigationPresenter:
      reason =
        "it presents over a parent's screen, and the window has none (hint: use InitialPresenter or InitialNavigationPresenter)"
    case .navigationPresenter:
      reason =
        "its navigation controller is one the parent's code presents (hint: use InitialNavigationPresenter, the NavigationPresenter that makes its navigation controller the window's root)"
    case .parentPresenter:
      reason =
        "it has no parent whose presenter to share (hint: use InitialPresenter or InitialNavigationPresenter)"
    default:
      return nil
    }
    return "window coordinator '\(name)' cannot be made with a \(kind.rawValue): \(reason)"
  }

  /// `stop`: `Coordinator.stop()`, which stops the children, tells the parent
  /// (`didStop(child:)`) and leaves it.
  static let stopStatement = StatementForm("stop")
  /// `dismissRoot animated: B`: `presenter.dismissRoot(animated:)`.
  static let dismissRootStatement = StatementForm("dismissRoot", takesAnimated: true)

  // The `Coordinator` hooks a flow can override (`Coordinator/Coordinator.swift`), each a
  // no-op in the library; the name after the keyword, when written, picks the calls the
  // override answers.
  /// `didPresent S { … }`: `presenter(_:didPresent:)`, a presenter reports a view
  /// controller presented.
  static let didPresent = MemberForm("didPresent", operand: .screen)
  /// `didDismiss S { … }`: `presenter(_:didDismiss:)`, a presenter reports a view controller
  /// (or, through the navigation overload, a navigation controller) dismissed.
  static let didDismiss = MemberForm("didDismiss", operand: .screen)
  /// `didStop C { … }`: `didStop(child:)`, a child's `stop()` tells its parent.
  static let didStop = MemberForm("didStop", operand: .coordinator)
  /// `didDismissAllViewControllersTo S { … }`: `presenter(_:didDismissAllViewControllersTo:)`,
  /// the navigation delegate wrapper saw an animated pop land on the navigation
  /// controller's first screen.
  static let didDismissAllViewControllersTo = MemberForm("didDismissAllViewControllersTo", operand: .screen)

  public static func execute(
    _ statement: CheckedStatement, in c: CoordinatorID, _ step: inout FlowStep<JLCoordinator>
  ) {
    switch statement {
    case .present(let screen, let animated): step.presenterPresent(screen, animated: animated, in: c)
    case .dismiss(let animated): step.presenterDismiss(animated: animated, in: c)
    case .library(let statement) where statement.keyword == dismissRootStatement.keyword:
      step.presenterDismissRoot(animated: statement.animated, in: c)
    case .startChild(let declaration): step.startChild(declaration, from: c)
    case .library(let statement) where statement.keyword == stopStatement.keyword: step.stop(c)
    case .stopChild(let declaration): step.stopChildren(declaration, of: c)
    default:
      assertionFailure("the front end refuses this statement under presenter")
    }
  }

  public static func tap(event: Int, on vc: ObjectID, _ step: inout FlowStep<JLCoordinator>) {
    step.tapScreenDelegate(event: event, on: vc)
  }

  public static func deliver(_ callback: WorldCallback, _ step: inout FlowStep<JLCoordinator>) {
    switch callback {
    case .navigationDidShow(let nav, let shown, _, let transition):
      step.navigationDidShow(nav: nav, shown: shown, transition: transition)
    case .presentationDidDismiss(let vc):
      step.sheetSwipedDown(vc)
    default:
      break
    }
  }

  public static func complete(
    libraryWork work: Int, for c: CoordinatorID, _ step: inout FlowStep<JLCoordinator>
  ) {
    preconditionFailure("JLCoordinator schedules no work of its own")
  }

  public static func name(ofLibraryWork work: Int) -> String {
    preconditionFailure("JLCoordinator schedules no work of its own")
  }

  /// Once the step has settled: the completion of a transition that ended in it runs (and
  /// the step settles again); then `stopped-on-screen` for the coordinators it stopped.
  public static func quiesce(_ step: inout FlowStep<JLCoordinator>) -> Bool {
    if step.callCompletionOfEndedTransition() { return true }
    step.checkStoppedOnScreen()
    return false
  }

  public static func libraryEvents(in state: FlowState<JLCoordinator>, into actions: inout [FlowAction]) {}

  public static func perform(libraryEvent event: Int, _ step: inout FlowStep<JLCoordinator>) {
    preconditionFailure("JLCoordinator adds no events")
  }

  public static func describe(libraryEvent event: Int, in state: FlowState<JLCoordinator>, flow: CheckedFlow)
    -> String
  {
    preconditionFailure("JLCoordinator adds no events")
  }

  public static let stateInvariants: [StateInvariantCheck<JLCoordinator>] = [
    .presenterFinishPropagation, .orphanChild, .deadScreen,
  ]

  public static let invariants: [Invariant] = [
    .libraryTrap(runtime: name),
    Invariant(
      .stoppedOnScreen, rank: 110, kinds: [.step], runtimes: [name],
      explanation: InvariantExplanation(
        holdsWhen: "no coordinator is stopped while a screen it presented is still on screen",
        whatItChecks: """
          JLCoordinator's stop() stops the children, tells the parent (didStop) and leaves its \
          childCoordinators; it never touches UIKit. Once each step has settled, flowcheck looks \
          at every coordinator stopped during it: if a screen that coordinator presented is still \
          in the window's hierarchy, the invariant is broken.
          """,
        whyItMatters: """
          The screen stays, but its delegate, the coordinator, has left the tree and is \
          deallocated (nothing else holds it): the screen's buttons call nothing. The user sees \
          a screen that no longer responds, and the flow can only be left by UIKit's own gestures.
          """,
        typicalCause: """
          A 'didDismiss { stop }' override reached by a report of a screen that did not leave: \
          ModalPresenter.dismiss of a screen that itself presents another dismisses only that \
          other one, yet reports the first dismissed (gap 3). Or a handler that calls 'stop' \
          without dismissing its screen, or a 'didDismiss { stop }' without a screen, which any \
          of the coordinator's screens popped (a pushed one above its first) runs.
          """,
        howToFix: """
          Stop a coordinator only from the report of its own first screen's dismissal, with the \
          screen named ('didDismiss S { stop }'); dismiss what a screen presents before \
          dismissing the screen; close a flow with 'dismiss' and let the report stop it.
          """)),
    Invariant(
      .registeredAfterStop, rank: 120, kinds: [.step], runtimes: [name],
      explanation: InvariantExplanation(
        holdsWhen: "no presenter report reaches a coordinator that stopped in an earlier step",
        whatItChecks: """
          stop() never unregisters a coordinator from its presenter, and a presenter reports \
          to every coordinator registered with it. A stopped coordinator is normally freed as \
          soon as its code returns; one that something still holds (async work of its own) \
          stays registered. flowcheck reports a 'didPresent', 'didDismiss' or \
          'didDismissAllViewControllersTo' override that runs in a coordinator stopped in an \
          earlier step.
          """,
        whyItMatters: """
          The stopped coordinator is out of the tree, yet it still reacts to its presenter: it \
          can stop again, change app state, or start children that nothing will ever stop.
          """,
        typicalCause: """
          A coordinator that stops with async work pending ('after'), whose completion later \
          dismisses or presents through the presenter it is still registered with.
          """,
        howToFix: """
          Stop a coordinator last: let pending work finish (or drop it) before 'stop', or close \
          the flow with 'dismiss' and stop from the 'didDismiss S' report.
          """)),
  ]

  /// A screen's taps reach its delegate, the coordinator that presented it, while it is alive.
  public static func tapsReachACoordinator(from vc: ObjectID, in state: FlowState<JLCoordinator>) -> Bool {
    guard vc < state.owners.count, let owner = state.owners[vc] else { return false }
    return owner < state.coordinators.count && state.coordinators[owner].isAlive
  }

  /// The presenter, when the coordinator shares another's.
  public static func describe(
    _ coordinator: JLCoordinatorState, flow: CheckedFlow, objectName: (ObjectID) -> String
  ) -> String {
    " (\(flow.coordinators[coordinator.declaration].kind.rawValue))"
  }

  public static func explore(_ system: FlowSystem<JLCoordinator>, options: ExplorerOptions)
    -> ExplorationResult<FlowAction>
  {
    Explorer.explore(system, options: options)
  }

  public static func reachableGraph(_ system: FlowSystem<JLCoordinator>, stateLimit: Int)
    -> ReachableGraph<JLCoordinator>
  {
    system.reachableGraph(stateLimit: stateLimit)
  }
}

extension StateInvariantCheck where Runtime == JLCoordinator {
  /// `finish-propagation`: a child still in its parent's `childCoordinators` after all its
  /// screens left the hierarchy: nothing called its `stop()`.
  static var presenterFinishPropagation: StateInvariantCheck {
    StateInvariantCheck(.finishPropagation) { context in
      context.abandoned(wasOnScreen: true) { child, parent in
        "\(child) is still in \(parent).childCoordinators though all its screens left the hierarchy: no presenter report reached a 'didDismiss { stop }'"
      }
    }
  }
}

extension InvariantID {
  /// No coordinator is stopped while a screen it presented is still on screen.
  public static let stoppedOnScreen = InvariantID("stopped-on-screen")
  /// No presenter report reaches a coordinator that stopped in an earlier step.
  public static let registeredAfterStop = InvariantID("registered-after-stop")
}
