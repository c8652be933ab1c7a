import FlowLanguage

// The router of a team's own coordinators, as Firefox for iOS `DefaultRouter`
// (DefaultRouter.swift, in firefox-ios/Client/Coordinators) and Element iOS
// `NavigationRouter` (Riot/Routers/NavigationRouter.swift) write it: a completion per pushed
// view controller, run by the router's own pops at once and, as the navigation controller's
// delegate, in `didShow` for the transition's `from` controller once it left the stack
// (DefaultRouter `checkNavigationCompletion`, NavigationRouter `navigationController(_:
// didShow:animated:)`). A UIKit pop over several screens (the Back button's long-press
// menu) therefore runs only the old top's completion, unless the flow's `base { completions
// popped }` says the router runs every popped controller's (`Handwritten.completions`).
extension FlowStep where Runtime == Handwritten {
  /// The router in traces: `Settings.router`, named after the coordinator that made it.
  func name(ofRouterOf c: CoordinatorID) -> String {
    let nav = state.coordinators[c].root
    guard nav >= 0, let maker = state.world.objects[nav].delegate ?? state.owners[nav] else {
      return "router"
    }
    return "\(name(ofCoordinator: maker)).router"
  }

  /// `router.push(vc, animated:, completion:)`: the completion, when given, is kept for the
  /// new view controller (`completions[vc] = completion`), then the controller is pushed.
  mutating func routerPush(_ screen: Int, animated: Bool, completion: Int?, in c: CoordinatorID) {
    let vc = makeScreen(screen, owner: c)
    let screenName = tables.flow.screens[screen].name
    note(
      .library,
      "\(name(ofRouterOf: c)).push(\(screenName), animated: \(animated), completion: \(completion == nil ? "nil" : "{ … }"))"
    )
    if let completion {
      state.coordinators[c].completionScreens.append(vc)
      state.coordinators[c].completionBlocks.append(completion)
    }
    let nav = state.coordinators[c].root
    uikit { $0.push(vc, on: nav, animated: animated, effects: &$1) }
  }

  /// `router.popViewController(animated:)`: UIKit's pop returns the popped controller, whose
  /// completion the router runs at once, before the animation.
  mutating func routerPop(animated: Bool, in c: CoordinatorID) {
    let nav = state.coordinators[c].root
    note(.library, "\(name(ofRouterOf: c)).popViewController(animated: \(animated))")
    let stack = state.world.objects[nav].children
    uikit { $0.pop(nav, animated: animated, effects: &$1) }
    guard !stopped, stack.count >= 2, let popped = stack.last else { return }
    runCompletion(for: popped, on: nav)
  }

  /// `router.popToModule(…)` (Element's NavigationRouter): pops to the nearest instance of
  /// `screen` in the stack and runs the completion of every popped controller at once, from
  /// the top down. Nothing happens when the screen is not in the stack or is its top.
  mutating func routerPop(to screen: Int, animated: Bool, in c: CoordinatorID) {
    let nav = state.coordinators[c].root
    let stack = state.world.objects[nav].children
    let screenName = tables.flow.screens[screen].name
    guard let index = stack.lastIndex(where: { state.world.objects[$0].kind == .screen(screen) }) else {
      note(.library, "\(name(ofRouterOf: c)): no \(screenName) in the stack to pop to; nothing happens")
      return
    }
    note(.library, "\(name(ofRouterOf: c)).popToViewController(\(screenName), animated: \(animated))")
    let target = stack[index]
    uikit { $0.popTo(target, in: nav, animated: animated, effects: &$1) }
    for popped in stack[(index + 1)...].reversed() where !stopped {
      runCompletion(for: popped, on: nav)
    }
  }

  /// `router.setRootViewController(vc, animated:)` (DefaultRouter): runs every completion the
  /// router keeps, without removing them ("so all coordinators can be deallocated"), then
  /// makes `vc` the only controller of the stack.
  mutating func setRoot(_ screen: Int, animated: Bool, in c: CoordinatorID) {
    let nav = state.coordinators[c].root
    let vc = makeScreen(screen, owner: c)
    note(.library, "\(name(ofRouterOf: c)).setRootViewController(\(tables.flow.screens[screen].name))")
    for keeper in routerUsers(of: nav) {
      for (index, kept) in state.coordinators[keeper].completionScreens.enumerated() {
        let block = state.coordinators[keeper].completionBlocks[index]
        note(.library, "the router runs the completion kept for \(name(ofObject: kept))")
        running(keeper) { step in step.execute(step.flow.libraryBlocks[block].body, in: keeper) }
        guard !stopped, isAlive(keeper) else { break }
      }
    }
    guard !stopped else { return }
    uikit { $0.setViewControllers([vc], of: nav, animated: animated, effects: &$1) }
  }

