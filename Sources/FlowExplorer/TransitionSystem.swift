/// A deterministic transition system: the only thing the explorer knows about a model.
///
/// The explorer never looks inside `State` or `Action`. It asks for the initial states, the
/// enabled actions of a state, the successor under one action and a fingerprint of a state,
/// and it evaluates the ``properties`` on the states it reaches. Everything must be a pure
/// function of its arguments: the same system explored twice, with any number of threads,
/// gives the same counts and the same traces.
///
/// A trace is stored as action *indices* (positions in the order ``actions(in:into:)``
/// produces), so that order must be fixed: never derived from iterating a `Set` or a
/// `Dictionary`.
public protocol TransitionSystem: Sendable {
  /// A state of the model. Only the states of the BFS frontier are kept in memory.
  associatedtype State: Sendable
  /// An event that moves the model from one state to the next.
  associatedtype Action: Sendable
  /// Where the explorer keeps the states of a BFS level; an array of them by default.
  associatedtype Frontier: StateStore & Sendable = [State] where Frontier.State == State
  /// Storage a worker keeps for ``expand(_:actions:violations:successors:scratch:_:)`` from
  /// one state to the next (none by default).
  associatedtype ExpansionScratch = Void

  /// Fresh scratch storage for one worker.
  func makeExpansionScratch() -> ExpansionScratch

  /// The initial states, in a fixed order. Duplicates (same fingerprint) are explored once.
  func initialStates() -> [State]

  /// Enabled actions in a fixed, deterministic order (appended to `actions`, which arrives empty).
  func actions(in state: State, into actions: inout [Action])

  /// The successor. `nil` means the action is cut by a declared model bound (counted, not explored).
  /// `violations` receives indices of step properties broken during this step (e.g. a crash rule).
  func successor(of state: State, via action: Action, violations: inout [Int]) -> State?

  /// Fingerprint of a CANONICAL state: a fixed hand-written 64-bit hash (never Swift's Hasher).
  ///
  /// Two states with the same fingerprint are taken to be the same state. ``Fingerprint``
  /// provides a suitable hash.
  func fingerprint(of state: State) -> UInt64

  /// Whether a state is terminal on purpose (e.g. the app crashed): not expanded, not a deadlock.
  func isTerminal(_ state: State) -> Bool

  /// Whether a terminal state is terminal only because it follows a violation (it breaks an
  /// invariant, or a step that broke a property reached it) and the system does not explore
  /// past violations: counted apart (``ExplorationResult/statesAfterViolations``). False by
  /// default.
  func followsViolation(_ state: State) -> Bool

  /// The properties, in a fixed order (their index is their id in results).
  var properties: [Property<State>] { get }

  /// Where the way `state` was reached broke the `always` property `property`, which `state`
  /// breaks: a site (``ViolationCode``, 0 for none), so that the explorer keeps a shortest
  /// trace for each site of it as it does for a step property; nil when `state` is not where
  /// it was broken (the state it was reached from broke it already), so no new violation.
  /// 0 by default: every state that breaks it is a violation at no particular site.
  ///
  /// The explorer asks on the states it expands, each reached first by its shortest trace
  /// (the one it reports): what the system answers must depend on that way only.
  func site(ofBroken property: Int, in state: State) -> Int?

  /// Called once on each explored state before its properties are evaluated. A model may
  /// fill in derived data here (not part of the fingerprint) instead of in `successor`,
  /// which also runs for the many successors that turn out to be known states.
  func prepared(_ state: State) -> State

  /// ``prepared(_:)`` on a worker, which may keep what it builds in `scratch` for reuse
  /// from state to state (the same scratch then expands the state). The default ignores it.
  func prepared(_ state: State, scratch: inout ExpansionScratch) -> State

  /// Every enabled action of `state` with its successor, in ``actions(in:into:)`` order:
  /// appends the actions to `actions` (which arrives empty), appends each successor that is
  /// not cut to `successors`, and calls `body` once per action with its position, the
  /// successor's fingerprint (`nil` when the action is cut: then nothing was appended) and
  /// the step properties it broke (as ``successor(of:via:violations:)`` reports them).
  ///
  /// Must agree with ``actions(in:into:)``, ``successor(of:via:violations:)`` and
  /// ``fingerprint(of:)``. A model whose states are costly to unpack or to build implements
  /// it to unpack each state once for all of its actions and to write each successor
  /// straight into the store; the default calls the others.
  func expand(
    _ state: State, actions: inout [Action], violations: inout [Int], successors: inout Frontier,
    scratch: inout ExpansionScratch,
    _ body: (_ position: Int, _ fingerprint: UInt64?, _ violations: [Int]) -> Void)
}

extension TransitionSystem where ExpansionScratch == Void {
  @inlinable public func makeExpansionScratch() {}
}

extension TransitionSystem {
  /// By default an `always` property is broken at no particular site, in every state that
  /// breaks it.
  @inlinable public func site(ofBroken property: Int, in state: State) -> Int? { 0 }

  /// By default no state is left unexpanded for following a violation.
  @inlinable public func followsViolation(_ state: State) -> Bool { false }

  /// By default a state needs no preparation.
  @inlinable public func prepared(_ state: State) -> State { state }

  @inlinable public func prepared(_ state: State, scratch: inout ExpansionScratch) -> State {
    prepared(state)
  }

  /// By default, ``actions(in:into:)``, then ``successor(of:via:violations:)`` and
  /// ``fingerprint(of:)`` per action.
  @inlinable public func expand(
    _ state: State, actions: inout [Action], violations: inout [Int], successors: inout Frontier,
    scratch: inout ExpansionScratch,
    _ body: (_ position: Int, _ fingerprint: UInt64?, _ violations: [Int]) -> Void
  ) {
    self.actions(in: state, into: &actions)
    for index in actions.indices {
      violations.removeAll(keepingCapacity: true)
      guard let next = successor(of: state, via: actions[index], violations: &violations) else {
        body(index, nil, violations)
        continue
      }
      let fingerprint = fingerprint(of: next)
      successors.append(next)
      body(index, fingerprint, violations)
    }
  }
}
