import FlowExplorer
import FlowLanguage
import FlowTestSupport
import Testing

@testable import FlowModel

/// What the reductions that keep a search with transitions in flight small (issue 34) do to
/// the violations found up to a depth, on generated flows with `inflight 1`. None keeps the
/// verdict's meaning by dropping a violation: each finds a violation exactly when the search
/// without it does, and only kinds that search finds. Stopping once every property is
/// decided finds the same kinds; `--stop-at-first` finds the full search's own first
/// violations, trace and all, the same on one thread and on two. Not exploring past a
/// violation and the `deferred` bound do not always find the same kinds: see each test.
///
/// Uses ``ModelPropertyTests/check(_:seeds:family:sourceLocation:_:)``: a failing seed is
/// named, and its flow shrunk to a small one that still fails.
@Suite struct ReductionPropertyTests {
  /// Events from launch the searches compare; deep enough for a double tap and what follows.
  static let depth = 10
  /// The most states a search may store; a flow beyond it is skipped.
  static let stateLimit = 60_000

  /// `flow` with transitions in flight and `deferred` as given.
  static func inFlight(_ flow: CheckedFlow, deferred: Int = 1) -> CheckedFlow {
    var flow = flow
    flow.limits.inflight = 1
    flow.limits.deferred = deferred
    return flow
  }

  /// What a search found within ``depth``.
  struct Found {
    /// The kinds of violation: property names (`shadow-sync`, `uikit-noop`, `always`, …).
    var kinds: Set<String>
    /// The length of the shortest trace of any violation but `can-return`'s; nil without
    /// one. `can-return` is judged on the graph: a state past a violation counts as leading
    /// home, so the first state found not to may lie deeper than in the full search (it
    /// cannot go home in either).
    var shortest: Int?
    var states: Int
  }

  /// A search of `flow` within ``depth``; nil when it stores more than ``stateLimit``.
  static func search<R: CoordinatorRuntime>(
    _ flow: CheckedFlow, _ runtime: R.Type, exploresPastViolations: Bool,
    stopsWhenEveryPropertyIsDecided: Bool = false
  ) -> Found? {
    let system = FlowSystem<R>(flow: flow, exploresPastViolations: exploresPastViolations)
    var options = ExplorerOptions(maxDepth: depth, maxStates: stateLimit)
    options.stopsWhenEveryPropertyIsDecided = stopsWhenEveryPropertyIsDecided
    let result = Explorer.explore(system, options: options)
    if case .incomplete(.states) = result.completion { return nil }
    return Found(
      kinds: Set(result.violations.map(\.name)),
      shortest: result.violations.filter { $0.name != InvariantID.canReturn.rawValue }.map(
        \.actionIndices.count
      )
      .min(),
      states: result.states)
  }

  /// Problems unless the reduced search finds a violation exactly when the full one does,
  /// and only kinds the full one finds; with `sameShortest`, its shortest as short.
  static func subsetWithTheSameVerdict(
    _ reduced: Found, _ full: Found, _ what: String, sameShortest: Bool = true
  ) -> ModelPropertyTests.Problems {
    var problems = ModelPropertyTests.Problems()
    problems.expect(
      reduced.kinds.isSubset(of: full.kinds),
      "\(what): found \(reduced.kinds.subtracting(full.kinds).sorted()), which the full search does not")
    problems.expect(
      reduced.kinds.isEmpty == full.kinds.isEmpty,
      "\(what): found \(reduced.kinds.sorted()), the full search \(full.kinds.sorted())")
    problems.expect(
      !sameShortest || reduced.shortest == full.shortest,
      "\(what): shortest trace \(reduced.shortest ?? 0) steps, the full search's \(full.shortest ?? 0)")
    return problems
  }

  // MARK: - Not exploring past a violation

  /// Not exploring past a violation finds a violation exactly when the full search does,
  /// with as short a shortest trace, and only kinds the full search finds. Not the same
  /// kinds: a kind that only ever happens after another violation is found once that one
  /// is fixed (at least 12 of the 30 generated radianttap flows lose one or more such kinds).
  static func pruningKeepsVerdicts<R: CoordinatorRuntime>(_ flow: CheckedFlow, _ runtime: R.Type)
    -> ModelPropertyTests.Problems?
  {
    let flow = inFlight(flow)
    guard let pruned = search(flow, runtime, exploresPastViolations: false),
      let full = search(flow, runtime, exploresPastViolations: true)
    else { return nil }
    return subsetWithTheSameVerdict(pruned, full, "not exploring past violations")
  }

