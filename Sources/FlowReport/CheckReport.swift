import FlowLanguage
import FlowModel

/// Everything a check found, ready to print as text or JSON.
public struct CheckReport: Sendable {
  public enum Outcome: String, Sendable {
    case verified, violated, incomplete

    /// 0 verified, 1 a property violated, 2 incomplete.
    public var exitCode: Int32 {
      switch self {
      case .verified: 0
      case .violated: 1
      case .incomplete: 2
      }
    }
  }

  public enum Status: String, Sendable {
    /// Checked on every explored state and transition and never broken.
    case holds
    case violated
    /// For `reachable`: some explored state satisfies it.
    case reached
    /// Not broken in the explored part, but the exploration was incomplete.
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

  /// One step of a violation's story.
  public struct StoryStep: Sendable {
    public var event: String
    public var log: [StepLog.Line]
    /// The state after the step, one fact per line.
    public var state: [String]
    /// Per line of `state`: whether it differs from the state before.
    public var changed: [Bool]
  }

  public struct Violation: Sendable {
    public var id: String
    public var text: String?
    /// One line on why it broke.
    public var why: String
    /// The state after launch, before the first event.
    public var launch: StoryStep
    public var steps: [StoryStep]
    /// The events, for `replay`.
    public var events: [String]
  }

  public var path: String
  public var appName: String
  public var library: String
  public var outcome: Outcome
  /// Why the exploration is incomplete, when it is.
  public var incompleteReason: String?
  public var states: Int
  public var transitions: Int
  public var cutTransitions: Int
  public var depth: Int
  public var seconds: Double
  public var threads: Int
  public var collisionProbability: Double
  public var bounds: String
  public var verdicts: [Verdict]
  public var violations: [Violation]
  public var screensNeverShown: [String]
  public var handlersNeverRun: [String]
  public var messagesNeverHandled: [String]
  /// The file's `expect`, in words, and whether the outcome matches it.
  public var expectation: String?
  public var expectationMet: Bool?

  public var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }
}
