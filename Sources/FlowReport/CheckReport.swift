import FlowLanguage
import FlowModel

/// Everything a check found, as data: any `ReportRenderer` prints it (text, JSON, ...).
public struct CheckReport: Sendable {
  public enum Outcome: String, Sendable {
    /// Every reachable state within the bounds was explored exactly; nothing is violated.
    case verified
    /// A property is violated (its trace is real, whatever the search mode).
    case violated
    /// A limit was hit before the exploration finished.
    case incomplete
    /// A bitstate search finished without a violation, but states may have been missed:
    /// nothing is verified.
    case partial

    /// 0 verified, 1 a property violated, 2 incomplete or partial.
    public var exitCode: Int32 {
      switch self {
      case .verified: 0
      case .violated: 1
      case .incomplete, .partial: 2
      }
    }
  }

  public enum Status: String, Sendable {
    /// Checked on every explored state and transition and never broken.
    case holds
    case violated
    /// For `reachable`: some explored state satisfies it.
    case reached
    /// Not broken in the explored part, but the exploration was incomplete or probabilistic.
    case unknown
    /// Does not apply to this flow or runtime.
    case notApplicable = "not-applicable"
  }

  /// One line of the verdict table.
  public struct Verdict: Sendable {
    public var id: String
    /// The expression, for the flow's own properties.
    public var text: String?
    public var status: Status
    /// Steps in the shortest trace, when violated or reached.
    public var traceLength: Int?
    public var note: String?
  }

  /// One step of a violation's trace, as data: what was done, what it caused and the state
  /// it left. Renderers read it; nothing here is formatted for one output in particular.
  ///
  /// A trace replays from launch: in the state a step starts from, `actionIndex` picks its
  /// action among `FlowSystem.enabledActions(in:into:)`, and `FlowSystem.run` takes it.
  public struct StoryStep: Sendable, Equatable {
    /// The event as the user would tell it: `tap Home.edit`, `swipe down the Pay sheet`.
    public var event: String
    /// Everything the step did, line by line: the event, library calls, UIKit callbacks,
    /// UIKit warnings and problems, with their nesting depth.
    public var log: [StepLog.Line]
    /// The state after the step, one fact per line.
    public var state: [String]
    /// Per line of `state`: whether it differs from the state before.
    public var changed: [Bool]
    /// What started the step, with names rather than model indices; `.launch` for the
    /// launch step.
    public var action: TraceAction = .launch
    /// The position of the step's action among the actions enabled in the state it starts
    /// from, in the order `FlowSystem.enabledActions(in:into:)` lists them; nil for the
    /// launch step.
    public var actionIndex: Int? = nil
    /// The handler the event reached, when one ran and the checker had the source: where
    /// SARIF's code flow points for this step.
    public var location: Location? = nil

    /// The UIKit callbacks the step delivered to app or library code, in order.
    public var callbacks: [String] { log.filter { $0.kind == .uikit }.map(\.text) }
    /// The coordinator library's calls during the step, in order.
    public var libraryCalls: [String] { log.filter { $0.kind == .library }.map(\.text) }
  }

  /// Where a violation is located in the flow, for the formats editors and CI read
  /// (`path:line:col`): the property's line for the flow's own properties; for a built-in
  /// invariant, the statement whose execution broke it: for a step invariant the statement
  /// running when the step reported it, for a state invariant the last statement the last
  /// step ran (a coordinator's `start` counting as the statement that started it), and for
  /// a last step that ran none (a gesture) the last statement the trace ran before it.
  public struct Location: Sendable, Equatable {
    /// 1-based.
    public var line: Int
    /// 1-based, in UTF-8 bytes, as the diagnostics count.
    public var column: Int
    /// What is there, in words: `property 'always top != Home'`, `statement 'dismiss', run
    /// in step 2`, `statement 'startChild Pay', run in step 1; step 2 ran none`.
    public var what: String

    public init(line: Int, column: Int, what: String) {
      self.line = line
      self.column = column
      self.what = what
    }
  }