  @Test func notExploringPastAViolationKeepsTheVerdictAndTheShortestTrace() {
    ModelPropertyTests.check("pruning after violations") { Self.pruningKeepsVerdicts($0, Radianttap.self) }
  }

  @Test func routerNotExploringPastAViolationKeepsTheVerdictAndTheShortestTrace() {
    ModelPropertyTests.check("router pruning after violations", family: .router) {
      Self.pruningKeepsVerdicts($0, Router.self)
    }
  }

  // MARK: - The deferred bound

  /// `deferred 1` against a bound no flow reaches: a violation exactly when there is one
  /// without the bound, and only kinds found without it. Not always the same kinds, nor as
  /// short a trace: a bug that needs a third tap during one push is beyond the bound. On the
  /// 30 generated flows, 1 radianttap flow loses a kind (`uikit-crash`, a triple tap) and 5
  /// router flows lose `orphan-child` or `dead-screen`.
  static func deferredBoundKeepsVerdicts<R: CoordinatorRuntime>(_ flow: CheckedFlow, _ runtime: R.Type)
    -> ModelPropertyTests.Problems?
  {
    guard let bounded = search(inFlight(flow, deferred: 1), runtime, exploresPastViolations: true),
      let unbounded = search(inFlight(flow, deferred: 1000), runtime, exploresPastViolations: true)
    else { return nil }
    return subsetWithTheSameVerdict(bounded, unbounded, "deferred 1", sameShortest: false)
  }

  @Test func theDeferredBoundKeepsTheVerdict() {
    ModelPropertyTests.check("deferred bound") { Self.deferredBoundKeepsVerdicts($0, Radianttap.self) }
  }

  @Test func routerTheDeferredBoundKeepsTheVerdict() {
    ModelPropertyTests.check("router deferred bound", family: .router) {
      Self.deferredBoundKeepsVerdicts($0, Router.self)
    }
  }

  // MARK: - Stopping early

  /// Stopping once every property is decided finds the same kinds; `--stop-at-first` finds
  /// one of them, with a trace as short as the full search's for that kind, and the same
  /// trace on one and two threads.
  static func stoppingEarlyKeepsKinds<R: CoordinatorRuntime>(_ flow: CheckedFlow, _ runtime: R.Type)
    -> ModelPropertyTests.Problems?
  {
    // Without a home: can-return, decided only on the whole graph, would keep every search
    // going to the end.
    var flow = inFlight(flow)
    flow.home = nil
    var problems = ModelPropertyTests.Problems()
    guard
      let decided = search(
        flow, runtime, exploresPastViolations: false, stopsWhenEveryPropertyIsDecided: true),
      let full = search(flow, runtime, exploresPastViolations: false)
    else { return nil }
    problems.expect(
      decided.kinds == full.kinds,
      "stopping once decided: found \(decided.kinds.sorted()), the full search \(full.kinds.sorted())")

    let system = FlowSystem<R>(flow: flow, exploresPastViolations: false)
    var options = ExplorerOptions(maxDepth: depth, maxStates: stateLimit, stopAtFirstViolation: true)
    let first = Explorer.explore(system, options: options)
    options.threads = 2
    let second = Explorer.explore(system, options: options)
    options.stopAtFirstViolation = false
    options.threads = 1
    let whole = Explorer.explore(system, options: options)
    problems.expect(
      first.violations.isEmpty == whole.violations.isEmpty,
      "stop-at-first found \(first.violations.count) violations, the full search \(whole.violations.count)")
    // Merged in the same order up to the stop, so each violation it found is the full
    // search's, trace and all.
    for violation in first.violations {
      let shortest = whole.violations.first { $0.property == violation.property }
      problems.expect(
        shortest?.actionIndices == violation.actionIndices,
        "stop-at-first: \(violation.name) in \(violation.actionIndices.count) steps, the full search "
          + "\(shortest.map { "in \($0.actionIndices.count)" } ?? "not at all")")
    }
    problems.expect(
      first.violations.map(\.actionIndices) == second.violations.map(\.actionIndices)
        && first.states == second.states,
      "stop-at-first differs between one thread and two")
    return problems
  }

  @Test func stoppingEarlyFindsTheSameKindsAndTheFirstIsAShortestTrace() {
    ModelPropertyTests.check("stopping early") { Self.stoppingEarlyKeepsKinds($0, Radianttap.self) }
  }
}
