import FlowExplorer
import FlowLanguage

/// The Insecurity runtime: Insecurity 3.0.3's coordinators of one view controller each,
/// started on one global host stack with a completion that receives their typed result,
/// its gaps included.
///
/// The library has no UIKit delegate: it sees a swipe-down through KVO on the presented
/// controller's parent and a pop through the controller's deallocation. Finishes inside a
/// completion are batched into one purge, which cuts the stack at the lowest dead entry.
/// The host's state is `InsecurityHost`; the code is in the `Insecurity+…` files of this
/// folder as methods of the step.
public enum Insecurity: CoordinatorRuntime {
  public typealias Coordinator = InsecurityCoordinator
  public typealias LibraryState = InsecurityHost

  public static let name = "insecurity"

  public static let capabilities = RuntimeCapabilities(
    library: name,
    operations: [.dismiss, .finish, .startCoordinator, .finishWith, .viewController, .result, .call, .handle]
      + RuntimeCapabilities.flowOperations,
    animatedVerbs: [],
    coordinatorKinds: [.windowCoordinator, .modalCoordinator, .navigation, .adaptiveCoordinator],
    usesRootClause: false,
    alternatives: [
      "stop": "write 'finish' or 'dismiss': the host ends the child and runs its parent's completion",
      "dismissRoot": "write 'dismiss' in the child whose flow should close",
      "didPresent": "Insecurity has no presentation hook; run the code where the child is started",
      "didDismiss":
        "write the code in the completion block of 'start C { result in … }', where result is nil",
      "didStop": "write the code in the completion block of 'start C { result in … }'",
      "didDismissAllViewControllersTo":
        "Insecurity has no pop hook; each popped child's completion runs with nil",
      "show": "a coordinator has one screen, its 'viewController S'; 'start' a NavigationCoordinator to push",
      "root":
        "a coordinator has one screen, its 'viewController S'; the window coordinator's 'start C' sets the window's root",
      "top": "a coordinator has one screen; 'finish' it and 'start' another",
      "pop": "write 'finish' or 'dismiss' in the pushed coordinator: the host pops it",
      "pop to": "write 'finish' in the coordinator above: the host pops to the screen below it",
      "present": "'start' a ModalCoordinator (or an AdaptiveCoordinator 'in: modal')",
      "startChild": "write 'start C' (Insecurity's navigation.start(child) { result in … })",
      "setStack":
        "a coordinator has one screen, its 'viewController S'; 'start' and 'finish' coordinators to change the stack",
      "stopChild":
        "the library has no stop a parent calls: a child ends with its own 'finish' or 'dismiss' (ModalCoordinator.swift:17-33), which a parent can reach with 'call C.close' and 'handle close { dismiss }' in C",
      "presentChild": "write 'start C'",
      "takeover": "Insecurity has no takeover",
      "activate": "Insecurity has no activate",
      "send": "a screen calls its own coordinator; a child hands its result to the parent with 'finish(v)'",
      "popBack": "a pop reaches the host through the controller's deallocation: the completion gets nil",
      "didFinish": "write the code in the completion block of 'start C { result in … }'",
      "selectTab": "Insecurity has no tab bar coordinator; 'start' the screens' coordinators",
    ],
    portable: InsecurityPortableLowering(), checkStatement: checkStart, startContexts: startContextNames,
    windowKind: .windowCoordinator)

  /// The child `c` started and holds a reference to, as app code that calls into a child
  /// keeps one (`self.child = child` before `navigation.start(child…)`, `nil` in the
  /// completion): the window coordinator's current child until its completion ran, else the
  /// first live entry of the host's stack that `c` started. Insecurity's coordinators have
  /// no children list: the host's frames hold the started coordinators
  /// (`InsecurityHost.swift:50`, `96`).
  public static func heldChild(_ declaration: Int, of c: CoordinatorID, in state: FlowState<Insecurity>)
    -> CoordinatorID?
  {
    let host = state.library
    if c == state.appCoordinator, let child = host.windowChild, state.coordinators[child].isAlive,
      state.coordinators[child].declaration == declaration, !state.coordinators[child].windowResultDelivered
    {
      return child
    }
    for index in 0..<host.count {
      let entry = host[index]
      guard entry.parent == c, entry.state == .live, let child = entry.coordinator,
        state.coordinators[child].isAlive, state.coordinators[child].declaration == declaration
      else { continue }
      return child
    }
    return nil
  }