  /// `router.present(vc, animated:)`: the router's navigation controller presents the screen.
  mutating func routerPresent(_ screen: Int, animated: Bool, in c: CoordinatorID) {
    let vc = makeScreen(screen, owner: c)
    let nav = state.coordinators[c].root
    note(
      .library, "\(name(ofRouterOf: c)).present(\(tables.flow.screens[screen].name), animated: \(animated))")
    uikit { $0.present(vc, from: nav, animated: animated, effects: &$1) }
  }

  /// `router.dismiss(animated:)`: `navigationController.dismiss(animated:)`, which dismisses
  /// what the navigation controller presents, or the navigation controller itself when it
  /// presents nothing and is presented.
  ///
  /// Run by an `onViewDismissed` closure, the call usually finds the sheet it is meant to
  /// dismiss already gone (the closure runs because it disappeared): UIKit then does
  /// nothing, which loses nothing, so it is not reported as a call UIKit ignored. When
  /// something else is presented by then, it is dismissed, as in the app.
  mutating func routerDismiss(animated: Bool, in c: CoordinatorID) {
    let nav = state.coordinators[c].root
    note(.library, "\(name(ofRouterOf: c)).dismiss(animated: \(animated))")
    if state.coordinators[c].runsDisappearHook, state.world.objects[nav].presented == nil,
      state.world.objects[nav].presenting == nil
    {
      note(.uikit, "UIKit: nothing to dismiss: the sheet the closure is for has already gone")
      return
    }
    uikit { $0.dismiss(from: nav, animated: animated, effects: &$1) }
  }

  /// The live coordinators that push through the router of `nav`, in id order: it keeps
  /// their completions.
  func routerUsers(of nav: ObjectID) -> [CoordinatorID] {
    state.coordinators.indices.filter { state.coordinators[$0].isAlive && state.coordinators[$0].root == nav }
  }

  /// `runCompletion(for: vc)`: the completion kept for `vc`, if any, is removed and run in
  /// the coordinator that passed it.
  mutating func runCompletion(for vc: ObjectID, on nav: ObjectID) {
    for keeper in routerUsers(of: nav) {
      guard let index = state.coordinators[keeper].completionIndex(of: vc) else { continue }
      let block = state.coordinators[keeper].completionBlocks[index]
      state.coordinators[keeper].removeCompletion(at: index)
      note(.library, "the router runs the completion kept for \(name(ofObject: vc))")
      running(keeper) { step in step.execute(step.flow.libraryBlocks[block].body, in: keeper) }
      return
    }
  }

  /// `navigationController(_:didShow:animated:)` on the router, the navigation controller's
  /// delegate: the transition's `from` controller's completion runs when it has left the
  /// stack, then, with `base { completions popped }`, those of the other controllers that
  /// left it. A change that was not animated has no transition coordinator: nothing runs.
  mutating func navigationDidShow(nav: ObjectID, shown: ObjectID, transition: TransitionContext?) {
    guard let delegate = state.world.objects[nav].delegate, isAlive(delegate) else {
      note(.uikit, "UIKit: didShow \(name(ofObject: shown)) — the navigation controller has no delegate")
      return
    }
    note(
      .uikit,
      "UIKit: \(name(ofCoordinator: delegate)).router.navigationController(didShow: \(name(ofObject: shown)))"
    )
    guard let transition else {
      depth += 1
      note(.library, "no transition coordinator: no completion runs")
      depth -= 1
      return
    }
    guard !state.world.objects[nav].children.contains(transition.from) else { return }
    running(delegate) { step in
      step.runCompletion(for: transition.from, on: nav)
      if step.runsEveryPoppedCompletion { step.runCompletionsOfControllersThatLeft(nav) }
    }
  }

  /// The completions the router keeps for controllers no longer in `nav`'s `viewControllers`,
  /// each removed and run (CoordinatorOverview's `performOnDismissedForSilentlyDismissed
  /// ViewControllers`, which filters the keys of its map against the stack once, then runs
  /// each). The map's order is unspecified; the model runs the newest controller's first, as
  /// a pop would. A push UIKit deferred behind the running transition is not in the stack
  /// yet either: its completion runs too, as the real diff would run it.
  mutating func runCompletionsOfControllersThatLeft(_ nav: ObjectID) {
    let stack = state.world.objects[nav].children
    var left: [ObjectID] = []
    for keeper in routerUsers(of: nav) {
      left += state.coordinators[keeper].completionScreens.filter { !stack.contains($0) }
    }
    for vc in left.sorted(by: >) where !stopped {
      runCompletion(for: vc, on: nav)
    }
  }
}
