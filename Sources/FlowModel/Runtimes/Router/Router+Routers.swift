import FlowLanguage

// The three routers: AppDelegateRouter, ModalNavigationRouter (RayPets) and
// NavigationRouter (the chapter's playground), their gaps included. Closures run before
// the animation on `dismiss`, and after the transition on a back gesture, from the
// navigation controller's `didShow`, which sees only animated transitions and only their
// old top.
extension FlowStep where Runtime == Router {
  /// The flow's `present S` run by `c`: `router.present(vc, animated:, onDismissed:)`, with
  /// the closure `c.present(animated:onDismissed:)` was given when this is the first
  /// `present` of its `start`, else nil.
  mutating func routerPresent(_ screen: Int, animated: Bool, in c: CoordinatorID) {
    let vc = makeScreen(screen, owner: c)
    let closure = state.coordinators[c].presentingWith
    state.coordinators[c].presentingWith = nil
    let animated = animated && (closure?.animated ?? true)
    let screenName = tables.flow.screens[screen].name
    note(
      .library,
      "\(name(ofRouter: c)).present(\(screenName), animated: \(animated), onDismissed: \(closure == nil ? "nil" : "{ … }"))"
    )
    let nav = state.coordinators[c].root
    switch routerKind(of: c) {
    case .modalNavigationRouter:
      keep(closure, for: vc, in: c)
      if state.world.objects[nav].children.isEmpty {
        // presentModally: a Cancel button on the first screen, then the navigation
        // controller, holding only it, presented over the parent view controller.
        note(
          .library,
          "Cancel button added to \(screenName); setViewControllers([\(screenName)], animated: false)")
        uikit { $0.setViewControllers([vc], of: nav, animated: false, effects: &$1) }
        guard let parent = parentScreen(of: c) else { return }
        note(.library, "\(name(ofObject: parent)).present(\(name(ofObject: nav)), animated: \(animated))")
        uikit { $0.present(nav, from: parent, animated: animated, effects: &$1) }
      } else {
        uikit { $0.push(vc, on: nav, animated: animated, effects: &$1) }
      }
    case .navigationRouter:
      keep(closure, for: vc, in: c)
      uikit { $0.push(vc, on: nav, animated: animated, effects: &$1) }
    default:
      if closure != nil { note(.library, "AppDelegateRouter drops onDismissed") }
      note(.library, "window.rootViewController = \(screenName); makeKeyAndVisible()")
      uikit { $0.setWindowRoot(vc, effects: &$1) }
    }
  }

  /// `onDismissForViewController[vc] = onDismissed`: a nil closure stores nothing.
  private mutating func keep(_ closure: OnDismissedClosure?, for vc: ObjectID, in c: CoordinatorID) {
    guard let closure else { return }
    state.coordinators[c].closureKey = vc
    state.coordinators[c].closure = closure
  }

  /// `performOnDismissed(for: vc)` on `c`'s router: runs and removes the closure kept for
  /// `vc`, if any.
  mutating func performOnDismissed(for vc: ObjectID, in c: CoordinatorID) {
    guard state.coordinators[c].closureKey == vc, let closure = state.coordinators[c].closure else { return }
    state.coordinators[c].closureKey = nil
    state.coordinators[c].closure = nil
    note(.library, "\(name(ofRouter: c)) runs the onDismissed closure kept for \(name(ofObject: vc))")
    run(closure, of: c)
  }

  /// ModalNavigationRouter's `unowned let parentViewController`; reading it once the view
  /// controller is gone traps.
  private mutating func parentScreen(of c: CoordinatorID) -> ObjectID? {
    if let parent = state.coordinators[c].parentScreen { return parent }
    crash(
      "\(name(ofRouter: c)) reads its unowned parentViewController, which was deallocated (Swift traps: attempted to read an unowned reference but the object was already deallocated)"
    )
    return nil
  }

