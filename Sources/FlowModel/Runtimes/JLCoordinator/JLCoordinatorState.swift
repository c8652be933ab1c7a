import FlowLanguage

/// One live coordinator object of JLCoordinator (`JLCoordinator/Sources/Coordinator/Coordinator.swift`),
/// with the presenter it was made with.
///
/// The coordinator has strong `childCoordinators`, a weak `parentCoordinator` and a strong
/// `presenter`. A presenter is made for one coordinator (its *owner* here) and may be shared
/// with children made with `init(presenter: presenter)` (`ParentPresenter`): its state is
/// kept in the owner, and every live coordinator whose `presenterOwner` is that owner is
/// registered with it (`Presenter.register`, a `WeakCache`). A coordinator keeps the last
/// view controller it presented, as the example's `ViewCoordinator` keeps its one
/// `viewController` in a `let`; which controllers it presented (the identity its hooks
/// filter by) is the step's record of who made each controller.
public struct JLCoordinatorState: ScreenDelegateCoordinator {
  public var declaration: Int
  /// `childCoordinators`, in the array's order.
  public var children: IDList
  /// `parentCoordinator` (weak): set by `add(childCoordinator:)`, cleared by `stop()`.
  public var parentLink: CoordinatorID?
  /// The coordinator whose presenter object this one was made with: itself, or for a
  /// `ParentPresenter` the owner of its parent's presenter.
  public var presenterOwner: CoordinatorID
  /// The presenter's navigation controller (InitialNavigation-, ModalNavigation-presenters),
  /// held by the presenter; -1 when it has none (yet).
  public var root: ObjectID
  /// `ModalPresenting.presentingViewController`, a strong `let` of the presenter.
  public var presentingScreen: ObjectID?
  /// The last view controller it presented, kept by the coordinator.
  public var lastScreen: ObjectID?
  /// The screen whose delegate call the coordinator is handling, while the handler runs.
  /// Always nil between steps.
  var handlingScreen: ObjectID?
  public var wasOnScreen: Bool
  public var locals: LocalValues
  public var isAlive = true
  /// Set by `stop()` during a step and cleared when the step settles (`quiesce`); never
  /// packed: a stored state has none set.
  var stoppedInStep = false
  /// `stop()` ran on it; it stays registered with its presenter while something holds it.
  public var hasStopped = false

  /// A blank to unpack into.
  public init() { self.init(declaration: 0, presenterOwner: -1, locals: LocalValues()) }

  public init(declaration: Int, presenterOwner: CoordinatorID, locals: LocalValues) {
    self.declaration = declaration
    self.children = IDList()
    self.presenterOwner = presenterOwner
    self.root = -1
    self.wasOnScreen = false
    self.locals = locals
  }

  @inline(__always) public var parent: CoordinatorID? { parentLink }

  @inline(__always) public var heldObjects: IDList {
    var held = IDList()
    if let lastScreen { held.append(lastScreen) }
    if root >= 0 { held.append(root) }
    if let presentingScreen { held.append(presentingScreen) }
    return held
  }

  /// What it stores beside what every coordinator has; `handlingScreen` and
  /// `stoppedInStep` are cleared before a step ends, so not stored.
  @inline(__always) public mutating func fields(_ fields: inout some FieldVisitor) {
    fields.flag(&hasStopped)
    fields.coordinators(&children)
    fields.coordinator(&parentLink, .weak)
    fields.coordinator(&presenterOwner, .strong)
    fields.object(&root)
    fields.object(&presentingScreen)
    fields.object(&lastScreen)
  }
}
