#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Hands out chunk numbers `0..<count` to worker threads, each number once, in increasing
/// order, until the count is reached or ``cancel()`` is called.
///
/// Which worker expands which chunk varies from run to run; the merge reads the chunks in
/// number order, so results do not depend on it.
///
/// `@unchecked Sendable`: the counter is only read and written under the mutex. A class,
/// because the mutex must have a stable address and be destroyed exactly once. The counter
/// is `@exclusivity(unchecked)`: the mutex already makes its accesses exclusive.
@usableFromInline final class ChunkDispenser: @unchecked Sendable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline @exclusivity(unchecked) var nextChunk = 0
  @usableFromInline @exclusivity(unchecked) var count: Int

  @inlinable init(count: Int) {
    self.count = count
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// The next chunk number, or `nil` when all are handed out.
  @inlinable func next() -> Int? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard nextChunk < count else { return nil }
    nextChunk += 1
    return nextChunk - 1
  }

  /// Hands out no more chunks.
  @inlinable func cancel() {
    pthread_mutex_lock(mutex)
    count = min(count, nextChunk)
    pthread_mutex_unlock(mutex)
  }
}
