import FlowLanguage

/// The `onDismissed` closure a router keeps for a view controller: the wrapper that
/// `presentChild(_:animated:onDismissed:)` builds, `{ [weak self, weak child] in
/// self.removeChild(child); onDismissed?() }`. Its weak `child` is the coordinator whose
/// router keeps it, so only the parent is stored.
public struct OnDismissedClosure: Hashable, Sendable, BitwiseCopyable {
  /// The wrapper's weak `self`: the coordinator that presented the child; nil once freed.
  public var parent: CoordinatorID?
  /// The flow's `onDismissed { … }` block (`CheckedFlow.libraryBlocks`), if any.
  public var block: Int?
  /// The `animated:` the parent passed to `presentChild`, which the child's `present`
  /// hands to the router with this closure.
  public var animated: Bool
}

/// One live coordinator object of the Router pattern (Design Patterns by Tutorials,
/// "Coordinator Pattern"), with the router it was given.
///
/// The coordinator has strong `children` (an array, removed by identity), a `router`, no
/// parent pointer and no start or stop of its own. The router is made for it by its parent
/// and held only by it, so its state is kept here: the navigation controller it owns or was
/// given, the `parentViewController` of a ModalNavigationRouter, the `routerRootController`
/// of a NavigationRouter, and its `onDismissForViewController` map. The map can hold one
/// entry: a router stores a closure only when `present` is passed one, which only the
/// coordinator's own `present(animated:onDismissed:)` does, once.
public struct RouterCoordinator: CoordinatorState {
  public var declaration: Int
  /// `children`, in the array's order.
  public var children: IDList
  /// The router's navigation controller (owned by a ModalNavigationRouter, the parent's for
  /// a NavigationRouter); -1 for an AppDelegateRouter, which holds the window.
  public var root: ObjectID
  /// ModalNavigationRouter's `unowned let parentViewController`: not held.
  public var parentScreen: ObjectID?
  /// NavigationRouter's `routerRootController`: the navigation controller's first view
  /// controller when the router was made, held strongly.
  public var routerRoot: ObjectID?
  /// The key of the one entry of `onDismissForViewController`, held strongly.
  public var closureKey: ObjectID?
  /// Its closure.
  public var closure: OnDismissedClosure?
  /// The closure `present(animated:onDismissed:)` was called with, while that method runs:
  /// the first `present` of the coordinator's `start` hands it to the router. Always nil
  /// between steps.
  var presentingWith: OnDismissedClosure?
  /// The screen whose delegate call the coordinator is handling, while the handler runs
  /// (the `viewController` argument a ModalNavigationRouter is made over). Always nil
  /// between steps.
  var handlingScreen: ObjectID?
  public var wasOnScreen: Bool
  public var locals: LocalValues
  public var isAlive = true

  public init(declaration: Int, root: ObjectID, locals: LocalValues) {
    self.declaration = declaration
    self.children = IDList()
    self.root = root
    self.wasOnScreen = false
    self.locals = locals
  }

  /// The pattern keeps no parent pointer.
  @inline(__always) public var parent: CoordinatorID? { nil }

  /// The router's `routerRootController` and the key of its closure map.
  @inline(__always) public var heldObjects: IDList {
    var held = IDList()
    if let routerRoot { held.append(routerRoot) }
    if let closureKey { held.append(closureKey) }
    return held
  }

  @inline(__always) public mutating func forgetFreed(_ isFreed: (CoordinatorID) -> Bool) {
    if let parent = closure?.parent, isFreed(parent) { closure?.parent = nil }
  }

  @inline(__always) public mutating func renumber(
    objects: (ObjectID) -> ObjectID?, coordinators: (CoordinatorID) -> CoordinatorID?
  ) {
    children.renumber(coordinators)
    if root >= 0 { root = objects(root) ?? -1 }
    parentScreen = parentScreen.flatMap(objects)
    routerRoot = routerRoot.flatMap(objects)
    closureKey = closureKey.flatMap(objects)
    if let parent = closure?.parent { closure?.parent = coordinators(parent) }
  }

  @inline(__always) public var packedWordBound: Int { 12 + IDList.capacity + locals.count }

  /// The declaration; a word of flags and of which parts follow; then those parts: the
  /// children still kept, the root, the parent screen, the router's root, the closure's key,
  /// parent and block, the locals.
  @inline(__always) public static func pack(
    _ c: UnsafePointer<RouterCoordinator>, into out: inout PackedWriter, wasOnScreen: Bool,
    objects: Renumbering, coordinators: Renumbering
  ) {
    var keptChildren = 0
    for child in c.pointee.children where coordinators.map[child] >= 0 { keptChildren += 1 }
    let closure = c.pointee.closure
    out.put(c.pointee.declaration)
    out.put(
      (wasOnScreen ? 1 : 0) | (keptChildren > 0 ? 2 : 0) | (closure != nil ? 4 : 0)
        | (closure?.animated == true ? 8 : 0) | (c.pointee.locals.count > 0 ? 16 : 0))
    if keptChildren > 0 { out.put(c.pointee.children, coordinators) }
    out.put(link: c.pointee.root >= 0 ? c.pointee.root : nil, objects)
    out.put(link: c.pointee.parentScreen, objects)
    out.put(link: c.pointee.routerRoot, objects)
    out.put(link: c.pointee.closureKey, objects)
    if let closure {
      out.put(link: closure.parent, coordinators)
      out.put((closure.block ?? -1) + 1)
    }
    if c.pointee.locals.count > 0 {
      out.put(c.pointee.locals.count)
      for value in c.pointee.locals { out.put(value) }
    }
  }

  @inline(__always) public static func unpack(from input: inout PackedReader) -> RouterCoordinator {
    let declaration = input.take()
    let parts = input.take()
    let children = parts & 2 != 0 ? input.list() : IDList()
    let root = input.optional() ?? -1
    var instance = RouterCoordinator(declaration: declaration, root: root, locals: LocalValues())
    instance.children = children
    instance.parentScreen = input.optional()
    instance.routerRoot = input.optional()
    instance.closureKey = input.optional()
    if parts & 4 != 0 {
      let parent = input.optional()
      let block = input.optional()
      instance.closure = OnDismissedClosure(parent: parent, block: block, animated: parts & 8 != 0)
    }
    instance.wasOnScreen = parts & 1 != 0
    if parts & 16 != 0 {
      let localCount = input.take()
      for _ in 0..<localCount { instance.locals.append(input.signed()) }
    }
    return instance
  }
}
