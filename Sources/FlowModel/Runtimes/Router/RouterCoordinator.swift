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
public struct RouterCoordinator: ScreenDelegateCoordinator {
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

  /// A blank to unpack into.
  public init() { self.init(declaration: 0, root: -1, locals: LocalValues()) }

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

  /// What it stores beside what every coordinator has; `presentingWith` and
  /// `handlingScreen` are nil between steps, so not stored.
  @inline(__always) public mutating func fields(_ fields: inout some FieldVisitor) {
    fields.coordinators(&children)
    fields.object(&root)
    fields.object(&parentScreen)
    fields.object(&routerRoot)
    fields.object(&closureKey)
    fields.group(&closure)
  }
}

extension OnDismissedClosure: FieldGroup {
  public init() { self.init(parent: nil, block: nil, animated: false) }

  /// The wrapper's weak `self`, the flow's block, the `animated:` it passes on.
  public mutating func fields(_ fields: inout some FieldVisitor) {
    fields.coordinator(&parent, .weak)
    fields.number(&block)
    fields.flag(&animated)
  }
}
