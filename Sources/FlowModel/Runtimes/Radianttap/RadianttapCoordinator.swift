import FlowLanguage

/// One live coordinator object of the radianttap runtime.
///
/// Mirrors `Coordinator<T>` / `NavigationCoordinator` of radianttap/Coordinator 8.x:
/// `parent` is weak, `childCoordinators` is a dictionary keyed by `identifier`
/// (kept here in insertion order, as the values of a Swift dictionary have no fixed order),
/// `viewControllers` is the shadow stack.
public struct RadianttapCoordinator: CoordinatorState {
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

  /// A blank to unpack into.
  public init() { self.init(declaration: 0, root: -1, locals: LocalValues()) }

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

  /// The shadow stack holds its view controllers strongly.
  @inline(__always) public var heldObjects: IDList { shadow }

  /// What it stores beside what every coordinator has: the counter saturates at 3, as
  /// `finish-propagation` only asks whether it is 0, 1 or more.
  @inline(__always) public mutating func fields(_ fields: inout some FieldVisitor) {
    fields.flag(&isStarted)
    fields.bits(&finishNotices, count: 2)
    fields.coordinator(&parent, .weak)
    fields.coordinators(&children)
    fields.object(&root)
    fields.objects(&shadow)
  }
}
