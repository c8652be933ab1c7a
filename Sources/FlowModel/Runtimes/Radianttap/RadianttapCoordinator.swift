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

  @inline(__always) public mutating func forgetFreed(_ isFreed: (CoordinatorID) -> Bool) {
    if let parent, isFreed(parent) { self.parent = nil }
  }

  @inline(__always) public mutating func renumber(
    objects: (ObjectID) -> ObjectID?, coordinators: (CoordinatorID) -> CoordinatorID?
  ) {
    parent = parent.flatMap(coordinators)
    children.renumber(coordinators)
    root = objects(root)!
    shadow.renumber(objects)
  }

  @inline(__always) public var packedWordBound: Int { 8 + 2 * IDList.capacity + locals.count }

  /// The declaration; one word of flags and of which parts follow; then only those parts:
  /// the parent, the children still kept, the root, the shadow stack, the locals.
  @inline(__always) public static func pack(
    _ c: UnsafePointer<RadianttapCoordinator>, into out: inout PackedWriter, wasOnScreen: Bool,
    objects: Renumbering, coordinators: Renumbering
  ) {
    let parent = coordinators.map[c.pointee.parent ?? -1]
    var keptChildren = 0
    for child in c.pointee.children where coordinators.map[child] >= 0 { keptChildren += 1 }
    out.put(c.pointee.declaration)
    out.put(
      (c.pointee.isStarted ? 1 : 0) | (wasOnScreen ? 2 : 0) | (min(c.pointee.finishNotices, 3) << 2)
        | (parent >= 0 ? 16 : 0) | (keptChildren > 0 ? 32 : 0) | (c.pointee.shadow.isEmpty ? 0 : 64)
        | (c.pointee.locals.count > 0 ? 128 : 0))
    if parent >= 0 { out.put(parent) }
    if keptChildren > 0 { out.put(c.pointee.children, coordinators) }
    out.put(objects.map[c.pointee.root])
    if !c.pointee.shadow.isEmpty { out.put(c.pointee.shadow, objects) }
    if c.pointee.locals.count > 0 {
      out.put(c.pointee.locals.count)
      for value in c.pointee.locals { out.put(value) }
    }
  }

  @inline(__always) public static func unpack(from input: inout PackedReader) -> RadianttapCoordinator {
    let declaration = input.take()
    let parts = input.take()
    let parent = parts & 16 != 0 ? input.take() : nil
    let children = parts & 32 != 0 ? input.list() : IDList()
    let root = input.take()
    var instance = RadianttapCoordinator(declaration: declaration, root: root, locals: LocalValues())
    instance.parent = parent
    instance.children = children
    if parts & 64 != 0 { instance.shadow = input.list() }
    instance.isStarted = parts & 1 != 0
    instance.wasOnScreen = parts & 2 != 0
    instance.finishNotices = (parts >> 2) & 3
    if parts & 128 != 0 {
      let localCount = input.take()
      for _ in 0..<localCount { instance.locals.append(input.signed()) }
    }
    return instance
  }
}
