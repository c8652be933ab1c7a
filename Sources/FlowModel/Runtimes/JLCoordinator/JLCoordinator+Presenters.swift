import FlowLanguage

// JLCoordinator's presenters (`JLCoordinator/Sources/Presenter/`), their gaps included:
// `Presenter.swift` (the broadcast to every registered observer), `ModalPresenting.swift`
// (`presentModally`, `dismissModally`), `NavigablePresenting.swift` (`push`, `pop` of the top
// only), `PresenterImplementations/{Initial,InitialNavigation,Navigation,Modal,ModalNavigation}Presenter.swift`,
// `PresenterImplementations/TabPresenter/`
// and the two delegate wrappers (`DelegateWrapper/`). Completions run when the transition
// ends: within the step, or at its end event when it is kept in flight
// (`JLCoordinator+Completions.swift`).
extension FlowStep where Runtime == JLCoordinator {
  /// The presenter object coordinator `c` uses: its owner's, when that is alive.
  func presenter(of c: CoordinatorID) -> CoordinatorID? {
    let o = state.coordinators[c].presenterOwner
    return isAlive(o) ? o : nil
  }

  /// The presenter in traces: `ModalPresenter(Sheet)`.
  func name(ofPresenter o: CoordinatorID) -> String {
    "\(presenterKind(of: o).rawValue)(\(name(ofCoordinator: o)))"
  }

  /// The flow's `present S` run by `c`: `presenter.present(S(), animated:)`.
  mutating func presenterPresent(_ screen: Int, animated: Bool, in c: CoordinatorID) {
    guard let o = presenter(of: c) else {
      note(.library, "\(name(ofCoordinator: c)) has no presenter: nothing happens")
      return
    }
    let vc = makeScreen(screen, owner: c)
    state.coordinators[c].lastScreen = vc
    note(.library, "\(name(ofPresenter: o)).present(\(name(ofObject: vc)), animated: \(animated))")
    switch presenterKind(of: o) {
    case .initialPresenter:
      note(.library, "window.rootViewController = \(name(ofObject: vc)); makeKeyAndVisible()")
      uikit { $0.setWindowRoot(vc, effects: &$1) }
      notifyPresentation(of: vc, by: o)
    case .initialNavigationPresenter:
      let nav = state.coordinators[o].root
      if state.world.windowRoot != nav {
        note(.library, "window.rootViewController = \(name(ofObject: nav)); makeKeyAndVisible()")
        uikit { $0.setWindowRoot(nav, effects: &$1) }
      }
      uikit { $0.push(vc, on: nav, animated: animated, effects: &$1) }
    case .navigationPresenter:
      // `NavigablePresenting.push`: onto the navigation controller it was given, whose first
      // push (onto an empty stack) UIKit never animates, so the wrapper reports nothing.
      let nav = state.coordinators[o].root
      uikit { $0.push(vc, on: nav, animated: animated, effects: &$1) }
    case .modalPresenter:
      // Styles and the sheet wrapper as the presentation controller's delegate, then
      // `presentModally`: `didPresent` in the presentation's completion, which never runs
      // when UIKit refuses the presentation (gap 4). At 1.1.1 `animated:` goes nowhere: the
      // presenter passes `true` (`ModalPresenter.swift:28`), and so does `presentModally`
      // (`ModalPresenting.swift:28`); it is honoured only after the tag (commit 73f8125).
      guard let from = state.coordinators[o].presentingScreen else { return }
      if !animated {
        note(.library, "ModalPresenter ignores animated: false at 1.1.1: the presentation animates")
      }
      let before = state.world.modalTransitionInFlight()
      uikit { $0.present(vc, from: from, animated: true, effects: &$1) }
      presentModallyCompleted(vc, from: from, by: o, inFlightBefore: before)
    case .modalNavigationPresenter:
      let nav = state.coordinators[o].root
      if nav >= 0, state.world.objects[nav].presenting != nil {
        uikit { $0.push(vc, on: nav, animated: animated, effects: &$1) }
        return
      }
      // `startWithUINavigationController`: a new navigation controller rooted at `vc`, its
      // delegate the wrapper, presented; the completion reports it, then `vc`.
      guard let from = state.coordinators[o].presentingScreen else { return }
      let info = tables.flow.screens[screen]
      let newNav = makeNavigationController(
        owner: o, style: info.style, modalInPresentation: info.modalInPresentation)
      state.coordinators[o].root = newNav
      uikit { $0.setViewControllers([vc], of: newNav, animated: false, effects: &$1) }
      state.world.objects[newNav].delegate = o
      // `startWithUINavigationController` presents with `animated: true` whatever it is
      // given (`ModalNavigationPresenter.swift:33`, `ModalPresenting.swift:28`, at 1.1.1).
      if !animated {
        note(.library, "ModalNavigationPresenter ignores animated: false at 1.1.1: the presentation animates")
      }
      let before = state.world.modalTransitionInFlight()
      uikit { $0.present(newNav, from: from, animated: true, effects: &$1) }
      presentModallyCompleted(newNav, root: vc, from: from, by: o, inFlightBefore: before)
    case .tabPresenter:
      // `tabBarController.viewControllers.append(vc)`, then the report.
      guard let tabBar = tabBar(of: o) else {
        note(.library, "the tab bar controller is gone: nothing happens")
        return
      }
      uikit { $0.addTab(vc, to: tabBar, effects: &$1) }
      notifyPresentation(of: vc, by: o)
    case .tabNavigationPresenter:
      // The first `present` adds the presenter's own navigation controller as a tab, rooted at
      // `vc`, its delegate the wrapper; later ones push onto it. The first one reports the
      // navigation controller, not `vc`: `presentOnTab(navigationController, …)`
      // (`TabNavigationPresenter.swift:20-22`) notifies the controller it is given
      // (`TabPresenting.swift:23`), and the push onto the stack outside the window has no
      // transition for the wrapper to report. So a `didPresent S` never hears of `vc`.
      let nav = state.coordinators[o].root
      if nav >= 0, state.world.objects[nav].container != nil {
        uikit { $0.push(vc, on: nav, animated: animated, effects: &$1) }
        return
      }
      guard let tabBar = tabBar(of: o) else {
        note(.library, "the tab bar controller is gone: nothing happens")
        return
      }
      let newNav = makeNavigationController(owner: o)
      state.coordinators[o].root = newNav
      state.world.objects[newNav].delegate = o
      uikit { $0.setViewControllers([vc], of: newNav, animated: false, effects: &$1) }
      uikit { $0.addTab(newNav, to: tabBar, effects: &$1) }
      notifyPresentation(of: newNav, by: o)
    default:
      note(.library, "\(presenterKind(of: o).rawValue) is not modelled: nothing happens")
    }
  }

