import FlowLanguage

/// Every invariant flowcheck checks, as values: the shared ones here, each runtime's own in
/// its folder (`CoordinatorRuntime.invariants`). Reports list the verdicts by rank;
/// `explain` prints their texts; the checks are the step's, the runtime's
/// `stateInvariants` and the explorer's graph properties, each under its invariant's id.
public enum InvariantRegistry {
  /// Every registered invariant, by rank.
  public static let all: [Invariant] = {
    var merged: [Invariant] = []
    for entry in entries.sorted(by: { $0.rank < $1.rank })
    where !merged.contains(where: { $0.id == entry.id }) {
      // A runtime's own entry takes the place of a shared one; several runtimes' entries of
      // one id are one invariant that applies to all of them.
      let own = RuntimeRegistry.runtimes.flatMap { $0.invariants }.filter { $0.id == entry.id }
      guard let first = own.first else {
        merged.append(entry)
        continue
      }
      merged.append(
        Invariant(
          first.id, rank: first.rank, kinds: first.kinds, runtimes: own.flatMap { $0.runtimes ?? [] },
          whenAbsent: first.whenAbsent, explanation: first.explanation))
    }
    return merged
  }()

  /// The invariants a step reports (kind `.step`), by rank: the first properties of every
  /// flow's system, in this order, whatever its runtime.
  public static let stepInvariants: [InvariantID] = all.filter { $0.kinds.contains(.step) }.map(\.id)

  private static let stepIndices: [InvariantID: Int] = Dictionary(
    uniqueKeysWithValues: stepInvariants.enumerated().map { ($1, $0) })

  /// The place of a step invariant in `stepInvariants`; the invariant must be registered
  /// with kind `.step`.
  public static func stepIndex(_ id: InvariantID) -> Int {
    guard let index = stepIndices[id] else {
      preconditionFailure("'\(id)' is reported by a step but not registered as a step invariant")
    }
    return index
  }

  /// Every registered entry, shared and each runtime's, before they are merged.
  static var entries: [Invariant] { shared + RuntimeRegistry.runtimes.flatMap { $0.invariants } }

  /// The invariant with this id.
  public static func invariant(_ id: InvariantID) -> Invariant? { all.first { $0.id == id } }

