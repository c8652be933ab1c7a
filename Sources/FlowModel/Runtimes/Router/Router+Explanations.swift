import FlowLanguage

// The router runtime's own invariants, as registry values with their explain texts; the
// checks are in `Router+Invariants.swift`.
extension Router {
  public static let invariants: [Invariant] = [
    .libraryTrap(runtime: name),
    Invariant(
      .staleClosure, rank: 70, kinds: [.state], runtimes: [name],
      explanation: InvariantExplanation(
        holdsWhen:
          "no router keeps an onDismissed closure for a view controller that has left the window's hierarchy",
        whatItChecks: """
          A router keeps the closure passed to 'present' in a map keyed by the view controller \
          it presented, and runs it when 'dismiss' is called or when its navigation \
          controller's delegate sees that controller popped with an animation. After every \
          event, flowcheck looks for a kept closure whose view controller is no longer in the \
          hierarchy.
          """,
        whyItMatters: """
          The closure is the only thing that removes a child coordinator from its parent. When \
          its controller left without it running, the child stays in 'children' for good, the \
          map keeps the controller alive, and presenting the flow again adds a second child.
          """,
        typicalCause: """
          A way out the router does not observe: a sheet swiped down (no router is the \
          presentation controller's delegate), a pop that was not animated, a long-press back \
          menu jump across several screens (only the old top's closure runs), a \
          NavigationRouter's 'dismiss', which runs the closure of the controller that was the \
          root when the router was made rather than the coordinator's first screen.
          """,
        howToFix: """
          Make the presented sheet 'modalInPresentation' and close it with its own Cancel or \
          Done button, which calls 'dismiss'; dismiss with animation; give a child that pushes \
          several screens its own ModalNavigationRouter, or run its onDismissed from the \
          screen it really started with.
          """)),
  ]
}

extension InvariantID {
  /// No router keeps an onDismissed closure for a view controller that has left.
  public static let staleClosure = InvariantID("stale-closure")
}