  /// The completion of `presentModally`: when UIKit did present `vc` from `from`, the
  /// presenter reports it (and then `root`, the first screen of a navigation controller
  /// `vc`) when the presentation is over; else the completion never runs.
  private mutating func presentModallyCompleted(
    _ vc: ObjectID, root: ObjectID? = nil, from: ObjectID, by o: CoordinatorID,
    inFlightBefore before: ObjectID?
  ) {
    guard !stopped else { return }
    guard state.world.objects[vc].presenting == state.world.presentationRoot(of: from) else {
      note(.library, "the presentation did not happen: its completion, and didPresent, never run")
      return
    }
    completion(
      root == nil ? .presented : .presentedInNavigation, of: vc, root: root, by: o, inFlightBefore: before)
  }

  /// The flow's `dismiss` run by `c`: `presenter.dismiss(vc, animated:)` for the screen whose
  /// handler runs (else the last screen `c` presented).
  mutating func presenterDismiss(animated: Bool, in c: CoordinatorID) {
    guard let o = presenter(of: c),
      let vc = state.coordinators[c].handlingScreen ?? state.coordinators[c].lastScreen
    else {
      note(.library, "\(name(ofCoordinator: c)) has no presenter or no screen: nothing happens")
      return
    }
    note(.library, "\(name(ofPresenter: o)).dismiss(\(name(ofObject: vc)), animated: \(animated))")
    switch presenterKind(of: o) {
    case .initialPresenter:
      guard state.world.windowRoot == vc else { return }
      note(
        .library,
        "window.isHidden = true (flowcheck keeps the window's content: a hidden window is not modelled)")
      notifyDismissal(of: vc, by: o)
    case .initialNavigationPresenter, .navigationPresenter:
      popTop(vc, of: state.coordinators[o].root, animated: animated)
    case .modalPresenter:
      dismissModally(vc, by: o, animated: animated)
    case .modalNavigationPresenter:
      let nav = state.coordinators[o].root
      guard nav >= 0 else { return }
      if state.world.objects[nav].children.first == vc {
        dismissModally(nav, root: vc, by: o, animated: animated)
      } else {
        popTop(vc, of: nav, animated: animated)
      }
    case .tabPresenter:
      note(.library, "TabPresenter.dismiss only logs: a tab is not removed")
    case .tabNavigationPresenter:
      let nav = state.coordinators[o].root
      guard nav >= 0 else { return }
      if state.world.objects[nav].children.first == vc {
        note(.library, "the tab's root is not dismissed: nothing happens, silently")
      } else {
        popTop(vc, of: nav, animated: animated)
      }
    default:
      note(.library, "\(presenterKind(of: o).rawValue) is not modelled: nothing happens")
    }
  }

