// Coordinators of one view controller each (`RuntimeOperation.viewController`): a
// coordinator's one screen (`viewController S`), the values its `finish(v)` hands to the
// parent (`result a, b`), and the window coordinator, which alone has a `start { … }`, shows
// no screen and never finishes. A runtime whose window is owned by a class of its own names
// that kind (`RuntimeCapabilities.windowKind`).

extension Resolution {
  /// Whether coordinators have one view controller each.
  var coordinatorsHaveOneScreen: Bool { capabilities.supports(.viewController) }

  /// Whether a statement context is the window coordinator's (its `start`, or an app event).
  func isWindow(_ context: StatementContext) -> Bool {
    context.coordinator != nil && context.coordinator == windowCoordinator
      || capabilities.windowKind != nil && context.kind == capabilities.windowKind
  }

  // MARK: Members

  /// `viewController S retained?` and `result a, b` of a coordinator, read with its outline.
  mutating func readOneScreenMember(_ member: CoordinatorMember, into outline: inout CoordinatorOutline) {
    let name = outline.declaration.name.text
    let at = member.range.start
    switch member.kind {
    case .viewController(let screen, let retained):
      guard require(.viewController, at: at) else { return }
      if let first = outline.viewControllerAt {
        duplicate("duplicate 'viewController' in coordinator '\(name)'", at: at, first: first)
        return
      }
      outline.viewControllerAt = at
      outline.viewController = lookUpScreen(screen, markShown: true)
      outline.retainsViewController = retained
    case .result(let values):
      guard require(.result, at: at) else { return }
      if let first = outline.resultsAt {
        duplicate("duplicate 'result' in coordinator '\(name)'", at: at, first: first)
        return
      }
      outline.resultsAt = at
      var valueAt: [String: Int] = [:]
      for value in values where !Self.isMissing(value) {
        if value.text == "nil" {
          error(
            .duplicateDeclaration,
            "'nil' cannot be a result value: the completion gets nil when the child is dismissed without one",
            at: value.range.start)
          continue
        }
        if let first = valueAt[value.text] {
          duplicate(
            "duplicate result value '\(value.text)' in coordinator '\(name)'", at: value.range.start,
            first: first)
          continue
        }
        valueAt[value.text] = value.range.start
        outline.results.append(value.text)
      }
    default:
      break
    }
  }

  /// The window coordinator, and only it, has the runtime's window kind and no view
  /// controller or results; every other coordinator has exactly one `viewController`.
  mutating func checkOneScreenCoordinators() {
    guard coordinatorsHaveOneScreen else { return }
    let windowName = windowCoordinator.map { outlines[$0].declaration.name.text }
    let windowKind = capabilities.windowKind
    for (index, outline) in outlines.enumerated() where !outline.isDuplicate {
      let declaration = outline.declaration
      let name = declaration.name.text
      if index == windowCoordinator {
        if let windowKind, let kind = outline.kind, kind != windowKind {
          error(
            .invalidRoot,
            "window coordinator '\(name)' must be a \(windowKind.rawValue), not a \(kind.rawValue); write 'coordinator \(name): \(windowKind.rawValue)'",
            at: declaration.kind.range.start)
        }
      } else if let windowKind, outline.kind == windowKind, let windowName {
        let others = capabilities.coordinatorKinds.filter { $0 != windowKind }.map(\.rawValue)
        error(
          .invalidRoot,
          "only the window coordinator '\(windowName)' may be a \(windowKind.rawValue); make '\(name)' \(Self.article(others.first ?? "")) \(Self.list(others))",
          at: declaration.kind.range.start)
      }
      let isWindow = index == windowCoordinator || windowKind != nil && outline.kind == windowKind
      if isWindow {
        if let at = outline.viewControllerAt {
          error(
            .invalidRoot,
            "the window coordinator '\(name)' has no view controller of its own; its 'start { start C … }' sets the window's root",
            at: at)
        }
        if let at = outline.resultsAt {
          error(
            .invalidRoot, "the window coordinator '\(name)' never finishes, so it has no 'result'; remove it",
            at: at)
        }
      } else if outline.viewControllerAt == nil, outline.kind != nil, !Self.isMissing(declaration.name) {
        error(
          .invalidRoot,
          "coordinator '\(name)' has no 'viewController'; add 'viewController SCREEN': under runtime '\(library.rawValue)' a coordinator shows one view controller",
          at: declaration.name.range.start)
      }
    }
  }

  /// Only the window coordinator has a `start { … }`; reports it elsewhere (once the window
  /// coordinator is known).
  mutating func checkStartMember(of index: Int, _ outline: CoordinatorOutline, at: Int) {
    guard coordinatorsHaveOneScreen, let window = windowCoordinator, index != window,
      capabilities.windowKind == nil || outline.kind != capabilities.windowKind
    else {
      return
    }
    error(
      .unsupportedStatement,
      "only the window coordinator has 'start { … }' under runtime '\(library.rawValue)'; '\(outline.declaration.name.text)' shows its 'viewController' when its parent starts it",
      at: at)
  }

  /// A coordinator handles the events of its own view controller's screen only; reports a
  /// handler for another screen. Returns whether the handler may stay.
  mutating func checkHandledScreen(
    _ screen: Int, _ screenName: Name, of index: Int, _ outline: CoordinatorOutline
  )
    -> Bool
  {
    guard coordinatorsHaveOneScreen, outline.viewController != screen else { return true }
    let name = outline.declaration.name.text
    let owner = outlines.first { $0.viewController == screen && !$0.isDuplicate }
    let move = owner.map { "; move this handler to coordinator '\($0.declaration.name.text)'" } ?? ""
    if let own = outline.viewController {
      error(
        .unknownEvent,
        "coordinator '\(name)' handles only the events of its 'viewController' screen '\(screens[own].name)', not of '\(screenName.text)'\(move)",
        at: screenName.range.start)
    } else if index == windowCoordinator
      || capabilities.windowKind != nil && outline.kind == capabilities.windowKind
    {
      error(
        .unknownEvent,
        "the window coordinator '\(name)' has no screen, so it handles no screen events\(move)",
        at: screenName.range.start)
    }
    // A coordinator without its `viewController` has been reported already.
    return false
  }

  /// The window coordinator of one-screen coordinators has no `dismiss()` either.
  mutating func checkDismiss(at: Int, _ context: StatementContext) -> Bool {
    guard coordinatorsHaveOneScreen, isWindow(context) else { return true }
    error(
      .unsupportedStatement,
      "the window coordinator '\(context.coordinatorName)' has no dismiss under runtime '\(library.rawValue)'; a child ends itself with 'finish' or 'dismiss'",
      at: at)
    return false
  }

  /// "a" or "an", for a kind's name.
  static func article(_ word: String) -> String {
    guard let first = word.first?.lowercased() else { return "a" }
    return "aeiou".contains(first) ? "an" : "a"
  }

  /// `A, B or C`, unquoted.
  static func list(_ names: [String]) -> String {
    guard names.count > 1 else { return names.first ?? "" }
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }
}
