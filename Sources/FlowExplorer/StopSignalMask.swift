#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs `body` with SIGINT and SIGTERM blocked on the calling thread, then gives the thread
/// its previous mask back (a signal that came meanwhile is delivered then). A thread started
/// inside inherits the blocked mask: the search's helpers leave the stop signals to the
/// thread that handles them, and a file being written is not cut short.
public func withStopSignalsBlocked<Result, Failure: Error>(_ body: () throws(Failure) -> Result)
  throws(Failure) -> Result
{
  var stops = sigset_t()
  sigemptyset(&stops)
  sigaddset(&stops, SIGINT)
  sigaddset(&stops, SIGTERM)
  var previous = sigset_t()
  pthread_sigmask(SIG_BLOCK, &stops, &previous)
  defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
  return try body()
}
