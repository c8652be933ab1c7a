import FlowLanguage

// NavigationCoordinator's navigation methods and its pop detection, as in
// radianttap/Coordinator 8.x `NavigationCoordinator.swift`.
extension FlowStep where Runtime == Radianttap {
  /// `show(_:)`: append to the shadow stack, then `root.show(vc)`, an animated push.
  mutating func show(_ screen: Int, in c: CoordinatorID) {
    let vc = makeScreen(screen, owner: c)
    let nav = state.coordinators[c].root
    note(.library, "\(name(ofCoordinator: c)).show(\(tables.flow.screens[screen].name))")
    state.coordinators[c].shadow.append(vc)
    uikit { $0.push(vc, on: nav, animated: true, effects: &$1) }
  }

  /// `root(_:)`: the shadow stack and the navigation controller both become `[vc]`,
  /// wiping whatever other coordinators had on the shared stack (gap 5).
  mutating func root(_ screen: Int, in c: CoordinatorID) {
    let vc = makeScreen(screen, owner: c)
    let nav = state.coordinators[c].root
    note(.library, "\(name(ofCoordinator: c)).root(\(tables.flow.screens[screen].name))")
    state.coordinators[c].shadow.replace(with: [vc])
    uikit { $0.setViewControllers([vc], of: nav, animated: false, effects: &$1) }
  }

  /// `top(_:animated:)`: replaces the top. Animated, it removes whatever is on top of the
  /// navigation controller and shows `vc`; not animated, it installs its own shadow stack
  /// as the whole navigation stack (gap 5).
  mutating func top(_ screen: Int, animated: Bool, in c: CoordinatorID) {
    let nav = state.coordinators[c].root
    note(
      .library, "\(name(ofCoordinator: c)).top(\(tables.flow.screens[screen].name), animated: \(animated))")
    if state.coordinators[c].shadow.isEmpty {
      root(screen, in: c)
      return
    }
    let vc = makeScreen(screen, owner: c)
    state.coordinators[c].shadow.removeLast()
    if animated {
      var stack = state.world.objects[nav].children
      // The library's own `rootViewController.viewControllers.removeLast()`
      // (`NavigationCoordinator.swift:92`) traps on an empty array: its shadow stack is not
      // empty (`:85-88` checks only that), but the navigation controller's is.
      guard !stack.isEmpty else {
        reportLibraryTrap(
          "top(animated: true) calls removeLast() on the navigation controller's empty viewControllers (NavigationCoordinator.swift:92): Swift traps"
        )
        return
      }
      stack.removeLast()
      uikit { $0.setViewControllers(stack, of: nav, animated: false, effects: &$1) }
      state.coordinators[c].shadow.append(vc)
      uikit { $0.push(vc, on: nav, animated: true, effects: &$1) }
    } else {
      state.coordinators[c].shadow.append(vc)
      let list = state.coordinators[c].shadow
      uikit { $0.setViewControllers(list, of: nav, animated: false, effects: &$1) }
    }
  }

  /// The app's own `navigationController.viewControllers = [...]` with new controllers, as
  /// radianttap's tab study does in `displayScreen(_:keepHierarchy:)`: the library's shadow
  /// stack is not told (gap 7). A property assignment is not animated.
  mutating func setStack(_ screens: [Int], in c: CoordinatorID) {
    let nav = state.coordinators[c].root
    note(
      .library,
      "app code: \(name(ofObject: nav)).viewControllers = [\(screens.map { tables.flow.screens[$0].name }.joined(separator: ", "))]"
    )
    let list = IDList(screens.map { makeScreen($0, owner: c) })
    uikit { $0.setViewControllers(list, of: nav, animated: false, effects: &$1) }
  }

  /// The app's own `tabBarController.selectedViewController = child.rootViewController` for
  /// its started child of `declaration`, as a deep link that switches tab does. UIKit calls
  /// no `tabBarController(_:didSelect:)` for a change made from code, and selecting the
  /// selected tab again pops nothing (only the user's tap does). Nothing happens when no
  /// such child is started: the app's optional reference is nil.
  mutating func selectTab(_ declaration: Int, in c: CoordinatorID) {
    let tabBar = state.coordinators[c].root
    let childName = tables.flow.coordinators[declaration].name
    let tabs = state.world.objects[tabBar].children
    guard
      let child = state.coordinators[c].children.first(where: {
        isAlive($0) && state.coordinators[$0].declaration == declaration
      }),
      let index = tabs.firstIndex(of: state.coordinators[child].root)
    else {
      note(.library, "app code: no started \(childName) has a tab to select")
      return
    }
    note(
      .library,
      "app code: \(name(ofObject: tabBar)).selectedViewController = \(name(ofObject: tabs[index])) (\(childName)'s tab)"
    )
    uikit { $0.select(tab: index, of: tabBar, effects: &$1) }
  }

