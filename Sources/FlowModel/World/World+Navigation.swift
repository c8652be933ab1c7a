// UINavigationController's programmatic API.
//
// Every change of the top view controller is reported as `navigationWillShow`, then the
// removals of the controllers that left the stack (top first), then `navigationDidShow`,
// whose transition context exists only when animated. A push or set onto an empty stack is
// never animated: UIKit has nothing to animate from.
//
// Transitions in flight (`limits { inflight 1 }`, `WorldEffects.keepsNavigationTransitionsInFlight`):
// an animated, non-interactive change of the top of a stack in the window hierarchy updates
// `viewControllers` at once and sends `willShow`, then animates; `didShow` comes only when
// the animation ends (`Gesture.navigationAnimationEnds`). UINavigationController delivers
// `navigationController(_:didShow:animated:)` "after the navigation controller displays a
// view controller's view" (Apple's UINavigationControllerDelegate documentation), and
// react-native-screens PR #409 found that during a transition the stack and `didShow` are out
// of step. A push, pop or `setViewControllers` called while another one animates is not
// applied at once: UIKit defers it until the running transition ends ("When a view controller
// is pushed on a UINavigationController while another transition is in progress, the
// viewControllers property isn't updated synchronously", rdar://44091459,
// lionheart/openradar-mirror#20368, iOS 11.4; the deferred push does happen: both pushed
// controllers end in the stack, openradar-mirror#19278 "Several viewControllers pushed to
// stack" by clicking fast). The model keeps the deferred calls' net effect as the stack they
// leave (`World.deferredNavigations`); when the animation ends, `didShow` comes first, then
// the stack is set to it (`setViewControllers`, animated as the last deferred call), which
// starts the next transition. Meanwhile `viewControllers` keeps its value, as in UIKit.

