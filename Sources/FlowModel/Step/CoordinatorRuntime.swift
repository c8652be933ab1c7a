import FlowExplorer
import FlowLanguage

/// The semantics of one coordinator library: everything the library decides, behind one
/// protocol, so that the step, the transition system, packing, canonical numbering and the
/// reports are written once for every library.
///
/// A runtime owns:
/// - its per-coordinator state (`Coordinator`), and how a coordinator is made and started
///   at launch;
/// - what each library statement of a flow does (`execute(_:in:_:)`); the flow-local ones
///   (`if`, assignments, `after`) are the step's own;
/// - which UIKit callbacks it observes (`observedCallbacks`) and how it reacts to each;
/// - how a tap on a screen reaches a handler (`tap(event:on:_:)`: a responder chain, a
///   closure, a delegate, a presenter);
/// - which references keep a coordinator alive (`Coordinator.children`, and what the step
///   itself holds: the window coordinator, pending work, running methods);
/// - its own state invariants (`stateInvariants`), whose ids and explain texts are in
///   `InvariantRegistry`;
/// - how its part of a state reads in a trace (`describe(_:flow:objectName:)`).
///
/// The step (`FlowStep<Self>`) and the transition system (`FlowSystem<Self>`) are generic
/// over the runtime. The hooks are static and take the step `inout`, so that a runtime's
/// code reads as methods of the step; `explore(_:options:)` is written in the runtime's own
/// file so that the explorer and every step are specialised for it there: the hot path
/// pays nothing for the seam.
public protocol CoordinatorRuntime: Sendable {
  /// The library's state of one coordinator object.
  associatedtype Coordinator: CoordinatorState

  /// The library's app-wide state beside its coordinators (a global stack of presented
  /// frames, say); `NoLibraryState` for a library that keeps none.
  associatedtype LibraryState: RuntimeLibraryState = NoLibraryState

  /// The name a flow selects the runtime by (`library NAME`).
  static var name: String { get }

  /// The statements and members a flow under this runtime may use: the front end resolves
  /// a flow against it, so a runtime can add operations as well as leave them out.
  static var capabilities: RuntimeCapabilities { get }

  /// The UIKit callbacks the runtime reacts to or logs. The others are never emitted
  /// during its steps.
  static var observedCallbacks: WorldCallback.Kinds { get }

  /// The app launches: the runtime makes the window coordinator, puts its root in the
  /// window, starts it, and records it as `state.appCoordinator`.
  static func launch(_ step: inout FlowStep<Self>)

  /// A library statement (navigation, coordinator tree, messages) run by coordinator `c`.
  static func execute(_ statement: CheckedStatement, in c: CoordinatorID, _ step: inout FlowStep<Self>)

  /// Whether any reaction of the runtime depends on `TransitionContext.isInteractive`. When
  /// none does, a completed swipe-back is the Back button's step, and the explorer reuses it.
  static var readsInteractiveTransitions: Bool { get }

  /// The user taps event `event` on the visible screen `vc`.
  static func tap(event: Int, on vc: ObjectID, _ step: inout FlowStep<Self>)

  /// A queued UIKit callback of a kind in `observedCallbacks` is delivered.
  static func deliver(_ callback: WorldCallback, _ step: inout FlowStep<Self>)

  /// Work the library itself scheduled (`FlowStep.schedule(libraryWork:for:)`: a timer, a
  /// deferred start) arrives, for coordinator `c`, as its own event that interleaves with
  /// everything the user can do meanwhile.
  static func complete(libraryWork work: Int, for c: CoordinatorID, _ step: inout FlowStep<Self>)

  /// The name of library work `work` in traces (`async 'NAME' completes`).
  static func name(ofLibraryWork work: Int) -> String

  /// Appends `FlowAction.library(n)` for each event the library makes possible in `state`
  /// beyond the user's and the app's, in a fixed order: what the library or UIKit leaves
  /// open in time (which popped controller is deallocated first, say). Most offer none.
  static func libraryEvents(in state: FlowState<Self>, into actions: inout [FlowAction])

  /// Performs library event `event`, one `libraryEvents(in:into:)` offered.
  static func perform(libraryEvent event: Int, _ step: inout FlowStep<Self>)

