import FlowLanguage

// The Insecurity runtime's own entry of `result-once`, the invariant of libraries whose
// coordinators deliver a typed result (its checks are in `Insecurity+Finishes.swift`), and
// its entry of `library-trap` (`LibraryTrap.swift`).
extension Insecurity {
  public static let invariants: [Invariant] = [
    Invariant(
      .resultOnce, rank: 100, kinds: [.step], runtimes: [name],
      whenAbsent: { runtime in "no results under runtime '\(runtime)'" },
      explanation: InvariantExplanation(
        holdsWhen: "every started coordinator's completion is delivered exactly once",
        whatItChecks: """
          A parent starts a child with a completion block that receives its result: the \
          value of 'finish(v)', or nil for 'dismiss', a swipe-down or a pop. flowcheck \
          reports a step in which a purge drops a live entry (its completion can no longer \
          run) and a step that delivers a completion a second time.
          """,
        whyItMatters: """
          The parent's completion is where the app learns what happened (a card added, a \
          payment made) and moves on; a lost one leaves the parent waiting and its state stale, \
          a second one repeats the work.
          """,
        typicalCause: """
          Insecurity's purge cuts the stack at the lowest dead entry and drops the live ones \
          above it without callbacks: a coordinator below finished (from async work, say) while \
          its child was still shown, or a long-press back jump freed the lower controller \
          first. The window host never clears its child's finish, so a second finish of the \
          window's child runs its completion again.
          """,
        howToFix: """
          Finish children from the top down (finish the child in the parent's completion \
          before finishing the parent), and finish the window's child once.
          """)),
    .libraryTrap(runtime: name),
  ]
}

extension InvariantID {
  /// Every started coordinator's completion is delivered exactly once.
  public static let resultOnce = InvariantID("result-once")
}