  /// The invariants every runtime shares (`runtimes` nil), and those no runtime checks yet.
  static let shared: [Invariant] = [
    Invariant(
      .finishPropagation, rank: 20, kinds: [.step, .state], runtimes: nil,
      explanation: InvariantExplanation(
        holdsWhen:
          "a child coordinator whose screens have all left the hierarchy has told its parent exactly once and is out of the coordinator tree",
        whatItChecks: """
          For every child coordinator, flowcheck tracks whether any of its screens is still in \
          the view hierarchy. When the last one leaves, by a pop, a dismissal or a gesture, the \
          parent must have received 'coordinatorDidFinish' for it once, not zero times and not \
          twice, and the child must no longer be in the parent's 'childCoordinators'.
          """,
        whyItMatters: """
          A child that is never finished keeps running: it stays the navigation delegate or the \
          target of messages, holds stale state, and blocks a new instance with the same \
          identifier. A child finished twice makes the parent remove whatever is stored under \
          that identifier now, often a newer, live child.
          """,
        typicalCause: """
          The screens left in a way the library does not observe: a sheet swiped down \
          (a library without a presentation delegate never sees it), a non-animated pop, a pop that crosses into the parent's \
          screens. Or a handler calls 'finish' while the library's own pop detection reports the \
          same removal a second time.
          """,
        howToFix: """
          Call 'finish' on every path that removes the child's last screen, and only there. Make \
          a sheet 'modalInPresentation' when its coordinator cannot observe a swipe-down, and \
          close it through its own buttons with 'dismiss; finish'.
          """)),
    Invariant(
      .orphanChild, rank: 30, kinds: [.step, .state], runtimes: nil,
      explanation: InvariantExplanation(
        holdsWhen:
          "every child coordinator in the tree has had a screen in the hierarchy or awaits async work, and no child was lost by an identifier collision",
        whatItChecks: """
          After every event, flowcheck looks for child coordinators that are still in the tree \
          though neither they nor any descendant has ever had a screen in the hierarchy, and \
          that await no async work ('after'); and, during the step, for a child overwritten in \
          its parent's 'childCoordinators' because another child was started under the same \
          identifier. A child whose screens were shown and have all left is not an orphan: \
          that is 'finish-propagation'.
          """,
        whyItMatters: """
          An orphaned coordinator is a leak that keeps acting: it may still be a navigation \
          delegate, still handle messages, and a later 'startChild' of the same type collides \
          with it. A child lost by collision keeps running while its parent can no longer stop it.
          """,
        typicalCause: """
          'startChild' of a coordinator type that is already started: where the library keys \
          children by identifier (the type name by default), the second start silently replaces \
          the first, and 'stopChild' later removes the wrong one. Also a 'start' that shows \
          nothing on some path (an 'if' without an 'else', a presentation UIKit ignores because \
          something is already presented), so the child is kept with nothing on screen.
          """,
        howToFix: """
          Guard starts with 'if !started(C) { startChild C }', or give instances distinct \
          'identifier' values. Make every path of 'start' show a screen, or finish the child \
          on the paths that show none.
          """)),
    Invariant(
      .deadScreen, rank: 40, kinds: [.step, .state], runtimes: nil,
      explanation: InvariantExplanation(
        holdsWhen:
          "every screen in the hierarchy has a live coordinator on its responder chain, so its events are handled",
        whatItChecks: """
          For every screen in the view hierarchy, flowcheck walks its responder chain (its \
          parent coordinator, then that coordinator's parents) and requires a live, started \
          coordinator on it.
          """,
        whyItMatters: """
          A screen without a live coordinator is frozen: its buttons send events that nobody \
          handles, so taps do nothing, and often the only way out is to kill the app.
          """,
        typicalCause: """
          A coordinator is stopped or finished while its screens stay on screen: 'stopChild' \
          without a dismiss, 'finish' without a pop. Where stopping a child that shares the \
          navigation controller clears the controller's parent coordinator and nothing \
          re-activates the parent, the parent's own screens lose their coordinator.
          """,
        howToFix: """
          Remove a coordinator's screens ('dismiss', 'pop') before or while stopping it. After \
          stopping a child that shared the parent's navigation controller, 'activate' the \
          parent.
          """)),
    Invariant(
      .unhandledMessage, rank: 50, kinds: [.step], runtimes: nil,
      explanation: InvariantExplanation(
        holdsWhen: "every message sent up the responder chain reaches a handler",
        whatItChecks: """
          A 'send' travels up the coordinating responder chain: from the screen to its parent \
          coordinator, then to each parent coordinator, up to the app delegate. flowcheck \
          follows it during the step and reports a message that reaches the top unhandled.
          """,
        whyItMatters: """
          UIKit drops such a message without a word: the button the user tapped does nothing.
          """,
        typicalCause: """
          The handler sits in a coordinator that is not on the sender's chain at that moment: \
          the sender's coordinator was stopped, a 'takeover' or 'activate' moved the chain, or \
          the handler is in a sibling. Pushed screens that have no parent coordinator of their \
          own send to whichever coordinator last activated the navigation controller.
          """,
        howToFix: """
          Handle the message in a coordinator that is an ancestor of every screen that sends \
          it, often the window coordinator, or guard the send with the state in which the \
          handler is known to be there.
          """)),
    Invariant(
      .uikitCrash, rank: 80, kinds: [.step], runtimes: nil,
      explanation: InvariantExplanation(
        holdsWhen: "no hard UIKit precondition is broken",
        whatItChecks: """
          During every step, flowcheck checks UIKit's hard preconditions: never push a view \
          controller that is already in the stack, never push a navigation controller, no \
          duplicate view controllers in 'setViewControllers', pop to a view controller only if \
          it is in the stack, never present a view controller that is already presented or has \
          a parent.
          """,
        whyItMatters: """
          Breaking one of these raises an exception in UIKit: the app crashes.
          """,
        typicalCause: """
          A handler that runs twice (a double tap, an async completion arriving after the user \
          moved on) and repeats a push or a presentation; a 'pop to' aimed at a screen that was \
          already popped.
          """,
        howToFix: """
          Guard the statement with the state it assumes, for example 'if onScreen(S)' before \
          'pop to S', or a flag set when work starts; make async completions check that their \
          screen is still there.
          """)),
    Invariant(
      .uikitNoop, rank: 90, kinds: [.step], runtimes: nil,
      explanation: InvariantExplanation(
        holdsWhen: "no soft UIKit rule is broken (a call UIKit ignores with a console warning)",
        whatItChecks: """
          During every step, flowcheck checks UIKit's soft rules: presenting from a view \
          controller that is already presenting, presenting from one whose view is not in the \
          window hierarchy, popping the root of a navigation stack, dismissing when nothing is \
          presented; presenting or dismissing while a presentation or dismissal is still \
          animating (unless the flow says 'limits { inflight 0 }').
          """,
        whyItMatters: """
          UIKit ignores the call and only logs a warning such as "Attempt to present ... whose \
          view is not in the window hierarchy". The coordinator believes the screen appeared, \
          its state drifts from what the user sees, and the tap seems to do nothing.
          """,
        typicalCause: """
          A coordinator presents while something it presented is still up, for example the \
          window coordinator presenting a login sheet while the cart sheet is showing; \
          presenting from a stale presenter after a sheet was swiped away unobserved; a second \
          'dismiss'; a double tap, or an async completion, that lands while a sheet animates \
          in or out.
          """,
        howToFix: """
          Present from the coordinator of the topmost presented screen (handle the message \
          there), or guard with 'presented == 0'; dismiss only what this coordinator presented. \
          Present or dismiss after the previous transition ends (its completion), or without \
          animation; ignore a tap while a transition animates ('if !animating { … }').
          """)),
    Invariant(
      .noDeadEnd, rank: 130, kinds: [.state], runtimes: nil,
      explanation: InvariantExplanation(
        holdsWhen: "from every reachable state some user action is possible",
        whatItChecks: """
          In every reachable state, flowcheck requires at least one enabled user action: a \
          screen event with a handler, the back button or swipe, a sheet swipe-down.
          """,
        whyItMatters: """
          A state with no possible action is a stuck app: the user can only kill it.
          """,
        typicalCause: """
          A 'modalInPresentation' or full-screen screen whose handlers are all guarded off in \
          that state; a root screen with no events.
          """,
        howToFix: """
          Give every screen a way out in every state, typically a close or cancel event that \
          dismisses it and finishes its coordinator.
          """)),
    Invariant(
      .canReturn, rank: 140, kinds: [.graph], runtimes: nil,
      whenAbsent: { _ in "no 'home' screen declared" },
      explanation: InvariantExplanation(
        holdsWhen: "from every reachable state the home screen can be reached again",
        whatItChecks: """
          On the explored state graph, flowcheck checks that from every reachable state some \
          sequence of events leads back to a state whose top screen is the app's 'home' screen.
          """,
        whyItMatters: """
          A state with no way home traps the user in one part of the app until it is relaunched.
          """,
        typicalCause: """
          'root' replaced the home screen and no handler shows it again; a coordinator \
          finished while its screens stayed, so nothing handles their events; the 'home' \
          declaration names a screen the flow never returns to.
          """,
        howToFix: """
          Add a path back ('pop to Home', a close button that dismisses and finishes), or \
          declare as 'home' the screen the app really returns to.
          """)),
    Invariant(
      .always, rank: 150, kinds: [.flowProperty], runtimes: nil,
      explanation: InvariantExplanation(
        holdsWhen: "the flow's own 'always EXPR' is true in every reachable state",
        whatItChecks: """
          The expression of each 'always' line in the .flow file is evaluated on every \
          reachable state once the step has settled. A violation comes with the shortest event \
          sequence that makes it false.
          """,
        whyItMatters: """
          It is the team's own rule about the app, for example that checkout is never shown to \
          a user who is not logged in.
          """,
        typicalCause: """
          A path the team did not think of: an app event (logout, a deep link) arriving in the \
          middle of a flow, an async completion landing after the user moved on, a back gesture \
          that skips a handler.
          """,
        howToFix: """
          Read the trace: it is the shortest way to the bad state. Guard the handler that \
          reaches it, or tear down the affected screens in the event that breaks the rule.
          """)),
    Invariant(
      .never, rank: 160, kinds: [.flowProperty], runtimes: nil,
      explanation: InvariantExplanation(
        holdsWhen: "the flow's own 'never EXPR' is false in every reachable state",
        whatItChecks: """
          'never EXPR' means 'always !(EXPR)': the expression is evaluated on every reachable \
          state, and a violation comes with the shortest event sequence that makes it true.
          """,
        whyItMatters: """
          It is the team's own description of a state the app must not get into, such as a \
          receipt shown while the cart still holds items.
          """,
        typicalCause: """
          State updated in one handler but not in another path to the same screen, or an async \
          completion that updates state after the screen changed.
          """,
        howToFix: """
          Read the trace, then update the state on every path that reaches the screen, or guard \
          the statement that leads into the forbidden state.
          """)),
    Invariant(
      .reachable, rank: 170, kinds: [.flowProperty], runtimes: nil,
      explanation: InvariantExplanation(
        holdsWhen: "some reachable state satisfies the flow's own 'reachable EXPR'",
        whatItChecks: """
          flowcheck looks for at least one reachable state where the expression is true. It is \
          violated only when the whole state space was explored without finding one; when a \
          limit cut exploration short, the result is incomplete instead.
          """,
        whyItMatters: """
          An unreachable goal is a feature the user can never get to, or a spec that no longer \
          matches the app.
          """,
        typicalCause: """
          A guard that is never true, a handler attached to an event the screen never emits, a \
          screen that is never shown, or limits too tight for the path (a stack or presented \
          limit that cuts it).
          """,
        howToFix: """
          Check the coverage warnings (screens never shown, handlers never run), loosen the \
          guard or the limits, or correct the expression.
          """)),
  ]
}
