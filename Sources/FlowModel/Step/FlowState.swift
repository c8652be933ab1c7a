import FlowLanguage

/// Index of a coordinator instance in `FlowState.coordinators`.
public typealias CoordinatorID = Int

/// An `after NAME { … }` whose completion has not arrived yet, or work the runtime itself
/// scheduled. The task holds its coordinator strongly, as a Swift `Task { … self … }` does.
public struct PendingCompletion: Hashable, Sendable, Comparable, BitwiseCopyable {
  /// An index into `CheckedFlow.asyncTasks`; from `asyncTasks.count` on, the runtime's own
  /// work `task - asyncTasks.count`.
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

/// The whole app at a quiescent moment: UIKit, the coordinator objects of the runtime, the
/// flow's variables.
public struct FlowState<Runtime: CoordinatorRuntime>: Hashable, Sendable {
  public var world: World
  /// Per UIKit object, the coordinator that created it (for screens) or whose root it is.
  public var owners: [CoordinatorID?]
  /// Coordinator objects; `isAlive` false once deallocated (dropped when the state is made
  /// canonical). Not optionals: reading a field of an optional element copies the whole
  /// instance out of the array first.
  public var coordinators: [Runtime.Coordinator]
  /// The window coordinator, held by the scene delegate.
  public var appCoordinator: CoordinatorID?
  /// The library's app-wide state (`CoordinatorRuntime.LibraryState`).
  public var library = Runtime.LibraryState()
  public var globals: [Int]
  public var pending: [PendingCompletion]
  /// The app crashed on a UIKit precondition: a terminal state.
  public var crashed: Bool
  /// The step into this state went beyond a declared bound but broke a property on the
  /// way, so it is kept for its trace and not explored further: a terminal state.
  public var beyondBounds: Bool = false
  /// The step into this state broke a property, and the search does not explore past a
  /// violation (`FlowSystem.exploresPastViolations` false): kept for its trace, a terminal
  /// state, and a state of its own, so that the same state reached without a violation is
  /// still explored.
  public var afterViolation: Bool = false

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
