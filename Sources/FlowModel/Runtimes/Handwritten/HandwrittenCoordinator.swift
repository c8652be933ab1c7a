import FlowLanguage

/// The closure a parent gives the navigation controller it presents a child in, run once
/// from that controller's `viewDidDisappear` (Firefox's `DismissableNavigationViewController
/// .onViewDismissed`, set in `BrowserCoordinator.handleSettings`): `{ [weak self] in … }`,
/// which also keeps the child alive, since it names it.
public struct DisappearHook: Hashable, Sendable, BitwiseCopyable {
  /// The closure's weak `self`: the coordinator that presented the child; nil once freed.
  public var parent: CoordinatorID?
  /// The flow's `onDismissed { … }` block (`CheckedFlow.libraryBlocks`).
  public var block: Int
}

extension DisappearHook: FieldGroup {
  public init() { self.init(parent: nil, block: 0) }

  public mutating func fields(_ fields: inout some FieldVisitor) {
    fields.coordinator(&parent, .weak)
    fields.number(&block)
  }
}

/// One live coordinator object of a team's own coordinator code: the base class most apps
/// write (Firefox for iOS `BaseCoordinator` with `DefaultRouter`; Element iOS `Coordinator`
/// with `NavigationRouter`).
///
/// It holds its children strongly in an array (added by `append`, removed by identity), its
/// parent weakly (the typed `weak var parentCoordinator` each Firefox coordinator declares),
/// and a router on a navigation controller: its own, or its parent's when it is made with
/// the parent's router. The router keeps one completion per view controller pushed with one
/// (`completions: [UIViewController: () -> Void]`); each completion is kept here, with the
/// coordinator that passed it, since it captures that coordinator weakly (`[weak self]`) and
/// does nothing once the coordinator is gone.
public struct HandwrittenCoordinator: ScreenDelegateCoordinator {
  public var declaration: Int
  /// `childCoordinators`, in the array's order.
  public var children: IDList
  /// `weak var parentCoordinator`: set when the parent adds it, never cleared by the base.
  public var parentLink: CoordinatorID?
  /// The router's navigation controller: made for it (`root window`, `root presented`) or its
  /// parent's (`root parent`, made with the parent's router).
  public var root: ObjectID
  /// The view controllers whose completion it passed to `router.push`, held by the router's
  /// map as keys, in the order pushed.
  public var completionScreens: IDList
  /// The flow's block of each of them (`CheckedFlow.libraryBlocks`), in the same order.
  public var completionBlocks: LocalValues
  /// The `onViewDismissed` closure its parent set on its navigation controller, until it runs.
  public var hook: DisappearHook?
  /// The screen that keeps it through a bridge presenter (`bridge C`), not held by it.
  public var keptByScreen: ObjectID?
  /// Whether the flow presents it again (`presentAgain C`): its parent keeps it on purpose.
  public var isKept = false
  /// The screen whose delegate call the coordinator is handling, while the handler runs.
  /// Always nil between steps.
  var handlingScreen: ObjectID?
  /// Whether it is running an `onViewDismissed` closure it set. Always false between steps.
  var runsDisappearHook = false
  /// The child whose delegate call (`send m`) it is handling, while the handler runs: the
  /// `from:` argument `stopChild` removes by identity. Always nil between steps.
  var messageSender: CoordinatorID?
  public var wasOnScreen: Bool
  public var locals: LocalValues
  public var isAlive = true

  /// A blank to unpack into.
  public init() { self.init(declaration: 0, root: -1, locals: LocalValues()) }

  public init(declaration: Int, root: ObjectID, locals: LocalValues) {
    self.declaration = declaration
    self.children = IDList()
    self.root = root
    self.completionScreens = IDList()
    self.completionBlocks = LocalValues()
    self.wasOnScreen = false
    self.locals = locals
  }

  @inline(__always) public var parent: CoordinatorID? { parentLink }

  /// The router's map keys, and the navigation controller the router holds.
  @inline(__always) public var heldObjects: IDList {
    var held = completionScreens
    if root >= 0 { held.append(root) }
    return held
  }

  /// The completion kept for `vc`, if any: its index in `completionScreens`.
  func completionIndex(of vc: ObjectID) -> Int? { completionScreens.firstIndex(of: vc) }

  /// Removes the completion at `index`, keeping the others in order.
  mutating func removeCompletion(at index: Int) {
    completionScreens.remove(at: index)
    var blocks = Array(completionBlocks)
    blocks.remove(at: index)
    completionBlocks = LocalValues(blocks)
  }

  @inline(__always) public mutating func fields(_ fields: inout some FieldVisitor) {
    fields.coordinators(&children)
    fields.coordinator(&parentLink, .weak)
    fields.object(&root)
    fields.objects(&completionScreens)
    fields.values(&completionBlocks)
    fields.group(&hook)
    fields.object(&keptByScreen)
    fields.flag(&isKept)
  }
}
