/// Why an exploration ended before it had seen every reachable state.
public enum LimitReason: String, Sendable, Equatable, CaseIterable {
  /// ``ExplorerOptions/maxDepth``: some state at the bound has an unseen successor.
  case depth
  /// ``ExplorerOptions/maxStates``.
  case states
  /// ``ExplorerOptions/maxSeconds``.
  case time
  /// ``ExplorerOptions/maxMemoryBytes``.
  case memory
  /// The system refused memory (an address-space limit): ``MemoryReserve``.
  case outOfMemory = "out-of-memory"
  /// ``ExplorerOptions/stopAtFirstViolation`` after a violation was found.
  case firstViolation
  /// ``ExplorerOptions/stopsWhenEveryPropertyIsDecided``: every property that the search
  /// decides on the way is violated (or, `sometimes`, witnessed), so more states could
  /// change no verdict.
  case everyPropertyDecided = "every-property-decided"
  /// ``ExplorerOptions/stopRequest`` was requested (a signal).
  case interrupted
}

/// Whether an exploration saw every reachable state.
public enum Completion: Sendable, Equatable {
  /// Every reachable state was explored: a property without a violation holds.
  case complete
  /// The search stopped early: a property without a violation is not proved.
  case incomplete(reason: LimitReason)

  /// Whether the search saw every reachable state.
  public var isComplete: Bool { self == .complete }
}

/// The verdict on one property after a run.
public enum PropertyVerdict: String, Sendable, Equatable {
  /// No violation in a complete search, or (for `sometimes`) a witness was found.
  case holds
  /// A counterexample was found, or (for `sometimes`) no witness in a complete search.
  case violated
  /// Nothing found, but the search was incomplete (or the mode cannot check the property).
  case unknown
}

/// A property broken by some reachable behaviour, with its shortest trace.
///
/// The trace starts in `initialStates()[initialStateIndex]` and is:
/// - for `always`: the actions reaching a state that breaks it;
/// - for `step`: the actions up to and including the breaking action;
/// - for `deadlockFree`: the actions reaching a non-terminal state with no enabled action;
/// - for `canReach`: the actions reaching a non-terminal state from which no target state is
///   reachable through non-terminal states.
public struct PropertyViolation<Action: Sendable>: Sendable {
  /// Index of the property in ``TransitionSystem/properties``.
  public var property: Int
  /// Name of the property.
  public var name: String
  /// Index of the trace's first state in ``TransitionSystem/initialStates()``.
  public var initialStateIndex: Int
  /// Each step as the position of its action in ``TransitionSystem/actions(in:into:)`` order;
  /// replayable with ``Explorer/replay(_:initialStateIndex:actionIndices:)``.
  public var actionIndices: [Int]
  /// The actions of the trace.
  public var trace: [Action]

  /// Creates a trace record.
  public init(property: Int, name: String, initialStateIndex: Int, actionIndices: [Int], trace: [Action]) {
    self.property = property
    self.name = name
    self.initialStateIndex = initialStateIndex
    self.actionIndices = actionIndices
    self.trace = trace
  }
}

/// A shortest trace reaching a state that satisfies a `sometimes` property: the same
/// record as a violation's trace.
public typealias PropertyExample<Action: Sendable> = PropertyViolation<Action>

/// What an exhaustive exploration found.
public struct ExplorationResult<Action: Sendable>: Sendable {
  /// Distinct states stored (BFS order numbers them `0..<states`).
  public var states: Int
  /// Successors computed (`successor` returned a state), including ones already seen.
  public var transitions: Int
  /// Actions cut by a declared model bound (`successor` returned `nil`).
  public var cutTransitions: Int
  /// States reached that are terminal on purpose (not expanded).
  public var terminalStates: Int
  /// Of `terminalStates`, those not expanded only because they follow a violation
  /// (``TransitionSystem/followsViolation(_:)``).
  public var statesAfterViolations = 0
  /// Depth (number of actions) of the deepest stored state.
  public var maxDepthReached: Int
  /// Distinct states first reached at each depth: `levelSizes[d]` states at depth `d`.
  public var levelSizes: [Int]
  /// Wall-clock seconds of the search, trace reconstruction included.
  public var seconds: Double
  /// Whether every reachable state was explored.
  public var completion: Completion
  /// Per violated property, sorted by property index: its shortest trace, then for a step
  /// or `always` property broken at other sites (``ViolationCode``), the shortest trace to each of them,
  /// in the order the search found them.
  public var violations: [PropertyViolation<Action>]
  /// One per `sometimes` property that was reached, sorted by property index, each with its
  /// shortest witness trace.
  public var examples: [PropertyExample<Action>]
  /// Per property index: whether it is a `sometimes` property that some state satisfied.
  public var reached: [Bool]
  /// Per property index: the verdict.
  public var verdicts: [PropertyVerdict]
  /// Estimated probability that two distinct stored states share a fingerprint, so that a
  /// state was wrongly skipped: about `n² / 2^65` for `n` stored states.
  public var collisionProbability: Double
  /// `true` for a bitstate search: states may have been missed even when complete.
  public var isProbabilistic: Bool
  /// Estimated fraction of the reachable states a bitstate search visited; `1` when exact.
  public var estimatedCoverage: Double
  /// Bytes held by the visited set, the per-state trace arrays and the recorded graph.
  public var storedBytes: Int
  /// Peak resident memory of the process at the end, in bytes (0 if unknown).
  public var peakResidentBytes: Int
  /// Worker threads used.
  public var threads: Int
  /// Seconds the merging thread spent merging expanded chunks, and growing the visited set
  /// while no chunk was expanded: the serial part of the search. With one thread, over
  /// `seconds`, the serial fraction of its work.
  public var mergeSeconds: Double = 0
  /// Seconds the merging thread waited with no chunk to merge or expand (with more than one
  /// thread: the pipeline's stalls and each level's tail).
  public var mergerIdleSeconds: Double = 0

  /// Creates a result (the explorer does; tests and reports may too).
  public init(
    states: Int,
    transitions: Int,
    cutTransitions: Int,
    terminalStates: Int,
    maxDepthReached: Int,
    levelSizes: [Int],
    seconds: Double,
    completion: Completion,
    violations: [PropertyViolation<Action>],
    examples: [PropertyExample<Action>],
    reached: [Bool],
    verdicts: [PropertyVerdict],
    collisionProbability: Double,
    isProbabilistic: Bool,
    estimatedCoverage: Double,
    storedBytes: Int,
    peakResidentBytes: Int,
    threads: Int
  ) {
    self.states = states
    self.transitions = transitions
    self.cutTransitions = cutTransitions
    self.terminalStates = terminalStates
    self.maxDepthReached = maxDepthReached
    self.levelSizes = levelSizes
    self.seconds = seconds
    self.completion = completion
    self.violations = violations
    self.examples = examples
    self.reached = reached
    self.verdicts = verdicts
    self.collisionProbability = collisionProbability
    self.isProbabilistic = isProbabilistic
    self.estimatedCoverage = estimatedCoverage
    self.storedBytes = storedBytes
    self.peakResidentBytes = peakResidentBytes
    self.threads = threads
  }

  /// Stored states per second.
  public var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }
}
