import FlowLanguage

// The invariants of the Insecurity runtime that read the host's stack: finish-propagation
// (an entry the host believes live whose controller left the hierarchy) and orphan-child (a
// coordinator on screen that the host no longer manages). Neither is judged while the
// host's own animation runs or pushed controllers wait to be freed.
extension StateInvariantCheck where Runtime == Insecurity {
  /// `finish-propagation`: a live entry whose controller is no longer in the window's
  /// hierarchy: the host missed its end, so the completion never ran.
  static var insecurityFinishPropagation: StateInvariantCheck {
    StateInvariantCheck(.finishPropagation) { context in
      let state = context.state
      guard Insecurity.userCanAct(in: state) else { return nil }
      for entry in state.library.entries where entry.state == .live {
        guard let c = entry.coordinator, let vc = entry.vc, !context.attached[vc] else { continue }
        let parent = entry.parent.map(context.name) ?? "its parent"
        return
          "\(context.name(c))'s controller left the hierarchy but its entry on the host's stack is live: the host never saw it go (its controller was not deallocated), so the completion in \(parent) never ran"
      }
      return nil
    }
  }

  /// `orphan-child`: a coordinator whose screen is in the hierarchy but which has no entry on
  /// the host's stack (a purge dropped it) and is not the window's child: its `finish` does
  /// nothing.
  static var insecurityOrphan: StateInvariantCheck {
    StateInvariantCheck(.orphanChild) { context in
      let state = context.state
      guard Insecurity.userCanAct(in: state), state.library.isAlive else { return nil }
      for (c, instance) in state.coordinators.enumerated() where instance.isAlive {
        guard c != state.appCoordinator, c != state.library.windowChild, let vc = instance.viewController,
          vc < context.attached.count, context.attached[vc], state.library.index(of: c) == nil,
          state.library.deferred?.child != c
        else { continue }
        return
          "\(context.name(c)) shows \(context.screenNames([vc])) but has no entry on the host's stack: a purge dropped it, so its finish does nothing"
      }
      return nil
    }
  }
}
