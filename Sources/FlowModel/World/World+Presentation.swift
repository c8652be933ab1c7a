// The window's root and the modal chain: `present`, `dismiss`, `rootViewController`.
//
// Only presentation roots (controllers without a container) present or are presented:
// UIKit forwards a presentation to the presentation context, which for full-screen and sheet
// styles is the root-most ancestor. Programmatic dismissal emits only `removedFromHierarchy`,
// never the presentation controller's will/didDismiss.

extension World {
  /// `UIWindow.rootViewController = vc`. Replacing the root tears down the old hierarchy:
  /// the old modal chain and the old root leave it (top of the chain first). Setting the
  /// current root again changes nothing.
  ///
  /// Hard rule: the new root must not be a child or presented elsewhere.
  public mutating func setWindowRoot(_ vc: ObjectID, effects: inout WorldEffects) {
    guard windowRoot != vc else { return }
    if objects[vc].container != nil || objects[vc].presenting != nil, let place = currentPlace(of: vc) {
      effects.breakRule(
        .windowRootHasParent, "make '#\(vc)' the window's root: \(describePlace(of: vc))",
        objects: [vc, place])
      return
    }
    if let old = windowRoot {
      tearDownModalChain(from: old, emit: true, effects: &effects)
    }
    windowRoot = vc
  }

  /// `present(_:animated:completion:)` called on `presenter`; the presentation root of
  /// `presenter` actually presents (and is what `presenting` points to).
  ///
  /// Hard rules: `vc` already presented; `vc` a child, the window's root or the presenter
  /// itself. Soft rules (nothing happens): the presenter is not in the window hierarchy, a
  /// presentation or dismissal is still animating, or it already presents something. Kept
  /// in flight, an animated presentation sets `presentedViewController` at once (as UIKit
  /// does) and animates until `Gesture.animationEnds`.
  public mutating func present(
    _ vc: ObjectID, from presenter: ObjectID, animated: Bool, effects: inout WorldEffects
  ) {
    let root = presentationRoot(of: presenter)
    if let presentedBy = objects[vc].presenting {
      effects.breakRule(
        .presentAlreadyPresented,
        "present '#\(vc)' from '#\(presenter)': it is presented by '#\(presentedBy)'",
        objects: [vc, presentedBy])
      return
    }
    if objects[vc].container != nil || windowRoot == vc || vc == root {
      let why =
        vc == root && objects[vc].container == nil && windowRoot != vc
        ? "it is the presenter itself" : describePlace(of: vc)
      effects.breakRule(
        .presentActiveController, "present '#\(vc)' from '#\(presenter)': \(why)", objects: [vc])
      return
    }
    guard isInWindowHierarchy(root) else {
      effects.breakRule(
        .presentFromDetachedController,
        "present '#\(vc)' from '#\(presenter)': '#\(root)' is not in the window hierarchy",
        objects: [vc, root, presenter])
      return
    }
    if let moving = modalTransitionInFlight() {
      effects.breakRule(
        .presentWhileTransitionInProgress,
        "present '#\(vc)' from '#\(presenter)': the \(objects[moving].modalTransition == .presenting ? "presentation" : "dismissal") of '#\(moving)' is still animating",
        objects: [vc, root, presenter])
      return
    }
    if let current = objects[root].presented {
      effects.breakRule(
        .presentWhileAlreadyPresenting,
        "present '#\(vc)' from '#\(presenter)': '#\(root)' already presents '#\(current)'",
        objects: [vc, root, presenter, current])
      return
    }
    objects[root].presented = vc
    objects[vc].presenting = root
    if animated && effects.keepsModalTransitionsInFlight { objects[vc].modalTransition = .presenting }
  }

  /// `dismiss(animated:completion:)` called on `vc`.
  ///
  /// Let `p` be the presentation root of `vc`. If `p` presents something, that controller and
  /// everything above it are removed. Otherwise, if `p` is presented, UIKit forwards to its
  /// presenter: `p` and everything above it are removed (`dismiss` docs: "If you call this
  /// method on the presented view controller itself, UIKit asks the presenting view
  /// controller to handle the dismissal"). Otherwise nothing happens (soft rule).
  ///
  /// While a presentation or dismissal animates, UIKit ignores the call with a warning
  /// (soft rule). An animated dismissal kept in flight removes nothing yet: the chain from
  /// the dismissed controller up leaves when its animation ends.
  public mutating func dismiss(from vc: ObjectID, animated: Bool, effects: inout WorldEffects) {
    let root = presentationRoot(of: vc)
    if let moving = modalTransitionInFlight() {
      effects.breakRule(
        .dismissWhileTransitionInProgress,
        "dismiss from '#\(vc)': the \(objects[moving].modalTransition == .presenting ? "presentation" : "dismissal") of '#\(moving)' is still animating",
        objects: [vc])
      return
    }
    let first: ObjectID
    if let presented = objects[root].presented {
      first = presented
    } else if objects[root].presenting != nil {
      first = root
    } else {
      effects.breakRule(
        .dismissNothing, "dismiss from '#\(vc)': '#\(root)' presents nothing and is not presented",
        objects: [vc])
      return
    }
    if animated && effects.keepsModalTransitionsInFlight {
      objects[first].modalTransition = .dismissing
      return
    }
    let inHierarchy = isInWindowHierarchy(first)
    tearDownModalChain(from: first, emit: inHierarchy, effects: &effects)
  }

  /// The controller of the modal chain whose presentation or dismissal is animating, if any
  /// (at most one: a second one is refused while it animates).
  public func modalTransitionInFlight() -> ObjectID? {
    var next = windowRoot
    while let current = next {
      if objects[current].modalTransition != nil { return current }
      next = objects[current].presented
    }
    return nil
  }

  /// Whether `vc` is leaving the screen with an animated dismissal still in flight: it is,
  /// or is inside, the dismissed controller or one it presents. UIKit keeps it in the
  /// hierarchy and on screen until the animation ends, but nothing can keep it there: it is
  /// on its way out, whatever its coordinator does meanwhile.
  public func isAnimatingAway(_ vc: ObjectID) -> Bool {
    var current: ObjectID? = presentationRoot(of: vc)
    while let id = current {
      if objects[id].modalTransition == .dismissing { return true }
      current = objects[id].presenting
    }
    return false
  }

  /// The end of the animation of `vc`'s modal transition: a presentation is over; a
  /// dismissal removes `vc` and everything above it, as `dismiss` does at once when not
  /// kept in flight.
  mutating func endModalTransition(of vc: ObjectID, effects: inout WorldEffects) {
    guard let transition = objects[vc].modalTransition else {
      preconditionFailure("no modal transition of '#\(vc)' is in flight")
    }
    objects[vc].modalTransition = nil
    if transition == .dismissing {
      tearDownModalChain(from: vc, emit: isInWindowHierarchy(vc), effects: &effects)
    }
  }
}
