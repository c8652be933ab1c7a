import Synchronization

/// A request to stop a search from outside it, such as a signal handler's: the search
/// polls it where it checks its time limit (after every small batch of states) and ends
/// incomplete (`LimitReason.interrupted`). Setting it is one lock-free store, which a
/// signal handler may make.
public final class StopRequest: Sendable, Equatable {
  private let code = Atomic<Int32>(0)

  public init() {}

  /// Asks the search to stop; `code` (non-zero, such as the signal's number) says why.
  public func request(_ code: Int32) { self.code.store(code, ordering: .relaxed) }

  /// The code the stop was requested with, 0 while none was.
  public var requested: Int32 { code.load(ordering: .relaxed) }

  public static func == (lhs: StopRequest, rhs: StopRequest) -> Bool { lhs === rhs }
}
