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
  /// itself. Soft rules (nothing happens): the presenter is not in the window hierarchy, or
  /// it already presents something.
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
    if let current = objects[root].presented {
      effects.breakRule(
        .presentWhileAlreadyPresenting,
        "present '#\(vc)' from '#\(presenter)': '#\(root)' already presents '#\(current)'",
        objects: [vc, root, presenter, current])
      return
    }
    objects[root].presented = vc
    objects[vc].presenting = root
  }

  /// `dismiss(animated:completion:)` called on `vc`.
  ///
  /// Let `p` be the presentation root of `vc`. If `p` presents something, that controller and
  /// everything above it are removed. Otherwise, if `p` is presented, UIKit forwards to its
  /// presenter: `p` and everything above it are removed (`dismiss` docs: "If you call this
  /// method on the presented view controller itself, UIKit asks the presenting view
  /// controller to handle the dismissal"). Otherwise nothing happens (soft rule).
  public mutating func dismiss(from vc: ObjectID, animated: Bool, effects: inout WorldEffects) {
    let root = presentationRoot(of: vc)
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
    let inHierarchy = isInWindowHierarchy(first)
    tearDownModalChain(from: first, emit: inHierarchy, effects: &effects)
  }
}
