// UINavigationController's programmatic API.
//
// Every change of the top view controller is reported as `navigationWillShow`, then the
// removals of the controllers that left the stack (top first), then `navigationDidShow`,
// whose transition context exists only when animated. A push or set onto an empty stack is
// never animated: UIKit has nothing to animate from.

extension World {
  /// `pushViewController(_:animated:)`.
  ///
  /// Hard rules: pushing a navigation or tab bar controller, a controller already in this
  /// stack, or one that has a parent elsewhere.
  public mutating func push(
    _ vc: ObjectID, on nav: ObjectID, animated: Bool, effects: inout WorldEffects
  ) {
    requireNavigationController(nav, "push")
    if let rule = unpushableKind(vc) {
      effects.breakRule(
        rule, "push '#\(vc)' onto '#\(nav)': a container cannot be pushed", objects: [vc, nav])
      return
    }
    if objects[nav].children.contains(vc) {
      effects.breakRule(
        .pushSameController, "push '#\(vc)' onto '#\(nav)': it is already in the stack",
        objects: [vc, nav])
      return
    }
    if let place = currentPlace(of: vc) {
      effects.breakRule(
        .alreadyHasParent, "push '#\(vc)' onto '#\(nav)': \(describePlace(of: vc))",
        objects: [vc, place, nav])
      return
    }
    let oldTop = objects[nav].children.last
    objects[nav].children.append(vc)
    objects[vc].container = nav
    reportTopChange(
      of: nav, from: oldTop, animated: animated, interactive: false, removed: [], emitRemovals: false,
      effects: &effects)
  }

  /// `popViewController(animated:)`. Soft rule: popping the root (or an empty stack) does
  /// nothing.
  public mutating func pop(_ nav: ObjectID, animated: Bool, effects: inout WorldEffects) {
    requireNavigationController(nav, "pop")
    let count = objects[nav].children.count
    guard count >= 2 else {
      effects.breakRule(
        .popRoot, "pop '#\(nav)': the stack has \(count) view controller\(count == 1 ? "" : "s")",
        objects: [nav])
      return
    }
    truncateStack(of: nav, to: count - 1, animated: animated, interactive: false, effects: &effects)
  }

  /// `popToViewController(_:animated:)`. Hard rule: the target must be in the stack.
  /// Popping to the current top returns an empty array in UIKit: no change, no rule broken.
  public mutating func popTo(
    _ vc: ObjectID, in nav: ObjectID, animated: Bool, effects: inout WorldEffects
  ) {
    requireNavigationController(nav, "popTo")
    guard let index = objects[nav].children.firstIndex(of: vc) else {
      effects.breakRule(
        .popToMissingController, "pop '#\(nav)' to '#\(vc)': it is not in the stack", objects: [vc, nav])
      return
    }
    guard index < objects[nav].children.count - 1 else { return }
    truncateStack(of: nav, to: index + 1, animated: animated, interactive: false, effects: &effects)
  }

  /// `popToRootViewController(animated:)`. With one controller (or none) it does nothing,
  /// like `popTo` the current top: no rule broken.
  public mutating func popToRoot(_ nav: ObjectID, animated: Bool, effects: inout WorldEffects) {
    requireNavigationController(nav, "popToRoot")
    guard objects[nav].children.count >= 2 else { return }
    truncateStack(of: nav, to: 1, animated: animated, interactive: false, effects: &effects)
  }