  /// `NavigablePresenting.pop`: pops only when `vc` is the top; the report comes from the
  /// navigation delegate wrapper, only for an animated pop (gap 1).
  private mutating func popTop(_ vc: ObjectID, of nav: ObjectID, animated: Bool) {
    guard nav >= 0, state.world.topViewController(of: nav) == vc else {
      note(.library, "⚠️ trying to pop \(name(ofObject: vc)), which is not the top: nothing happens")
      return
    }
    uikit { $0.pop(nav, animated: animated, effects: &$1) }
  }

  /// `dismissModally(vc)`: only when `presentingViewController.presentedViewController ===
  /// vc`; `vc.dismiss(animated:)`, whose completion reports `vc` (then `root`, the first
  /// screen of a navigation controller `vc`). `vc.dismiss` on a controller that itself
  /// presents one dismisses only that one, yet `vc` is reported (gap 3).
  private mutating func dismissModally(
    _ vc: ObjectID, root: ObjectID? = nil, by o: CoordinatorID, animated: Bool
  ) {
    guard let from = state.coordinators[o].presentingScreen, presentedViewController(of: from) == vc else {
      note(
        .library,
        "presentingViewController.presentedViewController is not \(name(ofObject: vc)): nothing happens")
      return
    }
    note(.library, "\(name(ofObject: vc)).dismiss(animated: \(animated))")
    let before = state.world.modalTransitionInFlight()
    uikit { $0.dismiss(from: vc, animated: animated, effects: &$1) }
    completion(
      root == nil ? .dismissed : .dismissedNavigationThenRoot, of: vc, root: root, by: o,
      inFlightBefore: before)
  }

