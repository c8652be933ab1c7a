import FlowLanguage

// The invariants of the router runtime that read its state: finish-propagation in the
// pattern's words, and the closure a router keeps for a screen that is gone.
extension StateInvariantCheck where Runtime == Router {
  /// `finish-propagation`: a child still in its parent's `children` after all its screens
  /// left the hierarchy: no onDismissed wrapper removed it (the chapter's own warning, "make
  /// sure you handle going back").
  static var routerFinishPropagation: StateInvariantCheck {
    StateInvariantCheck(.finishPropagation) { context in
      context.abandoned(wasOnScreen: true) { child, parent in
        "\(child) is still in \(parent).children though all its screens left the hierarchy: no onDismissed closure removed it"
      }
    }
  }

  /// `stale-closure`: a router keeps an onDismissed closure for a view controller that is
  /// no longer in the window's hierarchy, and no async work of its coordinator is pending
  /// (which may still call its `dismiss`, as for `finish-propagation`).
  static var staleClosure: StateInvariantCheck {
    StateInvariantCheck(.staleClosure) { context in
      let state = context.state
      for c in context.tree {
        guard let key = state.coordinators[c].closureKey, !context.attached[key], !context.awaitsWork(c)
        else {
          continue
        }
        let kind = context.coordinatorInfo[state.coordinators[c].declaration].kind.rawValue
        return
          "\(kind)(\(context.name(c))) keeps the onDismissed closure of \(context.screenNames([key])), which left the hierarchy: the closure did not run, and the controller stays in memory as the map's key"
      }
      return nil
    }
  }
}
