// The file's own expectation, and warnings about declarations nothing uses.

extension Resolution {
  /// `expect pass | incomplete | violation ID…`: at most one, ids from the runtime's
  /// capabilities (`invariantIDs`).
  mutating func resolveExpectations() {
    var firstAt: Int?
    for declaration in file.declarations {
      guard case .expect(let expect) = declaration.kind else { continue }
      let at = declaration.range.start
      if let firstAt {
        duplicate("duplicate 'expect'; a flow states one expectation", at: at, first: firstAt)
        continue
      }
      firstAt = at
      switch expect.outcome {
      case .pass:
        expectation = .pass
      case .incomplete:
        expectation = .incomplete
      case .violation(let names):
        var ids: [String] = []
        for name in names where !Self.isMissing(name) {
          guard capabilities.invariantIDs.contains(name.text) else {
            error(
              .unknownInvariant,
              "unknown invariant '\(name.text)'\(Self.suggestionOrChoices(name.text, among: capabilities.invariantIDs))",
              at: name.range.start)
            continue
          }
          ids.append(name.text)
        }
        expectation = .violations(ids)
      }
    }
  }

  /// Warns about coordinators no `startChild` names and screens no `show`, `root`, `top`
  /// or `present` names. Skipped for coordinators while the window coordinator is unknown
  /// (every coordinator would look unstarted).
  mutating func reportUnusedDeclarations() {
    if let window = windowCoordinator {
      for (index, outline) in outlines.enumerated()
      where index != window && !outline.isDuplicate && !coordinatorStarted[index] {
        let name = outline.declaration.name
        warning(.coordinatorNeverStarted, "coordinator '\(name.text)' is never started", at: name.range.start)
      }
    }
    for (index, screen) in screens.enumerated() where !screenShown[index] {
      warning(.screenNeverShown, "screen '\(screen.name)' is never shown", at: screen.declaredAt)
    }
  }
}