  /// `pop(animated:)`: nothing when the shadow stack has fewer than two (the library
  /// returns early, and the trace says so); else drop its last, then
  /// `popViewController(animated:)`.
  mutating func pop(animated: Bool, in c: CoordinatorID) {
    note(.library, "\(name(ofCoordinator: c)).pop(animated: \(animated))")
    guard state.coordinators[c].shadow.count >= 2 else {
      libraryDoesNothing("pop(animated:) does nothing: viewControllers holds fewer than two")
      return
    }
    state.coordinators[c].shadow.removeLast()
    let nav = state.coordinators[c].root
    uikit { $0.pop(nav, animated: animated, effects: &$1) }
  }

  /// `pop(to:animated:)` to the nearest instance of `screen` in the shadow stack: nothing
  /// when it is absent or already last (the library returns early, and the trace says so);
  /// else truncate, then `popToViewController`.
  mutating func pop(to screen: Int, animated: Bool, in c: CoordinatorID) {
    let screenName = tables.flow.screens[screen].name
    note(.library, "\(name(ofCoordinator: c)).pop(to: \(screenName), animated: \(animated))")
    let shadow = state.coordinators[c].shadow
    guard let index = shadow.lastIndex(where: { state.world.objects[$0].kind == .screen(screen) }) else {
      libraryDoesNothing("pop(to:) does nothing: \(screenName) is not in viewControllers")
      return
    }
    guard index < shadow.count - 1 else {
      libraryDoesNothing("pop(to:) does nothing: \(screenName) is already the last of viewControllers")
      return
    }
    let vc = shadow[index]
    state.coordinators[c].shadow.replace(with: shadow[...index])
    let nav = state.coordinators[c].root
    uikit { $0.popTo(vc, in: nav, animated: animated, effects: &$1) }
  }

  /// A library method that returns early without a word, marked in the trace as UIKit's
  /// own no-ops are (it breaks no invariant: the app asked for nothing UIKit refuses).
  private mutating func libraryDoesNothing(_ why: String) {
    depth += 1
    note(.rule, why)
    depth -= 1
  }

  /// `present(_:animated:)`: `vc.parentCoordinator = self`, then `root.present(vc)`.
  mutating func present(_ screen: Int, animated: Bool, in c: CoordinatorID) {
    let vc = makeScreen(screen, owner: c)
    let root = state.coordinators[c].root
    note(
      .library,
      "\(name(ofCoordinator: c)).present(\(tables.flow.screens[screen].name), animated: \(animated))")
    state.world.objects[vc].associatedCoordinator = c
    uikit { $0.present(vc, from: root, animated: animated, effects: &$1) }
  }

  /// `dismiss(animated:)`: `root.dismiss(animated:)`. UIKit dismisses what the root
  /// presents, or the root itself when it presents nothing.
  mutating func dismiss(animated: Bool, in c: CoordinatorID) {
    let root = state.coordinators[c].root
    note(.library, "\(name(ofCoordinator: c)).dismiss(animated: \(animated))")
    uikit { $0.dismiss(from: root, animated: animated, effects: &$1) }
  }

  /// `navigationController(_:didShow:animated:)` on the navigation controller's delegate.
  /// Without a transition coordinator (a non-animated change) the library ignores the
  /// call on purpose; when the transition's `from` is still in the stack it was a push.
  mutating func navigationDidShow(
    nav: ObjectID, shown: ObjectID, animated: Bool, transition: TransitionContext?
  ) {
    guard let delegate = state.world.objects[nav].delegate, isAlive(delegate) else {
      note(.uikit, "UIKit: didShow \(name(ofObject: shown)) — the navigation controller has no delegate")
      return
    }
    note(
      .uikit,
      "UIKit: \(name(ofCoordinator: delegate)).navigationController(didShow: \(name(ofObject: shown)), animated: \(animated))"
    )
    guard let transition else {
      depth += 1
      note(.library, "no transition coordinator: ignored")
      depth -= 1
      return
    }
    guard !state.world.objects[nav].children.contains(transition.from) else { return }
    running(delegate) { step in step.didPopTransition(delegate, to: shown) }
  }

  /// `didPopTransition(to:)`: the four rules of the library's pop detection.
  private mutating func didPopTransition(_ d: CoordinatorID, to vc: ObjectID) {
    let shadow = state.coordinators[d].shadow
    if shadow.isEmpty {
      note(.library, "\(name(ofCoordinator: d)) has no view controllers left")
      finish(d)
      return
    }
    if vc == shadow.last { return }
    guard let index = shadow.firstIndex(of: vc) else {
      note(.library, "\(name(ofObject: vc)) is not \(name(ofCoordinator: d))'s: it is done")
      finish(d)
      return
    }
    state.coordinators[d].shadow.replace(with: shadow[...index])
    handlePopBack(d, to: vc)
  }
}
