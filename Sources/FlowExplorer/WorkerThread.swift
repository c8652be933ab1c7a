#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thread the search starts for a helper and joins when the level is done. A thread the
/// system cannot start (out of memory or of threads) is simply not there: `start` says so
/// and the caller does the work itself, so that nothing ever waits for a worker that never
/// ran (a queue's work item waits for a thread the system may never give it).
@usableFromInline struct WorkerThread {
  @usableFromInline let thread: pthread_t

  /// The work of one thread, handed to it through `pthread_create`'s context pointer.
  @usableFromInline final class Work {
    let body: @Sendable () -> Void
    @usableFromInline init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }

  /// The stack of a helper thread. The system's default (the stack limit, often 8 MiB) is
  /// all mapped at the start and counts against an address-space limit; a worker's deepest
  /// recursion (the copy of a checked flow, the expansion of a state) takes a few hundred
  /// kilobytes at most.
  @usableFromInline static var stackBytes: Int { 4 << 20 }

  /// Starts a thread running `body`; nil when the system refuses one.
  @usableFromInline static func start(_ body: @escaping @Sendable () -> Void) -> WorkerThread? {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return nil }
    defer { pthread_attr_destroy(&attributes) }
    guard pthread_attr_setstacksize(&attributes, stackBytes) == 0 else { return nil }
    // The thread is created with SIGINT and SIGTERM blocked, a mask it inherits, so that
    // they go to the thread that handles them (and can block them while it writes a file).
    let context = Unmanaged.passRetained(Work(body)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
      let status = withStopSignalsBlocked {
        pthread_create(
          &thread, &attributes,
          { context in
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            return nil
          }, context)
      }
      guard status == 0, let thread else {
        Unmanaged<Work>.fromOpaque(context).release()
        return nil
      }
      return WorkerThread(thread: thread)
    #else
      var thread = pthread_t()
      let status = withStopSignalsBlocked {
        pthread_create(
          &thread, &attributes,
          { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
          }, context)
      }
      guard status == 0 else {
        Unmanaged<Work>.fromOpaque(context).release()
        return nil
      }
      return WorkerThread(thread: thread)
    #endif
  }

  /// Waits for the thread to end.
  @usableFromInline func join() { pthread_join(thread, nil) }
}