extension World {
  /// `pushViewController(_:animated:)`.
  ///
  /// Hard rules: pushing a navigation or tab bar controller, a controller already in this
  /// stack, or one that has a parent elsewhere.
  public mutating func push(
    _ vc: ObjectID, on nav: ObjectID, animated: Bool, effects: inout WorldEffects
  ) {
    requireNavigationController(nav, "push")
    if var stack = deferredStack(of: nav) {
      if let rule = unpushableKind(vc) {
        effects.breakRule(
          rule, "push '#\(vc)' onto '#\(nav)': a container cannot be pushed", objects: [vc, nav])
        return
      }
      stack.append(vc)
      deferCall(leaving: stack, on: nav, animated: animated)
      return
    }
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
    if var stack = deferredStack(of: nav) {
      guard stack.count >= 2 else {
        effects.breakRule(
          .popRoot,
          "pop '#\(nav)' after the calls deferred by its transition: \(stack.count) view controller\(stack.count == 1 ? "" : "s") left",
          objects: [nav])
        return
      }
      stack.removeLast(1)
      deferCall(leaving: stack, on: nav, animated: animated)
      return
    }
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
    if var stack = deferredStack(of: nav) {
      guard let index = stack.firstIndex(of: vc) else {
        effects.breakRule(
          .popToMissingController,
          "pop '#\(nav)' to '#\(vc)': it is not in the stack once the deferred calls run",
          objects: [vc, nav])
        return
      }
      stack.removeLast(stack.count - index - 1)
      deferCall(leaving: stack, on: nav, animated: animated)
      return
    }
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
    if var stack = deferredStack(of: nav) {
      if stack.count >= 2 { stack.removeLast(stack.count - 1) }
      deferCall(leaving: stack, on: nav, animated: animated)
      return
    }
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
    if deferredStack(of: nav) != nil {
      deferCall(leaving: list, on: nav, animated: animated)
      return
    }
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
  mutating func reportTopChange(
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
    // Kept in flight: `didShow` waits for the end of the animation. An interactive pop
    // (the swipe) ends with the user's finger; a stack outside the window does not animate.
    if let from, !interactive, effects.keepsNavigationTransitionsInFlight, isInWindowHierarchy(nav) {
      objects[nav].navigationTransitionFrom = from
      touchInStep(nav)
      return
    }
    let transition = from.map { TransitionContext(from: $0, to: shown, isInteractive: interactive) }
    effects.emit(.navigationDidShow(nav: nav, shown: shown, animated: isAnimated, transition: transition))
  }

  // MARK: Navigation transitions in flight

  /// The navigation controllers in the window hierarchy whose push or pop is animating, by
  /// ascending id (the order `forEachGesture` offers their ends in).
  public func navigationTransitionsInFlight() -> [ObjectID] {
    objects.indices.filter { objects[$0].navigationTransitionFrom != nil && isInWindowHierarchy($0) }
  }

  /// True while the push of `nav`'s top animates in: its `from` is still in the stack, below
  /// the top, and the user's taps land on it (see `visibleChild(of:)`).
  func isPushInFlight(_ nav: ObjectID) -> Bool {
    guard let from = objects[nav].navigationTransitionFrom else { return false }
    let children = objects[nav].children
    return children.count >= 2 && children[children.count - 2] == from
  }

  /// The end of the animation of `nav`'s push or pop: `didShow` of the top it shows now,
  /// with the transition context from the top it left.
  mutating func endNavigationTransition(of nav: ObjectID, effects: inout WorldEffects) {
    guard let from = objects[nav].navigationTransitionFrom else {
      preconditionFailure("no navigation transition of '#\(nav)' is in flight")
    }
    objects[nav].navigationTransitionFrom = nil
    if let shown = objects[nav].children.last, shown != from {
      effects.emit(
        .navigationDidShow(
          nav: nav, shown: shown, animated: true,
          transition: TransitionContext(from: from, to: shown, isInteractive: false)))
    }
    runDeferredNavigation(of: nav, effects: &effects)
  }

  /// While `nav`'s push or pop animates, the stack its deferred calls leave so far (its
  /// `viewControllers` when none was made yet); nil when nothing animates.
  func deferredStack(of nav: ObjectID) -> IDList? {
    guard objects[nav].navigationTransitionFrom != nil else { return nil }
    return deferredNavigations.first { $0.nav == nav }?.stack ?? objects[nav].children
  }

  /// Records `stack` as what the calls deferred on `nav` leave. UIKit checks a deferred call
  /// when it runs: the model checks the stack then, as `setViewControllers` does.
  /// The first call an event defers on `nav` counts that event, unless the same event
  /// started the animation (`DeferredNavigation.events`).
  private mutating func deferCall(leaving stack: IDList, on nav: ObjectID, animated: Bool) {
    let newEvent = touchInStep(nav)
    if let index = deferredNavigations.firstIndex(where: { $0.nav == nav }) {
      deferredNavigations[index].stack.replace(with: stack)
      deferredNavigations[index].animated = animated
      if newEvent { deferredNavigations[index].events += 1 }
    } else {
      deferredNavigations.append(
        DeferredNavigation(nav: nav, stack: stack, animated: animated, events: newEvent ? 1 : 0))
    }
  }

  /// Notes that the current step started a transition of `nav` or deferred a call on it;
  /// true the first time in the step.
  @discardableResult
  private mutating func touchInStep(_ nav: ObjectID) -> Bool {
    guard !navigationsTouchedInStep.contains(nav) else { return false }
    navigationsTouchedInStep.append(nav)
    return true
  }

  /// Runs the calls deferred on `nav`, if any, once its transition has ended.
  mutating func runDeferredNavigation(of nav: ObjectID, effects: inout WorldEffects) {
    guard let index = deferredNavigations.firstIndex(where: { $0.nav == nav }) else { return }
    let deferred = deferredNavigations.remove(at: index)
    setViewControllers(deferred.stack, of: nav, animated: deferred.animated, effects: &effects)
  }
}
