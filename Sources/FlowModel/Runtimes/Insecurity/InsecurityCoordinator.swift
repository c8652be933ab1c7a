import FlowLanguage

/// One live coordinator object of Insecurity: a `ModalCoordinator`, `NavigationCoordinator`
/// or `AdaptiveCoordinator` subclass managing exactly one view controller, or the app's
/// `WindowCoordinator`.
///
/// It keeps no children and no parent: the host's stack holds started coordinators, the
/// completion closures their parents, a view controller's closures the coordinator that
/// made it (`InsecurityHost`). It holds its view controller weakly (the README: "never
/// retain the view controller"), unless the flow says `viewController S retained`.
public struct InsecurityCoordinator: CoordinatorState {
  public var declaration: Int
  /// The view controller `viewController` made when it was started: weak, held only for a
  /// `retained` one.
  public var viewController: ObjectID?
  /// `retained`: the coordinator holds its view controller strongly.
  public var retainsViewController: Bool
  /// `_finishImplementation` is installed: set at the start, cleared at the first
  /// finalization (the window child's is never cleared).
  public var canFinish = false
  /// Its `navigation` is the window host's current host (false once that host is killed
  /// or replaced).
  public var onCurrentHost = false
  /// The host it was started on was killed and freed. A ModalCoordinator or
  /// AdaptiveCoordinator holds its host weakly through an implicitly unwrapped optional
  /// (`ModalCoordinator.swift:4-9`, `AdaptiveCoordinator.swift:4-9`), so reading its
  /// `navigation` then traps; a NavigationCoordinator holds its host strongly
  /// (`NavigationCoordinator.swift:4`), which keeps the killed host alive.
  public var hostFreed = false
  /// Started by the window coordinator: its `_finishImplementation` is the window host's,
  /// which is never cleared (`WindowHost.swift:24-28`, `60-64`), with the completion block
  /// it calls, and whether that block ran already.
  public var isWindowChild = false
  public var windowCompletion: Int?
  public var windowResultDelivered = false
  public var wasOnScreen = false
  public var locals: LocalValues
  public var isAlive = true

  /// A blank to unpack into.
  public init() { self.init(declaration: 0, retainsViewController: false, locals: LocalValues()) }

  public init(declaration: Int, retainsViewController: Bool, locals: LocalValues) {
    self.declaration = declaration
    self.retainsViewController = retainsViewController
    self.locals = locals
  }

  @inline(__always) public var parent: CoordinatorID? { nil }
  @inline(__always) public var children: IDList { IDList() }
  /// No container of its own: -1.
  @inline(__always) public var root: ObjectID { -1 }

  @inline(__always) public var heldObjects: IDList {
    guard retainsViewController, let viewController else { return IDList() }
    return [viewController]
  }

  /// What it stores beside what every coordinator has.
  @inline(__always) public mutating func fields(_ fields: inout some FieldVisitor) {
    fields.flag(&retainsViewController)
    fields.flag(&canFinish)
    fields.flag(&onCurrentHost)
    fields.flag(&hostFreed)
    fields.flag(&isWindowChild)
    fields.flag(&windowResultDelivered)
    fields.number(&windowCompletion)
    fields.object(&viewController)
  }
}
