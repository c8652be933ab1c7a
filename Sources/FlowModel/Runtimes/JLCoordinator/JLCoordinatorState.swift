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
public struct JLCoordinatorState: CoordinatorState {
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

  @inline(__always) public mutating func forgetFreed(_ isFreed: (CoordinatorID) -> Bool) {
    if let parentLink, isFreed(parentLink) { self.parentLink = nil }
  }

  @inline(__always) public mutating func renumber(
    objects: (ObjectID) -> ObjectID?, coordinators: (CoordinatorID) -> CoordinatorID?
  ) {
    children.renumber(coordinators)
    parentLink = parentLink.flatMap(coordinators)
    presenterOwner = coordinators(presenterOwner) ?? -1
    if root >= 0 { root = objects(root) ?? -1 }
    presentingScreen = presentingScreen.flatMap(objects)
    lastScreen = lastScreen.flatMap(objects)
  }

  @inline(__always) public var packedWordBound: Int { 10 + IDList.capacity + locals.count }

  /// The declaration; a word of flags; the children still kept, the parent, the presenter's
  /// owner, the root, the presenting screen, the last screen, the locals.
  @inline(__always) public static func pack(
    _ c: UnsafePointer<JLCoordinatorState>, into out: inout PackedWriter, wasOnScreen: Bool,
    objects: Renumbering, coordinators: Renumbering
  ) {
    out.put(c.pointee.declaration)
    out.put((wasOnScreen ? 1 : 0) | (c.pointee.locals.count > 0 ? 2 : 0) | (c.pointee.hasStopped ? 4 : 0))
    out.put(c.pointee.children, coordinators)
    out.put(link: c.pointee.parentLink, coordinators)
    out.put(link: c.pointee.presenterOwner >= 0 ? c.pointee.presenterOwner : nil, coordinators)
    out.put(link: c.pointee.root >= 0 ? c.pointee.root : nil, objects)
    out.put(link: c.pointee.presentingScreen, objects)
    out.put(link: c.pointee.lastScreen, objects)
    if c.pointee.locals.count > 0 {
      out.put(c.pointee.locals.count)
      for value in c.pointee.locals { out.put(value) }
    }
  }

  @inline(__always) public static func unpack(from input: inout PackedReader) -> JLCoordinatorState {
    let declaration = input.take()
    let flags = input.take()
    let children = input.list()
    let parentLink = input.optional()
    let owner = input.optional() ?? -1
    var instance = JLCoordinatorState(declaration: declaration, presenterOwner: owner, locals: LocalValues())
    instance.children = children
    instance.parentLink = parentLink
    instance.root = input.optional() ?? -1
    instance.presentingScreen = input.optional()
    instance.lastScreen = input.optional()
    instance.wasOnScreen = flags & 1 != 0
    instance.hasStopped = flags & 4 != 0
    if flags & 2 != 0 {
      let localCount = input.take()
      for _ in 0..<localCount { instance.locals.append(input.signed()) }
    }
    return instance
  }
}
