import FlowLanguage

/// Index of a coordinator instance in `FlowState.coordinators`.
public typealias CoordinatorID = Int

/// One live coordinator object of the radianttap runtime.
///
/// Mirrors `Coordinator<T>` / `NavigationCoordinator` of radianttap/Coordinator 8.x:
/// `parent` is weak, `childCoordinators` is a dictionary keyed by `identifier`
/// (kept here in insertion order, as the values of a Swift dictionary have no fixed order),
/// `viewControllers` is the shadow stack.
public struct CoordinatorInstance: Hashable, Sendable {
  /// Index into `CheckedFlow.coordinators`.
  public var declaration: Int
  /// `weak var parent`.
  public var parent: CoordinatorID?
  /// The values of `childCoordinators`, in insertion order; the key of each is its declaration's identifier.
  public var children: IDList
  /// `rootViewController`: a navigation or tab bar controller.
  public var root: ObjectID
  /// `NavigationCoordinator.viewControllers`, the shadow stack (strong references).
  public var shadow: IDList
  /// `isStarted` (never reset by the library).
  public var isStarted: Bool
  /// Some view controller it created was in the window hierarchy at a quiescent state.
  public var wasOnScreen: Bool
  /// How many times `parent.coordinatorDidFinish(self)` ran.
  public var finishNotices: Int
  /// Values of the coordinator-local variables.
  public var locals: LocalValues
  /// False once deallocated: nothing holds it any more.
  public var isAlive = true

  public init(declaration: Int, root: ObjectID, locals: LocalValues) {
    self.declaration = declaration
    self.parent = nil
    self.children = IDList()
    self.root = root
    self.shadow = IDList()
    self.isStarted = false
    self.wasOnScreen = false
    self.finishNotices = 0
    self.locals = locals
  }
}

/// An `after NAME { … }` whose completion has not arrived yet. The task holds its
/// coordinator strongly, as a Swift `Task { … self … }` does.
public struct PendingCompletion: Hashable, Sendable, Comparable {
  public var task: Int
  public var coordinator: CoordinatorID

  public init(task: Int, coordinator: CoordinatorID) {
    self.task = task
    self.coordinator = coordinator
  }

  public static func < (lhs: PendingCompletion, rhs: PendingCompletion) -> Bool {
    (lhs.task, lhs.coordinator) < (rhs.task, rhs.coordinator)
  }
}

/// The whole app at a quiescent moment: UIKit, the coordinator objects, the flow's variables.
public struct FlowState: Hashable, Sendable {
  public var world: World
  /// Per UIKit object, the coordinator that created it (for screens) or whose root it is.
  public var owners: [CoordinatorID?]
  /// Coordinator objects; `isAlive` false once deallocated (dropped when the state is made
  /// canonical). Not optionals: reading a field of an optional element copied the whole
  /// instance out of the array first.
  public var coordinators: [CoordinatorInstance]
  /// The window coordinator, held by the scene delegate.
  public var appCoordinator: CoordinatorID?
  public var globals: [Int]
  public var pending: [PendingCompletion]
  /// The app crashed on a UIKit precondition: a terminal state.
  public var crashed: Bool
  /// The step into this state went beyond a declared bound but broke a property on the
  /// way, so it is kept for its trace and not explored further: a terminal state.
  public var beyondBounds: Bool = false

  public init(globals: [Int]) {
    self.world = World()
    self.owners = []
    self.coordinators = []
    self.appCoordinator = nil
    self.globals = globals
    self.pending = []
    self.crashed = false
  }

  /// The single state every crash leads to.
  public static func crashedApp() -> FlowState {
    var state = FlowState(globals: [])
    state.crashed = true
    return state
  }
}
