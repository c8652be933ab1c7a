import FlowExplorer
import FlowLanguage

/// What one step did, line by line, for the violation stories in reports.
/// Only filled when a trace is replayed; the explorer's hot path runs with logging off.
public struct StepLog: Sendable, Equatable {
  public enum Kind: String, Sendable {
    /// The user or system event that started the step.
    case event
    /// A UIKit callback delivered to app or library code.
    case uikit
    /// A library (coordinator runtime) call.
    case library
    /// A UIKit console warning or crash.
    case rule
    /// Something the invariants will complain about.
    case problem
  }

  public struct Line: Sendable, Equatable {
    public var kind: Kind
    public var depth: Int
    public var text: String
  }

  public var lines: [Line] = []
  public init() {}
}

/// One property broken during a step (as opposed to one checked on the state it ends in),
/// with the reason in words.
public struct StepViolation: Sendable, Equatable {
  /// The invariant's place in `InvariantRegistry.stepInvariants`, which is its property's
  /// index in the explorer too.
  public var property: Int
  public var detail: String
  /// Where the flow statement is written (a byte offset) that was running when the step
  /// reported it, else the last one the step ran before; -1 when the step ran none.
  public var at: Int = -1

  /// The invariant broken.
  public var invariant: InvariantID { InvariantRegistry.stepInvariants[property] }

  /// As the explorer takes it (`ViolationCode`): the property at the statement, so that a
  /// shortest trace is kept for each statement that breaks it.
  public var code: Int { ViolationCode.code(property: property, site: at + 1) }
}

/// The log of a step being run. A class so that the step's code can write to it from
/// anywhere without asking for exclusive access to the step; one per replayed step.
final class StepLogBuffer {
  var log = StepLog()
}
