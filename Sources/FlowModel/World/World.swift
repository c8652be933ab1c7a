import FlowLanguage

/// A value-type model of UIKit's view controller hierarchy, independent of any coordinator
/// library: the window's root, navigation stacks, tab bars and the modal chain.
///
/// Operations mirror UIKit's API. Each reports, through `WorldEffects`, the callbacks UIKit
/// delivers and the UIKit rules it broke; an operation that breaks a rule changes nothing.
/// Animated transitions complete within the operation, except, when the step asks for it
/// (`WorldEffects.keepsModalTransitionsInFlight`), an animated presentation or dismissal,
/// which stays in flight until its `Gesture.animationEnds`, and (`keepsNavigationTransitionsInFlight`)
/// an animated push or pop, whose `didShow` waits for its `Gesture.navigationAnimationEnds`.
/// Passing an id that is not in `objects`, or an object of the wrong kind (pushing onto a
/// screen), is a programming error in the runtime and traps.
public struct World: Hashable, Sendable {
  /// Every view controller created, indexed by `ObjectID`.
  public var objects: [UIKitObject] = []
  /// `UIWindow.rootViewController`.
  public var windowRoot: ObjectID?
  /// Navigation calls UIKit deferred because a push or pop of the same stack was animating
  /// (only with `limits { inflight 1 }`); empty otherwise. At most one entry per stack.
  public var deferredNavigations: [DeferredNavigation] = []
  /// The stacks whose push or pop the current step started, or whose deferred calls it has
  /// counted already (`DeferredNavigation.events`). Not part of a state: the step clears it
  /// when it starts (`FlowStep`), and packing leaves it out.
  public var navigationsTouchedInStep = IDList()

  public init() {}

  /// The object with this id.
  public subscript(_ id: ObjectID) -> UIKitObject {
    get { objects[id] }
    set { objects[id] = newValue }
  }

  // MARK: Creation

  /// Creates a content view controller for the flow's screen `screen`.
  public mutating func makeScreen(
    _ screen: Int, style: PresentationStyle, modalInPresentation: Bool
  ) -> ObjectID {
    make(UIKitObject(kind: .screen(screen), style: style, modalInPresentation: modalInPresentation))
  }

  /// Creates an empty `UINavigationController`.
  public mutating func makeNavigationController(
    style: PresentationStyle = .pageSheet, modalInPresentation: Bool = false
  ) -> ObjectID {
    make(UIKitObject(kind: .navigationController, style: style, modalInPresentation: modalInPresentation))
  }

  /// Creates a `UITabBarController` with no tabs.
  public mutating func makeTabBarController(
    style: PresentationStyle = .pageSheet, modalInPresentation: Bool = false
  ) -> ObjectID {
    make(UIKitObject(kind: .tabBarController, style: style, modalInPresentation: modalInPresentation))
  }

  private mutating func make(_ object: UIKitObject) -> ObjectID {
    objects.append(object)
    return objects.count - 1
  }

  // MARK: Shared mechanics

  func requireNavigationController(_ nav: ObjectID, _ operation: StaticString) {
    precondition(objects[nav].isNavigationController, "\(operation) needs a navigation controller")
  }

  func requireTabBarController(_ tabBar: ObjectID, _ operation: StaticString) {
    precondition(objects[tabBar].isTabBarController, "\(operation) needs a tab bar controller")
  }

  /// Where `vc` already sits, as UIKit would name its current parent: its container, its
  /// presenter, or itself when it is the window's root; nil when it is free.
  func currentPlace(of vc: ObjectID) -> ObjectID? {
    if let container = objects[vc].container { return container }
    if let presenting = objects[vc].presenting { return presenting }
    if windowRoot == vc { return vc }
    return nil
  }

  /// Words for `currentPlace(of:)` in a rule break's detail.
  func describePlace(of vc: ObjectID) -> String {
    if let container = objects[vc].container { return "it is already a child of '#\(container)'" }
    if let presenting = objects[vc].presenting { return "it is presented by '#\(presenting)'" }
    return "it is the window's root"
  }

  /// Emits `removedFromHierarchy` for `id` and everything it contains: the object first,
  /// then its children from the last (the top of a stack) to the first, depth first.
  func emitRemoval(of id: ObjectID, into effects: inout WorldEffects) {
    guard effects.observes(.removedFromHierarchy) else { return }
    effects.emit(.removedFromHierarchy(id))
    for child in objects[id].children.reversed() {
      emitRemoval(of: child, into: &effects)
    }
  }

  /// Removes the modal chain from `first` upwards: `first`, what it presents, and so on.
  /// Links are cleared on both ends; removals are emitted from the top of the chain down
  /// (when `emit`), each presented controller with its contents.
  mutating func tearDownModalChain(from first: ObjectID, emit: Bool, effects: inout WorldEffects) {
    // An inline list: a chain can grow past an `IDList`'s capacity within one step (the
    // `presented` bound is applied at the end of the step), and then it spills into an array.
    var chain = IDList()
    var longChain: [ObjectID] = []
    var next: ObjectID? = first
    while let current = next {
      if chain.count < IDList.capacity { chain.append(current) } else { longChain.append(current) }
      next = objects[current].presented
    }
    if let presenter = objects[first].presenting {
      objects[presenter].presented = nil
    }
    for id in chain { clearPresentationLinks(of: id) }
    for id in longChain { clearPresentationLinks(of: id) }
    if emit {
      for id in longChain.reversed() { emitRemoval(of: id, into: &effects) }
      for id in chain.reversed() { emitRemoval(of: id, into: &effects) }
    }
  }

  private mutating func clearPresentationLinks(of id: ObjectID) {
    objects[id].presenting = nil
    objects[id].presented = nil
    objects[id].modalTransition = nil
    // A stack that leaves the window stops animating (no `didShow` comes for it), and the
    // calls deferred on it are dropped.
    if objects[id].navigationTransitionFrom != nil {
      objects[id].navigationTransitionFrom = nil
      deferredNavigations.removeAll { $0.nav == id }
    }
  }
}

/// The navigation calls made on a stack while its push or pop animated, which UIKit runs when
/// the animation ends: their net effect, as the stack they leave, whether they animate, and
/// how many events made them (`limits { deferred N }` bounds these).
public struct DeferredNavigation: Hashable, Sendable, BitwiseCopyable {
  /// The navigation controller.
  public var nav: ObjectID
  /// `viewControllers` once the deferred calls have run.
  public var stack: IDList
  /// Whether the last deferred call animates.
  public var animated: Bool
  /// The events (taps, completions) whose calls wait behind the running animation, not
  /// counting the one that started it: 1 for a double tap's second push. The calls one
  /// handler makes count once.
  public var events: Int
  public init(nav: ObjectID, stack: IDList, animated: Bool, events: Int = 1) {
    self.nav = nav
    self.stack = stack
    self.animated = animated
    self.events = events
  }
}