  /// KVO is modelled on a controller's removal from its presenter, `deinit` on its
  /// deallocation; the sheet's dismissal callbacks only appear in traces.
  public static var observedCallbacks: WorldCallback.Kinds {
    [.removedFromHierarchy, .deallocated, .presentationDidDismiss]
  }

  /// Nothing in the library reads a transition coordinator.
  public static var readsInteractiveTransitions: Bool { false }

  /// The host's work is its one timer and, without `limits { inflight 1 }`, the ends of its
  /// own animations (with it, they are UIKit's end events), each started by a purge the
  /// flow's events cause: not counted in the flow's `pending` bound.
  public static var boundsItsOwnWork: Bool { true }

  /// Library work: the host's timer and the ends of its own animations.
  static let startTimerFires = 0
  static let popAnimationEnds = 1
  static let dismissalAnimationEnds = 2

  /// The app delegate makes the window coordinator, whose `start()` is the flow's `start`.
  public static func launch(_ step: inout FlowStep<Insecurity>) {
    let app = step.makeCoordinator(step.tables.flow.windowCoordinator)
    step.state.appCoordinator = app
    step.note(.library, "\(step.name(ofCoordinator: app)).start()")
    step.running(app) { step in
      step.executeStart(step.flow.coordinators[step.state.coordinators[app].declaration].start, in: app)
    }
  }

  public static func execute(
    _ statement: CheckedStatement, in c: CoordinatorID, _ step: inout FlowStep<Insecurity>
  ) {
    switch statement {
    case .start(let child, let context, let animated, let completion):
      step.start(child, context: context, animated: animated, completion: completion, from: c)
    case .finishWith(let result): step.finish(c, result: result)
    case .dismiss: step.finish(c, result: 0)
    default:
      assertionFailure("the front end refuses this statement under insecurity")
    }
  }

  /// A view controller's closures call the coordinator that made it.
  public static func tap(event: Int, on vc: ObjectID, _ step: inout FlowStep<Insecurity>) {
    guard case .screen(let screen) = step.state.world.objects[vc].kind,
      let owner = step.state.owners[vc], step.isAlive(owner)
    else { return }
    let label = "\(step.tables.flow.screens[screen].name).\(step.tables.flow.screens[screen].events[event])"
    guard
      let handler = step.tables.screenHandler(
        declaration: step.state.coordinators[owner].declaration, screen: screen, event: event)
    else {
      step.note(.library, "\(step.name(ofCoordinator: owner)) has no handler for \(label): nothing happens")
      return
    }
    step.handlersRun.append(handler.slot)
    step.note(.library, "\(step.name(ofCoordinator: owner)) handles \(label)")
    step.running(owner) { step in step.execute(handler.body, in: owner) }
  }

  public static func deliver(_ callback: WorldCallback, _ step: inout FlowStep<Insecurity>) {
    switch callback {
    case .removedFromHierarchy(let vc): step.removedFromHierarchy(vc)
    case .deallocated(let vc): step.deallocated(vc)
    case .presentationDidDismiss(let vc):
      step.note(.uikit, "UIKit: \(step.name(ofObject: vc)) was swiped down (Insecurity is not its delegate)")
    default: break
    }
  }

  public static func quiesce(_ step: inout FlowStep<Insecurity>) -> Bool {
    step.quiesce()
  }

  /// During the host's own animation, or while pushed controllers wait to be freed, the
  /// user cannot act; async work and the ends of UIKit's animations still arrive.
  public static func userCanAct(in state: FlowState<Insecurity>) -> Bool {
    state.library.transition == .none && state.library.awaitingDeinit.isEmpty
  }

  /// The host's 0.25 s start timer (`Insecurity.swift:9`, `navigationPopBatchedStartDelay`;
  /// `InsecurityHost.swift:148-152` and `778-779`, `DispatchQueue.main.asyncAfter` called
  /// right after `popToViewController(_, animated: true)`) fires before that pop has
  /// finished animating: UIKit's standard push and pop last about 0.35 s (the transition
  /// coordinator's `transitionDuration`), longer than the timer. UIKit takes no touches
  /// during the pop, so no tap comes between the pop's start and the timer either. With
  /// `limits { inflight 1 }`, while a timer is pending during the host's pop, the end of a
  /// push or pop waits for it; without it, the end of the host's pop fires a timer still
  /// armed first (`hostWorkArrives`). So no timer outlives the pop it was set for, and the
  /// timer's push lands mid-pop, where UIKit queues it until the pop ends.
  public static func animationEndWaits(_ end: Gesture, in state: FlowState<Insecurity>, flow: CheckedFlow)
    -> Bool
  {
    guard case .navigationAnimationEnds = end, state.library.transition.contains(.pop) else { return false }
    let timer = flow.asyncTasks.count + startTimerFires
    return state.pending.contains { $0.task == timer }
  }

