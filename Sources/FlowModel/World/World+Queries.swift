extension World {
  /// The outermost container ancestor of `vc` (`vc` itself when it has no container): the
  /// controller that actually presents or is presented for it.
  ///
  /// UIKit walks up to the presentation context; for full-screen and sheet styles that is
  /// the root-most ancestor (`definesPresentationContext` docs).
  public func presentationRoot(of vc: ObjectID) -> ObjectID {
    var current = vc
    while let container = objects[current].container { current = container }
    return current
  }

  /// True when `vc` is reachable from the window: its presentation root is the window's root
  /// or is presented, along the chain, by it. Controllers below the top of a stack and in
  /// unselected tabs are in the hierarchy (they are children), though not visible.
  public func isInWindowHierarchy(_ vc: ObjectID) -> Bool {
    guard let root = windowRoot else { return false }
    var current = presentationRoot(of: vc)
    while true {
      if current == root { return true }
      guard let presenter = objects[current].presenting else { return false }
      current = presenter
    }
  }

  /// The window's root, then each presented controller in order (`presentedViewController`
  /// of the previous one). Empty when the window has no root.
  public func modalChain() -> [ObjectID] {
    var chain: [ObjectID] = []
    var next = windowRoot
    while let current = next {
      chain.append(current)
      next = objects[current].presented
    }
    return chain
  }

  /// The last of `modalChain()`, and how many controllers are presented below it (the
  /// chain's length minus one), without building the chain: these run on every step.
  func modalTop() -> (top: ObjectID, presentedCount: Int)? {
    guard var current = windowRoot else { return nil }
    var presentedCount = 0
    while let presented = objects[current].presented {
      current = presented
      presentedCount += 1
    }
    return (current, presentedCount)
  }

  /// The level of the modal chain the user sees and touches: its top, or, while the top's
  /// presentation is still animating in, the level it covers (the user's taps during the
  /// animation land there: a double tap presents twice).
  func touchableModalTop() -> ObjectID? {
    guard let top = modalTop()?.top else { return nil }
    if objects[top].modalTransition == .presenting, let covered = objects[top].presenting { return covered }
    return top
  }

  /// The controllers the user sees, outermost first: the top of the modal chain, then into
  /// the top of each navigation stack and the selected tab of each tab bar controller.
  /// Empty when the window has no root.
  /// An array, not an `IDList`: nested containers can go deeper than 31 within one step.
  public func visiblePath() -> [ObjectID] {
    guard let top = touchableModalTop() else { return [] }
    var path = [top]
    var current = top
    while let child = visibleChild(of: current) {
      path.append(child)
      current = child
    }
    return path
  }

  /// The child a container shows: a navigation controller's top, a tab bar's selected tab.
  func visibleChild(of id: ObjectID) -> ObjectID? {
    let object = objects[id]
    switch object.kind {
    case .screen: return nil
    case .navigationController:
      // While a push animates in, the user still sees and touches the controller it covers
      // (a fast second tap on a button that pushes pushes again: corona-warn-app/cwa-app-ios
      // PR #4660 "Fast double tap should not push VC … twice", wordpress-mobile/
      // WordPressAuthenticator-iOS#453 "Tapping twice … pushed the next VC twice").
      if object.navigationTransitionFrom != nil, isPushInFlight(id) {
        return object.children[object.children.count - 2]
      }
      return object.children.last
    case .tabBarController:
      return object.children.indices.contains(object.selectedIndex)
        ? object.children[object.selectedIndex] : nil
    }
  }

  /// The controller the user can touch: the end of `visiblePath()`. A container only when it
  /// shows nothing (an empty stack, a tab bar without tabs); nil when the window is empty.
  public func visibleTop() -> ObjectID? {
    guard var current = touchableModalTop() else { return nil }
    while let child = visibleChild(of: current) { current = child }
    return current
  }

  /// `navigationController`: the nearest navigation controller among `vc`'s containers.
  public func navigationController(of vc: ObjectID) -> ObjectID? {
    container(of: vc) { $0.isNavigationController }
  }

  /// `tabBarController`: the nearest tab bar controller among `vc`'s containers.
  public func tabBarController(of vc: ObjectID) -> ObjectID? {
    container(of: vc) { $0.isTabBarController }
  }

  /// The nearest of `vc`'s containers that `matches`.
  private func container(of vc: ObjectID, where matches: (UIKitObject) -> Bool) -> ObjectID? {
    var next = objects[vc].container
    while let current = next {
      if matches(objects[current]) { return current }
      next = objects[current].container
    }
    return nil
  }

  /// `topViewController`: the last of the stack, nil for an empty stack.
  public func topViewController(of nav: ObjectID) -> ObjectID? {
    objects[nav].children.last
  }

  /// True when a sheet showing `vc` refuses the swipe-down: its own `isModalInPresentation`,
  /// or for a container that of the child it shows (UIKit consults the visible content).
  public func isModalInPresentationEffective(_ vc: ObjectID) -> Bool {
    var current: ObjectID? = vc
    while let id = current {
      if objects[id].modalInPresentation { return true }
      current = visibleChild(of: id)
    }
    return false
  }

  /// Every controller in the window hierarchy in a fixed order: each level of the modal
  /// chain from the window's root up, and within it the controller then its children
  /// (first to last), depth first. A fixed order, for tests and printing.
  public func objectsInHierarchy() -> [ObjectID] {
    var result: [ObjectID] = []
    func visit(_ id: ObjectID) {
      result.append(id)
      for child in objects[id].children { visit(child) }
    }
    for level in modalChain() { visit(level) }
    return result
  }
}