  /// Library event `event` in words, in the state it happens in.
  static func describe(libraryEvent event: Int, in state: FlowState<Self>, flow: CheckedFlow) -> String

  /// The step delivered every callback and freed what nothing holds: the runtime may run
  /// what waits for that (a deinit observer, say); true when it ran something, and the step
  /// settles again. Most runtimes run nothing (the default).
  static func quiesce(_ step: inout FlowStep<Self>) -> Bool

  /// Whether the user can act in `state` (tap, gesture, app event): false while the
  /// library's own transition animates or UIKit has not finished what a step began, when
  /// only async work, library events and the ends of UIKit's animations in flight can
  /// happen. True by default.
  static func userCanAct(in state: FlowState<Self>) -> Bool

  /// Whether the end of UIKit's animation `end` (`Gesture.animationEnds`,
  /// `.navigationAnimationEnds`) must wait in `state` for the library's own work that comes
  /// before it (a timer shorter than the animation): the end event is not offered until that
  /// work has arrived. False by default.
  static func animationEndWaits(_ end: Gesture, in state: FlowState<Self>, flow: CheckedFlow) -> Bool

  /// Whether the work the runtime schedules (`FlowStep.schedule(libraryWork:for:)`) is
  /// bounded by the runtime itself, so that the flow's `pending` bound counts only the flow's
  /// own `after` work. False by default: the library's work counts too.
  static var boundsItsOwnWork: Bool { get }

  /// The state invariants checked on every quiescent state under this runtime, in the order
  /// they are checked: the shared ones it uses (`.finishPropagation`, …) and its own.
  static var stateInvariants: [StateInvariantCheck<Self>] { get }

  /// Its own invariants as registry values (id, kinds, explain text); the shared ones are
  /// in `InvariantRegistry`.
  static var invariants: [Invariant] { get }

  /// Whether the screen `vc`, in the hierarchy, has a live handler for its taps
  /// (`dead-screen`): how the library routes a tap, without running it.
  static func tapsReachACoordinator(from vc: ObjectID, in state: FlowState<Self>) -> Bool

  /// The started child of `declaration` that coordinator `c` holds, on which `call C.m`
  /// calls `m`; nil when it holds none. By default the first live one in its `children`.
  static func heldChild(_ declaration: Int, of c: CoordinatorID, in state: FlowState<Self>) -> CoordinatorID?

  /// One line of the coordinator tree in a trace, after the coordinator's name (which the
  /// caller writes): the library's state worth seeing, e.g. ` viewControllers: [Home]`.
  static func describe(
    _ coordinator: Coordinator, flow: CheckedFlow, objectName: (ObjectID) -> String
  ) -> String

  /// `describe(_:flow:objectName:)` for coordinator `id` of `state`, for a line that
  /// depends on the library's state beside the coordinator (a start still waiting in a
  /// slot of the library's). By default, the coordinator's alone.
  static func describe(
    _ coordinator: Coordinator, id: CoordinatorID, in state: FlowState<Self>, flow: CheckedFlow,
    objectName: (ObjectID) -> String
  ) -> String

  /// `Explorer.explore(system, options: options)`, written in the runtime's own file:
  /// compiled there with the runtime known, the explorer and the step are specialised for it.
  static func explore(_ system: FlowSystem<Self>, options: ExplorerOptions) -> ExplorationResult<FlowAction>

  /// `system.reachableGraph(stateLimit: stateLimit)`, written in the runtime's own file for
  /// the same reason as `explore(_:options:)`.
  static func reachableGraph(_ system: FlowSystem<Self>, stateLimit: Int) -> ReachableGraph<Self>
}

extension CoordinatorRuntime {
  public static func describe(
    _ coordinator: Coordinator, id: CoordinatorID, in state: FlowState<Self>, flow: CheckedFlow,
    objectName: (ObjectID) -> String
  ) -> String {
    describe(coordinator, flow: flow, objectName: objectName)
  }

  public static func heldChild(_ declaration: Int, of c: CoordinatorID, in state: FlowState<Self>)
    -> CoordinatorID?
  {
    state.coordinators[c].children.first {
      state.coordinators[$0].isAlive && state.coordinators[$0].declaration == declaration
    }
  }