  /// The flow's `dismissRoot` run by `c`: `presenter.dismissRoot(animated:)`.
  mutating func presenterDismissRoot(animated: Bool, in c: CoordinatorID) {
    guard let o = presenter(of: c) else { return }
    note(.library, "\(name(ofPresenter: o)).dismissRoot(animated: \(animated))")
    switch presenterKind(of: o) {
    case .initialPresenter:
      note(.library, "window.isHidden = true, silently (a hidden window is not modelled)")
    case .initialNavigationPresenter:
      note(.library, "window.isHidden = true (a hidden window is not modelled)")
      let nav = state.coordinators[o].root
      notifyDismissal(ofStack: nav, by: o)
    case .navigationPresenter:
      // Only when its navigation controller is presented: `navigationController.dismiss`, then
      // in the completion the navigation controller and each controller of its stack are
      // reported. A navigation controller that itself presents a controller dismisses only
      // that one, yet everything is reported, as in gap 3.
      let nav = state.coordinators[o].root
      guard nav >= 0, state.world.objects[nav].presenting != nil else {
        note(.library, "navigationController.presentingViewController is nil: nothing happens")
        return
      }
      note(.library, "\(name(ofObject: nav)).dismiss(animated: \(animated))")
      let before = state.world.modalTransitionInFlight()
      uikit { $0.dismiss(from: nav, animated: animated, effects: &$1) }
      completion(.dismissedStack, of: nav, by: o, inFlightBefore: before)
    case .modalPresenter:
      // Only the direct presented controller is reported (gap 5).
      guard let from = state.coordinators[o].presentingScreen else { return }
      let presented = presentedViewController(of: from)
      let before = state.world.modalTransitionInFlight()
      uikit { $0.dismiss(from: from, animated: animated, effects: &$1) }
      if let presented { completion(.dismissed, of: presented, by: o, inFlightBefore: before) }
    case .modalNavigationPresenter:
      let nav = state.coordinators[o].root
      guard let from = state.coordinators[o].presentingScreen, nav >= 0,
        presentedViewController(of: from) == nav
      else { return }
      let before = state.world.modalTransitionInFlight()
      uikit { $0.dismiss(from: from, animated: animated, effects: &$1) }
      completion(.dismissedStack, of: nav, by: o, inFlightBefore: before)
    case .tabPresenter, .tabNavigationPresenter:
      // Only when the tab bar controller is presented: `tabBarController.dismiss`, then the
      // completion reports the tab bar controller (`TabPresenter.swift`,
      // `TabNavigationPresenter.swift`, both at 1.1.1).
      guard state.coordinators[o].presentingScreen != nil, let tabBar = tabBar(of: o) else {
        note(.library, "the tab bar controller is not presented: nothing happens")
        return
      }
      note(.library, "\(name(ofObject: tabBar)).dismiss(animated: \(animated))")
      let before = state.world.modalTransitionInFlight()
      uikit { $0.dismiss(from: tabBar, animated: animated, effects: &$1) }
      completion(.dismissed, of: tabBar, by: o, inFlightBefore: before)
    default:
      note(.library, "\(presenterKind(of: o).rawValue) is not modelled: nothing happens")
    }
  }

  /// `vc.presentedViewController` as UIKit answers it: what `vc`'s presentation context (a
  /// screen's navigation controller, say) presents.
  func presentedViewController(of vc: ObjectID) -> ObjectID? {
    state.world.objects[state.world.presentationRoot(of: vc)].presented
  }

  /// The coordinators registered with presenter `o`, in registration order: every live one
  /// made with it (the library never unregisters a stopped coordinator).
  private func observers(of o: CoordinatorID) -> [CoordinatorID] {
    state.coordinators.indices.filter {
      state.coordinators[$0].isAlive && state.coordinators[$0].presenterOwner == o
    }
  }

  /// `notifyObserverAboutPresentation(of:)`: every observer is told; a `didPresent S`
  /// override runs for a controller of S that its coordinator presented (the identity
  /// filter the library leaves to each coordinator).
  mutating func notifyPresentation(of vc: ObjectID, by o: CoordinatorID) {
    note(.library, "\(name(ofPresenter: o)) notifies didPresent(\(name(ofObject: vc)))")
    for k in observers(of: o) where isAlive(k) && state.owners[vc] == k {
      let screen = screenIndex(of: vc)
      runHooks(JLCoordinator.didPresent, in: k) { $0 == nil || $0 == screen }
    }
  }

  /// A dismissed navigation controller's completion: the controller, then each controller of
  /// its stack, reported.
  mutating func notifyDismissal(ofStack nav: ObjectID, by o: CoordinatorID) {
    notifyDismissal(of: nav, by: o)
    for vc in state.world.objects[nav].children { notifyDismissal(of: vc, by: o) }
  }

