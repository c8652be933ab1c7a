#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Coordinates the threads that expand one BFS level: chunks `0..<count` are expanded by any
/// thread, into a ring of `slots` buffers (chunk `c` into slot `c % slots`), and merged by
/// one thread in chunk order, so states are numbered as a single thread numbers them.
///
/// There is no barrier inside a level: a worker takes the next chunk as soon as it is done
/// with one, unless the ring is full (the chunk `slots` ahead of the next one to merge is
/// still waiting); the merging thread merges the next chunk as soon as it is expanded and
/// otherwise expands a chunk itself. With batches of chunks expanded between barriers, the
/// threads would idle at every barrier until the slowest chunk of the batch is done.
///
/// `@unchecked Sendable`: every counter and flag is read and written under the mutex. A
/// class, because the mutex and condition must have stable addresses and be destroyed once.
@usableFromInline final class ChunkPipeline: @unchecked Sendable {
  /// What the merging thread does next.
  @usableFromInline enum MergerTask: Equatable {
    /// Merge this chunk: it is the next in order and is expanded.
    case merge(Int)
    /// Expand this chunk: the next to merge is not ready yet.
    case expand(Int)
    /// Every chunk is merged, or the pipeline was cancelled.
    case finished
  }

  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline let changed: UnsafeMutablePointer<pthread_cond_t>
  @usableFromInline let count: Int
  @usableFromInline let slots: Int
  /// Chunks `0..<nextToTake` are handed out.
  @usableFromInline @exclusivity(unchecked) var nextToTake = 0
  /// Chunks `0..<nextToMerge` are merged: their slots are free again.
  @usableFromInline @exclusivity(unchecked) var nextToMerge = 0
  /// Per slot: the chunk in it is expanded and waits to be merged.
  @usableFromInline @exclusivity(unchecked) var ready: [Bool]
  @usableFromInline @exclusivity(unchecked) var isCancelled = false
  /// Chunks being expanded now, by any thread.
  @usableFromInline @exclusivity(unchecked) var expanding = 0
  /// No chunk is handed out while the merging thread needs the expansions to stand still
  /// (``pauseExpansions()``).
  @usableFromInline @exclusivity(unchecked) var isPaused = false

  /// A pipeline for `count` chunks over `slots` buffers (at least one).
  @inlinable init(count: Int, slots: Int) {
    precondition(slots > 0, "a pipeline needs a buffer")
    self.count = count
    self.slots = slots
    ready = Array(repeating: false, count: slots)
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    changed = .allocate(capacity: 1)
    changed.initialize(to: pthread_cond_t())
    pthread_cond_init(changed, nil)
  }

  deinit {
    pthread_cond_destroy(changed)
    changed.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// For a worker: the next chunk to expand, waiting while the ring is full; `nil` when every
  /// chunk is handed out or the pipeline is cancelled.
  @inlinable func take() -> Int? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !isCancelled && nextToTake < count && (nextToTake >= nextToMerge + slots || isPaused) {
      pthread_cond_wait(changed, mutex)
    }
    guard !isCancelled && nextToTake < count else { return nil }
    nextToTake += 1
    expanding += 1
    return nextToTake - 1
  }

  /// Records that `chunk` is expanded into its slot.
  @inlinable func expanded(_ chunk: Int) {
    pthread_mutex_lock(mutex)
    ready[chunk % slots] = true
    expanding -= 1
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }

  /// For the merging thread: merge the next chunk if it is ready, else expand one if the ring
  /// has room, else wait for either.
  @inlinable func nextMergerTask() -> MergerTask {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while true {
      if isCancelled || nextToMerge >= count { return .finished }
      if ready[nextToMerge % slots] { return .merge(nextToMerge) }
      if nextToTake < count && nextToTake < nextToMerge + slots {
        nextToTake += 1
        expanding += 1
        return .expand(nextToTake - 1)
      }
      pthread_cond_wait(changed, mutex)
    }
  }

  /// Records that `chunk`, the next in order, is merged: its slot is free.
  @inlinable func merged(_ chunk: Int) {
    pthread_mutex_lock(mutex)
    precondition(chunk == nextToMerge, "chunks are merged in order")
    ready[chunk % slots] = false
    nextToMerge += 1
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }

  /// For the merging thread, between two of its tasks: hands out no chunk and waits until
  /// no thread is expanding one, so that what the expansions read may change (the visited
  /// set grows). ``resumeExpansions()`` ends the pause.
  @inlinable func pauseExpansions() {
    pthread_mutex_lock(mutex)
    isPaused = true
    while expanding > 0 { pthread_cond_wait(changed, mutex) }
    pthread_mutex_unlock(mutex)
  }

  /// Ends ``pauseExpansions()``.
  @inlinable func resumeExpansions() {
    pthread_mutex_lock(mutex)
    isPaused = false
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }

  /// Hands out no more chunks and ends the merging thread's work.
  @inlinable func cancel() {
    pthread_mutex_lock(mutex)
    isCancelled = true
    pthread_cond_broadcast(changed)
    pthread_mutex_unlock(mutex)
  }
}