  /// A broken property with its trace: the launch, then one step per event.
  public struct Violation: Sendable, Equatable {
    public var id: String
    public var text: String?
    /// Where it is located in the flow; nil when the checker was not given the source.
    public var location: Location? = nil
    /// One line on why it broke.
    public var why: String
    /// The state after launch, before the first event.
    public var launch: StoryStep
    /// The trace, in order; empty for a `reachable` property that nothing satisfies.
    public var steps: [StoryStep]
    /// The events, for `replay`.
    public var events: [String]
    /// Against `check --baseline`: whether the baseline holds this violation; nil when the
    /// run has no baseline.
    public var baselineState: BaselineState? = nil
  }

  /// A violation against the run's baseline (`Baseline`), in SARIF's words.
  public enum BaselineState: String, Sendable {
    /// Not in the baseline: it fails the run.
    case new
    /// In the baseline: reported as known, and it does not fail the run.
    case unchanged
  }

  public var path: String
  public var appName: String
  public var library: String
  public var outcome: Outcome
  /// Why the exploration is incomplete, when it is.
  public var incompleteReason: String?
  /// The signal that stopped the exploration (SIGINT, SIGTERM), when one did.
  public var interruptedBy: Int32? = nil
  public var states: Int
  public var transitions: Int
  public var cutTransitions: Int
  public var depth: Int
  public var seconds: Double
  public var threads: Int
  public var collisionProbability: Double
  /// A bitstate search: states may have been missed, so nothing holds for certain.
  public var probabilistic: Bool
  /// log2 of the bitstate table size in bits, for a bitstate search.
  public var bitstateBits: Int?
  /// Estimated fraction of the reachable states visited; 1 for an exact search.
  public var estimatedCoverage: Double
  /// Peak resident memory of the process at the end of the search, in bytes (0 if unknown).
  public var peakResidentBytes: Int
  /// Bytes held by the explorer's visited set and trace arrays.
  public var storedBytes: Int
  /// Seconds of the search spent merging and growing the visited set, on one thread (the
  /// serial part), and that thread's waits for work (`ExplorationResult.mergeSeconds`,
  /// `.mergerIdleSeconds`).
  public var mergeSeconds: Double = 0
  public var mergerIdleSeconds: Double = 0
  public var bounds: String
  /// States reported and not expanded because they follow a violation: each breaks an
  /// invariant or was reached by a step that broke one (`--explore-past-violations`
  /// expands them). 0 in a search without violations.
  public var statesAfterViolations: Int = 0
  public var verdicts: [Verdict]
  public var violations: [Violation]
  public var screensNeverShown: [String]
  public var handlersNeverRun: [String]
  public var messagesNeverHandled: [String]
  /// The file's `expect`, in words, and whether the outcome matches it.
  public var expectation: String?
  public var expectationMet: Bool?
  /// The flow's warnings (a flow with errors is never checked), set by the caller that
  /// loaded it.
  public var warnings: [FileDiagnostics.Entry] = []
  /// Whether the violations were compared with a baseline (`Baseline.compare`).
  public var baselineCompared = false
  /// The baseline's entries for this flow that no violation matched, after an exhaustive
  /// search: fixed, and to be dropped from the baseline.
  public var fixedBaselineEntries: [Baseline.Entry] = []

  /// The violations the baseline does not hold: all of them without a baseline.
  public var newViolations: [Violation] { violations.filter { $0.baselineState != .unchanged } }

  /// The outcome the run is judged by: `outcome`, except that a violated search whose
  /// violations are all in the baseline counts as the search it would be without them
  /// (verified, incomplete or partial).
  public var gatingOutcome: Outcome {
    guard outcome == .violated, baselineCompared, newViolations.isEmpty else { return outcome }
    if incompleteReason != nil { return .incomplete }
    return probabilistic ? .partial : .verified
  }

  /// The status the run exits with for this report: the outcome's, or for a search a
  /// signal stopped, the status a shell gives a process the signal ended (128 + signal).
  /// Violations in the run's baseline do not count (`gatingOutcome`).
  public var exitCode: Int32 { interruptedBy.map(signalExitStatus) ?? gatingOutcome.exitCode }

  public var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }
  /// The share of the search's time spent merging. With one thread, the serial fraction of
  /// the work: the part more threads cannot share.
  public var mergeShare: Double { seconds > 0 ? mergeSeconds / seconds : 0 }
  /// Peak resident memory per stored state (the whole process's, so an upper bound).
  public var bytesPerState: Double { states > 0 ? Double(peakResidentBytes) / Double(states) : 0 }
}