  public static func complete(libraryWork work: Int, for c: CoordinatorID, _ step: inout FlowStep<Insecurity>)
  {
    step.hostWorkArrives(work)
  }

  public static func name(ofLibraryWork work: Int) -> String {
    switch work {
    case startTimerFires: "the host's 0.25 s start timer"
    case popAnimationEnds: "the host's pop animation"
    default: "the host's dismissal animation"
    }
  }

  /// Each controller of a multi-level pop whose deinit observer has not run: event `i`
  /// frees the `i`-th first.
  public static func libraryEvents(in state: FlowState<Insecurity>, into actions: inout [FlowAction]) {
    for index in state.library.awaitingDeinit.indices { actions.append(.library(index)) }
  }

  public static func perform(libraryEvent event: Int, _ step: inout FlowStep<Insecurity>) {
    step.deinitObserverRuns(for: step.host.awaitingDeinit[event])
  }

  public static func describe(libraryEvent event: Int, in state: FlowState<Insecurity>, flow: CheckedFlow)
    -> String
  {
    guard event < state.library.awaitingDeinit.count else { return "a popped controller is deallocated" }
    let c = state.library.awaitingDeinit[event]
    let declaration = state.coordinators[c].declaration
    let screen = flow.coordinators[declaration].viewController.map { flow.screens[$0].name } ?? "?"
    return "UIKit frees \(screen) (\(flow.coordinators[declaration].name)) first"
  }

  public static let stateInvariants: [StateInvariantCheck<Insecurity>] = [
    .insecurityFinishPropagation, .insecurityOrphan, .deadScreen,
  ]

  /// A screen's closures call the coordinator that made it, which they keep alive.
  public static func tapsReachACoordinator(from vc: ObjectID, in state: FlowState<Insecurity>) -> Bool {
    guard vc < state.owners.count, let owner = state.owners[vc] else { return false }
    return owner < state.coordinators.count && state.coordinators[owner].isAlive
  }

  /// The coordinator's kind and whether it can still finish.
  public static func describe(
    _ coordinator: InsecurityCoordinator, flow: CheckedFlow, objectName: (ObjectID) -> String
  ) -> String {
    describe(coordinator, waitsInTheDeferredSlot: false, flow: flow, objectName: objectName)
  }

  /// A child waiting in the host's deferred-start slot has no finish installed because it
  /// has not started yet: it is waiting, not finished.
  public static func describe(
    _ coordinator: InsecurityCoordinator, id: CoordinatorID, in state: FlowState<Insecurity>,
    flow: CheckedFlow, objectName: (ObjectID) -> String
  ) -> String {
    describe(
      coordinator, waitsInTheDeferredSlot: state.library.deferred?.child == id, flow: flow,
      objectName: objectName)
  }

  private static func describe(
    _ coordinator: InsecurityCoordinator, waitsInTheDeferredSlot: Bool, flow: CheckedFlow,
    objectName: (ObjectID) -> String
  ) -> String {
    var text = " (\(flow.coordinators[coordinator.declaration].kind.rawValue))"
    if let vc = coordinator.viewController { text += " viewController: \(objectName(vc))" }
    if coordinator.retainsViewController { text += " (retained)" }
    if waitsInTheDeferredSlot {
      text += " waiting to start (deferred)"
    } else if !coordinator.canFinish && flow.coordinators[coordinator.declaration].kind != .windowCoordinator
    {
      text += " finished"
    }
    return text
  }

  public static func explore(_ system: FlowSystem<Insecurity>, options: ExplorerOptions)
    -> ExplorationResult<FlowAction>
  {
    Explorer.explore(system, options: options)
  }

  public static func reachableGraph(_ system: FlowSystem<Insecurity>, stateLimit: Int)
    -> ReachableGraph<Insecurity>
  {
    system.reachableGraph(stateLimit: stateLimit)
  }
}
