import FlowLanguage

// radianttap's own invariants, as registry values with their explain texts; the checks are
// in `Radianttap+Invariants.swift`.
extension Radianttap {
  public static let invariants: [Invariant] = [
    .libraryTrap(runtime: name),
    Invariant(
      .shadowSync, rank: 10, kinds: [.state], runtimes: [name],
      explanation: InvariantExplanation(
        holdsWhen:
          "every navigation coordinator's shadow stack equals the part of its navigation controller's stack it owns",
        whatItChecks: """
          A NavigationCoordinator keeps its own list of the view controllers it pushed (its \
          shadow 'viewControllers'). After every event, once UIKit and the library have settled, \
          flowcheck compares each coordinator's list with the segment of the real \
          UINavigationController stack that the coordinator owns.
          """,
        whyItMatters: """
          The library decides from that list what a back pop means, whom to re-activate and \
          when a coordinator has finished. Once the list has drifted from UIKit's stack, later \
          pops are ignored or blamed on the wrong coordinator, 'pop to' silently does nothing, \
          and a finished flow is never torn down.
          """,
        typicalCause: """
          A stack change the library never observes. radianttap ignores 'didShow' without a \
          transition coordinator, so a non-animated pop or 'setViewControllers' goes unseen; a \
          long-press back-menu pop over several screens is handled as a single pop; a child \
          sharing its parent's navigation controller runs 'root' or 'top ... animated: false', \
          which replaces the whole stack and wipes the parent's screens without telling the parent.
          """,
        howToFix: """
          Change a navigation stack only through the coordinator that owns its top, with \
          animated transitions. In a coordinator with 'root parent', use 'show' rather than \
          'root' or a non-animated 'top', or give it its own navigation controller with 'root \
          presented'. Where a multi-level pop can cross coordinators, resynchronise in 'popBack'.
          """)),
    Invariant(
      .delegateOwner, rank: 60, kinds: [.state], runtimes: [name],
      explanation: InvariantExplanation(
        holdsWhen:
          "each navigation controller's delegate is the coordinator that owns its top screen (for profiles that rely on the delegate)",
        whatItChecks: """
          radianttap and similar libraries detect back pops in the navigation controller \
          delegate's 'didShow'. After every event, flowcheck checks that the delegate of each \
          navigation controller is the coordinator owning the screen on top of it.
          """,
        whyItMatters: """
          The delegate interprets every pop with its own shadow list. When it is the wrong \
          coordinator, a back tap finishes a coordinator that still has screens, or the real \
          owner never learns that its screen is gone.
          """,
        typicalCause: """
          A parent pushes a screen onto a shared navigation controller while its child is still \
          the delegate; stopping a child that shared the controller leaves it with no delegate; \
          the coordinator started last stays the delegate after its screens are gone.
          """,
        howToFix: """
          'activate' a coordinator before it shows screens on a navigation controller it shares, \
          and 'activate' the parent after stopping such a child.
          """)),
  ]
}

extension InvariantID {
  /// A navigation coordinator's shadow stack equals the part of its controller's stack it owns.
  public static let shadowSync = InvariantID("shadow-sync")
  /// A navigation controller's delegate is the coordinator that owns its top screen.
  public static let delegateOwner = InvariantID("delegate-owner")
}