  /// The pattern's own code traps (a force unwrap, an unowned read): `library-trap`.
  mutating func crash(_ detail: String) {
    reportLibraryTrap(detail)
  }

  /// The flow's `dismiss` run by `c`: the protocol's default `dismiss(animated:)`,
  /// `router.dismiss(animated:)`.
  mutating func routerDismiss(animated: Bool, in c: CoordinatorID) {
    note(.library, "\(name(ofRouter: c)).dismiss(animated: \(animated))")
    let nav = state.coordinators[c].root
    switch routerKind(of: c) {
    case .modalNavigationRouter:
      // performOnDismissed(for: navigationController.viewControllers.first!), then
      // parentViewController.dismiss(animated:), which dismisses what it presents, or itself
      // when it presents nothing (after a swipe-down, say).
      guard let first = state.world.objects[nav].children.first else {
        crash(
          "\(name(ofRouter: c)).dismiss force-unwraps navigationController.viewControllers.first of an empty navigation controller (Swift traps: unexpectedly found nil while unwrapping an Optional value)"
        )
        return
      }
      performOnDismissed(for: first, in: c)
      guard !stopped, let parent = parentScreen(of: c) else { return }
      note(.library, "\(name(ofObject: parent)).dismiss(animated: \(animated))")
      uikit { $0.dismiss(from: parent, animated: animated, effects: &$1) }
    case .navigationRouter:
      // The closure of the controller that was the root when the router was made, then a
      // pop to it; without one, a pop to the root.
      guard let routerRoot = state.coordinators[c].routerRoot else {
        note(.library, "no routerRootController: popToRootViewController(animated: \(animated))")
        uikit { $0.popToRoot(nav, animated: animated, effects: &$1) }
        return
      }
      performOnDismissed(for: routerRoot, in: c)
      guard !stopped else { return }
      note(.library, "popToViewController(\(name(ofObject: routerRoot)), animated: \(animated))")
      uikit { $0.popTo(routerRoot, in: nav, animated: animated, effects: &$1) }
    default:
      note(.library, "AppDelegateRouter.dismiss does nothing")
    }
  }

  /// The Cancel button a ModalNavigationRouter put on its first screen: `cancelPressed()`
  /// runs the first screen's closure, then `dismiss(animated: true)`.
  mutating func cancelPressed(on c: CoordinatorID) {
    running(c) { step in
      step.note(.library, "\(step.name(ofRouter: c)).cancelPressed()")
      let nav = step.state.coordinators[c].root
      if let first = step.state.world.objects[nav].children.first {
        step.performOnDismissed(for: first, in: c)
      }
      step.routerDismiss(animated: true, in: c)
    }
  }

  /// `navigationController(_:didShow:animated:)` on the navigation controller's delegate,
  /// a router: when the transition's `from` has left the stack, its closure runs. Without a
  /// transition coordinator (a change that was not animated) nothing runs. UIKit sends it
  /// only once the navigation controller's view is in the window: a ModalNavigationRouter's
  /// controller whose presentation UIKit refused (`ModalNavigationRouter.swift`'s
  /// `presentModally`, `parentViewController.present(navigationController, …)`) never
  /// appears, so its router never hears of the root it was given.
  mutating func navigationDidShow(nav: ObjectID, shown: ObjectID, transition: TransitionContext?) {
    guard state.world.isInWindowHierarchy(nav) else { return }
    guard let delegate = state.world.objects[nav].delegate, isAlive(delegate) else {
      note(.uikit, "UIKit: didShow \(name(ofObject: shown)) — the navigation controller has no delegate")
      return
    }
    note(.uikit, "UIKit: \(name(ofRouter: delegate)).navigationController(didShow: \(name(ofObject: shown)))")
    guard let transition else {
      depth += 1
      note(.library, "no transition coordinator: no closure runs")
      depth -= 1
      return
    }
    guard !state.world.objects[nav].children.contains(transition.from) else { return }
    running(delegate) { step in step.performOnDismissed(for: transition.from, in: delegate) }
  }
}
