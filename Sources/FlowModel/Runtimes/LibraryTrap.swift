import FlowLanguage

// `library-trap`: the coordinator library's own code stops the app. A runtime whose library
// can trap lists `.libraryTrap(runtime: name)` among its invariants and reports through the
// step's two helpers below.

extension InvariantID {
  /// No code of the coordinator library traps; a UIKit exception is `uikit-crash`.
  public static let libraryTrap = InvariantID("library-trap")
}

extension Invariant {
  /// A runtime's entry of `library-trap`; the entries of several runtimes are one invariant.
  static func libraryTrap(runtime: String) -> Invariant {
    Invariant(
      .libraryTrap, rank: 85, kinds: [.step], runtimes: [runtime],
      whenAbsent: { runtime in "no library traps modelled under runtime '\(runtime)'" },
      explanation: InvariantExplanation(
        holdsWhen: "no code of the coordinator library traps",
        whatItChecks: """
          flowcheck reports a step in which the library's own code stops the app: a force \
          unwrap of nil (an implicitly unwrapped optional included), 'fatalError' or \
          'preconditionFailure' in every build, and 'assert' or 'assertionFailure' in a debug \
          build. After a debug-only one, exploration goes on as a release build does. A UIKit \
          exception is 'uikit-crash' instead.
          """,
        whyItMatters: """
          The app crashes (a debug build at an assertion: the developer's own runs and the \
          tests), where the code that called the library looks harmless.
          """,
        typicalCause: """
          A coordinator that holds what it calls weakly behind an implicitly unwrapped \
          optional calls it after it was freed (a late async reply after the window's root was \
          replaced, say); the pattern's own code force-unwraps a first screen that is not there \
          or reads an unowned parent that is gone; a library assertion about the order of calls \
          fails (a start the library cannot place, a presenter made over a screen that already \
          presents). The runtime's section of the language reference lists its traps.
          """,
        howToFix: """
          Do not call into a flow that is over: guard late work with the state that says its \
          screen is still shown, or cancel it; finish a coordinator once; start a modal child \
          only from a screen that presents nothing.
          """))
  }
}

extension FlowStep {
  /// The library traps in every build (a nil unwrapped, `fatalError`, `preconditionFailure`):
  /// the app stops here.
  mutating func reportLibraryTrap(_ detail: String) {
    report(.libraryTrap, detail)
    stopped = true
    state.crashed = true
  }

  /// The library's `assert` or `assertionFailure` at `site` fails: a trap in a debug build,
  /// nothing in a release build, whose behaviour the step goes on with.
  mutating func reportLibraryAssertion(_ message: String, at site: String) {
    report(
      .libraryTrap,
      "the library asserts (\(message), \(site)): a debug build stops here; a release build goes on")
  }
}
