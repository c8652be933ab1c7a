// The counts the model stores in 16-bit words (screens, their events, coordinators,
// variables, messages, app events, async work) are bounded here, so that a flow past a
// bound is refused where it passes it instead of wrapping into a wrong verdict.

extension CheckedFlow {
  /// The most declarations of one sort a flow may have: screens, events of one screen,
  /// coordinators, variables (globals and every coordinator's locals together), messages,
  /// app events and `after` blocks. Far beyond any app, and well inside the 16-bit words
  /// the model packs indices into.
  public static let maximumDeclarations = 4096
}

extension Resolution {
  /// Reports the first screen, variable, coordinator and screen event past
  /// `CheckedFlow.maximumDeclarations`; run once they are collected.
  mutating func checkDeclarationCounts() {
    let maximum = CheckedFlow.maximumDeclarations
    if screens.count > maximum {
      reportTooMany("screens", at: screens[maximum].declaredAt)
    }
    if variableNames.count > maximum {
      reportTooMany("variables (globals and locals together)", at: variableNames[maximum].range.start)
    }
    if outlines.count > maximum {
      reportTooMany("coordinators", at: outlines[maximum].declaration.name.range.start)
    }
    for screen in screens where screen.events.count > maximum {
      error(
        .tooManyDeclarations,
        "screen '\(screen.name)' has more than \(maximum) events; flowcheck models at most \(maximum) per screen (hint: an event can take an argument through a message instead)",
        at: screen.declaredAt)
    }
  }

  /// Whether one more of `what` fits; reports the one at `offset` when it does not.
  mutating func roomForOneMore(_ count: Int, _ what: String, at offset: Int) -> Bool {
    guard count >= CheckedFlow.maximumDeclarations else { return true }
    if count == CheckedFlow.maximumDeclarations { reportTooMany(what, at: offset) }
    return false
  }

  private mutating func reportTooMany(_ what: String, at offset: Int) {
    let maximum = CheckedFlow.maximumDeclarations
    error(
      .tooManyDeclarations,
      "more than \(maximum) \(what); flowcheck models at most \(maximum) (hint: check the app in slices, one flow file each)",
      at: offset)
  }
}