  /// `setViewControllers(_:animated:)`. Will/didShow only when the top changes; controllers
  /// dropped from the stack leave the hierarchy. An empty list leaves an empty stack.
  ///
  /// Hard rules: duplicates, navigation or tab bar controllers in the list, or a controller
  /// with a parent other than this navigation controller.
  public mutating func setViewControllers(
    _ list: IDList, of nav: ObjectID, animated: Bool, effects: inout WorldEffects
  ) {
    requireNavigationController(nav, "setViewControllers")
    // Ids below 64 are remembered in a mask; the rare larger ones are searched for.
    var seen: UInt64 = 0
    for index in 0..<list.count {
      let vc = list.id(unchecked: index)
      let bit: UInt64 = vc < 64 ? 1 << UInt64(vc) : 0
      if bit != 0 ? seen & bit != 0 : list.contains(vc, before: index) {
        effects.breakRule(
          .duplicateViewControllers, "set the stack of '#\(nav)': '#\(vc)' appears twice",
          objects: [vc, nav])
        return
      }
      if let rule = unpushableKind(vc) {
        effects.breakRule(
          rule, "set the stack of '#\(nav)': '#\(vc)' is a container", objects: [vc, nav])
        return
      }
      if objects[vc].container != nav, let place = currentPlace(of: vc) {
        effects.breakRule(
          .alreadyHasParent, "set the stack of '#\(nav)' with '#\(vc)': \(describePlace(of: vc))",
          objects: [vc, place, nav])
        return
      }
      seen |= bit
    }
    let inHierarchy = isInWindowHierarchy(nav)
    let isKept = { (id: ObjectID) in id < 64 ? seen & 1 << UInt64(id) != 0 : list.contains(id) }
    var removed = IDList()
    if inHierarchy && effects.observes(.removedFromHierarchy) {
      removed = objects[nav].children.reversedSuffix(from: 0)
      removed.renumber { isKept($0) ? nil : $0 }
    }
    let oldTop = objects.replaceChildren(of: nav, with: list, keeping: isKept)
    reportTopChange(
      of: nav, from: oldTop, animated: animated, interactive: false, removed: removed,
      emitRemovals: inHierarchy, effects: &effects)
  }

  // MARK: Mechanics shared with gestures

  /// The hard rule pushing `vc` breaks because of its kind, if any.
  func unpushableKind(_ vc: ObjectID) -> UIKitRule? {
    switch objects[vc].kind {
    case .screen: nil
    case .navigationController: .pushNavigationController
    case .tabBarController: .pushTabBarController
    }
  }

  /// Pops `nav` down to its first `count` controllers and reports the change.
  mutating func truncateStack(
    of nav: ObjectID, to count: Int, animated: Bool, interactive: Bool, effects: inout WorldEffects
  ) {
    let inHierarchy = isInWindowHierarchy(nav)
    let removed =
      inHierarchy && effects.observes(.removedFromHierarchy)
      ? objects[nav].children.reversedSuffix(from: count) : IDList()
    let oldTop = objects.truncateChildren(of: nav, to: count)
    reportTopChange(
      of: nav, from: oldTop, animated: animated, interactive: interactive, removed: removed,
      emitRemovals: inHierarchy, effects: &effects)
  }

  /// Emits will/didShow when the top of `nav` changed from `oldTop`, with the removals of
  /// `removed` (already top first) in between; only the removals when the top is unchanged
  /// or the stack is now empty. Callers leave `removed` empty when `effects` drops removals
  /// (`WorldEffects.observed`).
  func reportTopChange(
    of nav: ObjectID, from oldTop: ObjectID?, animated: Bool, interactive: Bool,
    removed: IDList, emitRemovals: Bool, effects: inout WorldEffects
  ) {
    let newTop = objects[nav].children.last
    guard let shown = newTop, shown != oldTop else {
      if emitRemovals { for vc in removed { emitRemoval(of: vc, into: &effects) } }
      return
    }
    let from = animated ? oldTop : nil
    let isAnimated = from != nil
    effects.emit(.navigationWillShow(nav: nav, shown: shown, animated: isAnimated))
    if emitRemovals { for vc in removed { emitRemoval(of: vc, into: &effects) } }
    let transition = from.map { TransitionContext(from: $0, to: shown, isInteractive: interactive) }
    effects.emit(.navigationDidShow(nav: nav, shown: shown, animated: isAnimated, transition: transition))
  }
}
