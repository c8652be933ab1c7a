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
  /// or replaced: a start from it then does nothing).
  public var onCurrentHost = false
  public var wasOnScreen = false
  public var locals: LocalValues
  public var isAlive = true

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

  @inline(__always) public mutating func forgetFreed(_ isFreed: (CoordinatorID) -> Bool) {}

  @inline(__always) public mutating func renumber(
    objects: (ObjectID) -> ObjectID?, coordinators: (CoordinatorID) -> CoordinatorID?
  ) {
    viewController = viewController.flatMap(objects)
  }

  @inline(__always) public var packedWordBound: Int { 5 + locals.count }

  /// The declaration; a word of flags; the view controller; the locals.
  @inline(__always) public static func pack(
    _ c: UnsafePointer<InsecurityCoordinator>, into out: inout PackedWriter, wasOnScreen: Bool,
    objects: Renumbering, coordinators: Renumbering
  ) {
    out.put(c.pointee.declaration)
    out.put(
      (wasOnScreen ? 1 : 0) | (c.pointee.retainsViewController ? 2 : 0) | (c.pointee.canFinish ? 4 : 0)
        | (c.pointee.onCurrentHost ? 8 : 0))
    out.put(link: c.pointee.viewController, objects)
    out.put(c.pointee.locals.count)
    for value in c.pointee.locals { out.put(value) }
  }

  @inline(__always) public static func unpack(from input: inout PackedReader) -> InsecurityCoordinator {
    let declaration = input.take()
    let flags = input.take()
    var instance = InsecurityCoordinator(
      declaration: declaration, retainsViewController: flags & 2 != 0, locals: LocalValues())
    instance.wasOnScreen = flags & 1 != 0
    instance.canFinish = flags & 4 != 0
    instance.onCurrentHost = flags & 8 != 0
    instance.viewController = input.optional()
    let localCount = input.take()
    for _ in 0..<localCount { instance.locals.append(input.signed()) }
    return instance
  }
}
