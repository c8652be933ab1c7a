import FlowLanguage

// The completion blocks the presenters pass to UIKit's `present` and `dismiss`, which carry
// their `didPresent` / `didDismiss` reports. UIKit calls a completion when the transition
// is over: at once for one that is not animated, at the end of the animation for one kept
// in flight (`limits { inflight 1 }`), never for a call it ignores while another
// transition animates ("Attempt to present … while a presentation is in progress", "Attempt
// to dismiss from view controller … while a presentation or dismiss is in progress!").
extension FlowStep where Runtime == JLCoordinator {
  /// After a UIKit `present` or `dismiss` whose completion reports `report` of `reported`
  /// (and `root`) for presenter `o`: runs it now, keeps it for the end of the animation the
  /// call started, or drops it when UIKit ignored the call. `before` is the modal
  /// transition that was in flight before the call.
  mutating func completion(
    _ report: PresenterReport, of reported: ObjectID, root: ObjectID? = nil, by o: CoordinatorID,
    inFlightBefore before: ObjectID?
  ) {
    guard !stopped else { return }
    let block = PresenterCompletion(
      report: report, presenter: o, animating: reported, reported: reported, root: root)
    if before != nil {
      note(
        .library,
        "UIKit ignored the call: its completion, and \(hookName(report))(\(name(ofObject: reported))), never run"
      )
      return
    }
    guard let moving = state.world.modalTransitionInFlight() else {
      run(block)
      return
    }
    state.library.pending = block
    state.library.pending?.animating = moving
    note(
      .library,
      "its completion, with \(hookName(report))(\(name(ofObject: reported))), waits for the end of the animation"
    )
  }

  /// `quiesce`: the completion kept for a transition that ended in this step runs now,
  /// after the controllers it removed left the hierarchy. True when one ran.
  mutating func callCompletionOfEndedTransition() -> Bool {
    guard let block = state.library.pending, state.world.objects[block.animating].modalTransition == nil
    else {
      return false
    }
    state.library.pending = nil
    note(.uikit, "UIKit: the completion of the transition runs")
    guard isAlive(block.presenter) else {
      note(.library, "the presenter's [weak self] is nil: nothing is reported")
      return true
    }
    depth += 1
    run(block)
    depth -= 1
    return true
  }

  /// The reports of a completion block, in the library's order.
  private mutating func run(_ block: PresenterCompletion) {
    let o = block.presenter
    switch block.report {
    case .presented:
      notifyPresentation(of: block.reported, by: o)
    case .presentedInNavigation:
      notifyPresentation(of: block.reported, by: o)
      if let root = block.root { notifyPresentation(of: root, by: o) }
    case .dismissed:
      notifyDismissal(of: block.reported, by: o)
    case .dismissedNavigationThenRoot:
      notifyDismissal(of: block.reported, by: o)
      if let root = block.root { notifyDismissal(of: root, by: o) }
    case .dismissedStack:
      notifyDismissal(ofStack: block.reported, by: o)
    }
  }

  private func hookName(_ report: PresenterReport) -> String {
    switch report {
    case .presented, .presentedInNavigation: "didPresent"
    case .dismissed, .dismissedNavigationThenRoot, .dismissedStack: "didDismiss"
    }
  }
}
