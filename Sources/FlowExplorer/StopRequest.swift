import Synchronization

/// A request to stop a search from outside it, such as a signal's: the search polls it
/// where it checks its time limit (after every small batch of states) and ends incomplete
/// (`LimitReason.interrupted`). Setting it is one lock-free store.
public final class StopRequest: Sendable, Equatable {
  private let code = Atomic<Int32>(0)
  /// Read when nothing was requested here: a stop recorded elsewhere (the executable's
  /// signal handler, which cannot call Swift, records the signal in C).
  private let source: (@Sendable () -> Int32)?

  public init() { source = nil }

  /// A request that is also made once `source` returns non-zero (the code to stop with).
  public init(polling source: @escaping @Sendable () -> Int32) { self.source = source }

  /// Asks the search to stop; `code` (non-zero, such as the signal's number) says why.
  public func request(_ code: Int32) { self.code.store(code, ordering: .relaxed) }

  /// The code the stop was requested with, 0 while none was.
  public var requested: Int32 {
    let own = code.load(ordering: .relaxed)
    return own != 0 ? own : source?() ?? 0
  }

  public static func == (lhs: StopRequest, rhs: StopRequest) -> Bool { lhs === rhs }
}
