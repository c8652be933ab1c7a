/// A coordinator that is its screens' delegate and knows, while a handler runs, which
/// screen called it (a navigation helper made over "the view controller that called", a
/// bridge kept by the screen): the coordinators of the libraries whose screens call the
/// coordinator that made them.
protocol ScreenDelegateCoordinator: CoordinatorState {
  /// The screen whose delegate call the coordinator is handling, while the handler runs;
  /// nil between steps.
  var handlingScreen: ObjectID? { get set }
}

extension FlowStep where Runtime.Coordinator: ScreenDelegateCoordinator {
  /// A tap of `event` on screen `vc` in a library whose screens call their delegate, the
  /// coordinator that made them, held weakly: its handler runs with `vc` as the screen it
  /// handles. A freed delegate is a dead screen, unless the screen is animating away (a sheet
  /// already leaving: nothing is lost); a delegate without a handler does nothing.
  mutating func tapScreenDelegate(event: Int, on vc: ObjectID) {
    guard case .screen(let screen) = state.world.objects[vc].kind else { return }
    let label = "\(tables.flow.screens[screen].name).\(tables.flow.screens[screen].events[event])"
    guard let owner = state.owners[vc], isAlive(owner) else {
      guard !state.world.isAnimatingAway(vc) else {
        note(
          .library,
          "the screen's delegate was deallocated: the tap '\(label)' does nothing, as the sheet is already leaving"
        )
        return
      }
      report(
        .deadScreen, "the tap '\(label)' goes to the screen's delegate, a coordinator that was deallocated")
      return
    }
    guard
      let handler = tables.screenHandler(
        declaration: state.coordinators[owner].declaration, screen: screen, event: event)
    else {
      note(.library, "\(name(ofCoordinator: owner)) has no handler for \(label): nothing happens")
      return
    }
    handlersRun.append(handler.slot)
    note(.library, "\(name(ofCoordinator: owner)) handles \(label)")
    running(owner) { step in
      let outer = step.state.coordinators[owner].handlingScreen
      step.state.coordinators[owner].handlingScreen = vc
      step.execute(handler.body, in: owner)
      if step.isAlive(owner) { step.state.coordinators[owner].handlingScreen = outer }
    }
  }
}