  @inline(__always) public static func quiesce(_ step: inout FlowStep<Self>) -> Bool { false }
  @inline(__always) public static func userCanAct(in state: FlowState<Self>) -> Bool { true }
  @inline(__always) public static func animationEndWaits(
    _ end: Gesture, in state: FlowState<Self>, flow: CheckedFlow
  ) -> Bool { false }
  @inline(__always) public static var boundsItsOwnWork: Bool { false }
}

/// What the step, the canonical numbering and the packing need of any part of a state a
/// runtime owns: the view controllers it holds, and its fields (`StateFields`), through
/// which the shared code packs, unpacks, renumbers it and forgets its weak links.
public protocol RuntimeReferences: StateFields, Hashable, Sendable, BitwiseCopyable {
  /// View controllers it holds strongly, in order (a shadow stack, say).
  var heldObjects: IDList { get }
}

extension RuntimeReferences {
  /// Renumbers its links into a canonical form (`FieldRenumberer`).
  mutating func renumber(objects: Numbering, coordinators: Numbering) {
    var renumberer = FieldRenumberer(objects: objects, coordinators: coordinators)
    fields(&renumberer)
  }

}

/// The library's state of one coordinator object, as a runtime keeps it in a `FlowState`.
///
/// Plain data (`BitwiseCopyable`): a step copies every coordinator of its source state, and
/// states are compared and copied as memory. The step, the canonical numbering and the
/// packing reach the runtime's links through these requirements only. Its `fields` leave
/// out what every coordinator has (declaration, `wasOnScreen`, locals, `isAlive`): the
/// shared code stores those itself.
public protocol CoordinatorState: RuntimeReferences {
  /// A blank coordinator that unpacking fills in, field by field.
  init()
  /// Index into `CheckedFlow.coordinators`.
  var declaration: Int { get set }
  /// False once deallocated: nothing holds it any more.
  var isAlive: Bool { get set }
  /// Some view controller it created was in the window hierarchy at a quiescent state.
  var wasOnScreen: Bool { get set }
  /// Values of the coordinator-local variables.
  var locals: LocalValues { get set }
  /// The coordinator that holds this one as a child, as the library records it (nil where
  /// the library keeps no parent, or the parent is gone).
  var parent: CoordinatorID? { get }
  /// The child coordinators it holds strongly, in the library's order: they are kept alive
  /// through it, and the coordinator tree is read through them.
  var children: IDList { get }
  /// The view controller it was made with, held strongly.
  var root: ObjectID { get }
}

/// One of a runtime's own state invariants: its id and its check, which says in words why
/// the state breaks it (nil when it holds).
public struct StateInvariantCheck<Runtime: CoordinatorRuntime>: Sendable {
  public let id: InvariantID
  public let check: @Sendable (InvariantContext<Runtime>) -> String?

  public init(_ id: InvariantID, check: @escaping @Sendable (InvariantContext<Runtime>) -> String?) {
    self.id = id
    self.check = check
  }
}

/// A library's app-wide state, kept in `FlowState.library`: plain data that the step copies,
/// compares, renumbers and packs with the rest of the state, through its `fields`.
public protocol RuntimeLibraryState: RuntimeReferences {
  /// The state at launch, and the blank that unpacking fills in.
  init()
  /// Coordinators it holds strongly: kept alive through it, and numbered right after the
  /// coordinator tree.
  var heldCoordinators: IDList { get }
  /// Its lines in a trace, after the coordinator tree (none when there is nothing to see).
  func describe(
    flow: CheckedFlow, objectName: (ObjectID) -> String, coordinatorName: (CoordinatorID) -> String
  ) -> [String]
}

/// The app-wide state of a library that keeps none: nothing held, nothing packed.
public struct NoLibraryState: RuntimeLibraryState {
  public init() {}
  @inline(__always) public var heldCoordinators: IDList { IDList() }
  @inline(__always) public var heldObjects: IDList { IDList() }
  @inline(__always) public mutating func fields(_ fields: inout some FieldVisitor) {}
  public func describe(
    flow: CheckedFlow, objectName: (ObjectID) -> String, coordinatorName: (CoordinatorID) -> String
  ) -> [String] { [] }
}