  /// `notifyObserverAboutDismiss(of:)`: a navigation controller through the navigation
  /// overload, which a `didDismiss` override without a screen receives (as the example's
  /// `ViewCoordinator` stops on any); a tab bar controller to the `didDismiss` without a
  /// screen of the coordinators whose last screen is in it (the example's check of
  /// `viewController.tabBarController`); a screen to the coordinators that presented it.
  mutating func notifyDismissal(of vc: ObjectID, by o: CoordinatorID) {
    note(.library, "\(name(ofPresenter: o)) notifies didDismiss(\(name(ofObject: vc)))")
    let isNavigation = state.world.objects[vc].isNavigationController
    let isTabBar = state.world.objects[vc].isTabBarController
    for k in observers(of: o) where isAlive(k) {
      if isNavigation {
        runHooks(JLCoordinator.didDismiss, in: k) { $0 == nil }
      } else if isTabBar {
        guard let own = state.coordinators[k].lastScreen, state.world.tabBarController(of: own) == vc else {
          continue
        }
        runHooks(JLCoordinator.didDismiss, in: k) { $0 == nil }
      } else if state.owners[vc] == k {
        let screen = screenIndex(of: vc)
        runHooks(JLCoordinator.didDismiss, in: k) { $0 == nil || $0 == screen }
      }
    }
  }

  private func screenIndex(of vc: ObjectID) -> Int? {
    if case .screen(let screen) = state.world.objects[vc].kind { return screen }
    return nil
  }

  /// `NavigationControllerDelegateWrapper.navigationController(_:didShow:animated:)`: only
  /// with a transition coordinator (an animated transition, gap 1). A `from` that left the
  /// stack is reported dismissed, only it (a long-press jump over several, gap 2), and the
  /// root shown reports `didDismissAllViewControllersTo`; else the shown `to` is reported
  /// presented.
  mutating func navigationDidShow(nav: ObjectID, shown: ObjectID, transition: TransitionContext?) {
    guard let o = state.world.objects[nav].delegate, isAlive(o) else { return }
    note(.uikit, "UIKit: navigationController(didShow: \(name(ofObject: shown)))")
    guard let transition else {
      depth += 1
      note(.library, "no transition coordinator: the presenter reports nothing")
      depth -= 1
      return
    }
    let children = state.world.objects[nav].children
    let from = transition.from
    if !state.world.objects[from].isNavigationController && !children.contains(from) {
      notifyDismissal(of: from, by: o)
      if children.first == shown { notifyDismissalOfAll(to: shown, by: o) }
    } else if transition.to == shown && children.contains(shown) {
      notifyPresentation(of: shown, by: o)
    }
  }

  /// `notifyObserverAboutDismissOfAllViewControllers(to:)`: an animated pop landed on the
  /// navigation controller's first screen. Every registered observer is told
  /// (`Presenter.swift:72-79`), whoever presented that screen: a
  /// `didDismissAllViewControllersTo S { … }` override runs in each of them when the root is
  /// a screen S, and one without S in each of them always.
  mutating func notifyDismissalOfAll(to root: ObjectID, by o: CoordinatorID) {
    note(.library, "\(name(ofPresenter: o)) notifies didDismissAllViewControllersTo(\(name(ofObject: root)))")
    let screen = screenIndex(of: root)
    for k in observers(of: o) where isAlive(k) {
      runHooks(JLCoordinator.didDismissAllViewControllersTo, in: k) { $0 == nil || $0 == screen }
    }
  }

  /// `AdaptivePresentationControllerDelegateWrapper.presentationControllerDidDismiss`: the
  /// sheet a modal presenter presented was swiped down; it is reported dismissed.
  /// Only the modal presenters make their wrapper the presentation controller's delegate; a
  /// navigation controller a NavigationPresenter was given, or a presented tab bar, has none.
  mutating func sheetSwipedDown(_ vc: ObjectID) {
    guard let c = state.owners[vc], isAlive(c), let o = presenter(of: c) else {
      note(
        .library,
        "no presenter's sheet wrapper is the delegate of its presentation controller: nobody is told")
      return
    }
    let kind = presenterKind(of: o)
    guard kind == .modalPresenter || kind == .modalNavigationPresenter else {
      note(.library, "\(kind.rawValue) sets no delegate of the presentation controller: nobody is told")
      return
    }
    note(.uikit, "UIKit: presentationControllerDidDismiss(\(name(ofObject: vc)))")
    notifyDismissal(of: vc, by: o)
  }
}
