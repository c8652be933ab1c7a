#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The memory of frontier blocks (`FrontierBlock`), mapped from the system, with the blocks
/// of standard size given back kept for the next ones.
///
/// A level's blocks are given back as the level is read, while the merge fills the next
/// level's: kept, their pages are still resident, and the next level writes into them
/// without a page fault. Fresh pages fault on their first write, and that write is the
/// merge's copy of each new state into the next level, on the one merging thread.
///
/// At most `keptLimit` blocks are kept (`defaultKeptLimit` for the process's pool); the
/// others go back to the system. Levels mostly grow, so the next level takes what the
/// current one gives back and few are ever kept; on a shrinking level the kept ones cap what
/// stays resident beyond the states.
///
/// One for the process, shared by every search and thread, behind a mutex: a block is
/// taken or given back once per megabyte of states.
public final class FrontierMemory: @unchecked Sendable {
  // @unchecked: `kept` is only touched with `mutex` held.
  static let shared = FrontierMemory(keptLimit: defaultKeptLimit)

  /// Bytes of a standard block (a frontier store's), in whole pages; larger blocks (for a
  /// state larger than that) are mapped and unmapped each time.
  let standardBytes: Int
  public static var standardCapacity: Int { 1 << 20 }
  /// The most standard blocks the process's pool keeps at once.
  static var defaultKeptLimit: Int { 4 }
  /// The most standard blocks this pool keeps at once.
  let keptLimit: Int

  private var kept: [UnsafeMutableRawPointer] = []
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  /// A pool of its own (the tests'); the explorer's blocks use `shared`.
  init(keptLimit: Int) {
    self.keptLimit = keptLimit
    let page = Int(getpagesize())
    standardBytes = (Self.standardCapacity + page - 1) / page * page
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  /// Memory for a block of at least `capacity` bytes, and its size in whole pages.
  func take(capacity: Int) -> (memory: UnsafeMutableRawPointer, bytes: Int) {
    let page = Int(getpagesize())
    let bytes = max(standardBytes, (capacity + page - 1) / page * page)
    if bytes == standardBytes, let reused = withLock({ kept.popLast() }) { return (reused, bytes) }
    // Refused, the search's reserve is given back for one more try, and the search stops
    // at its next check with a report (`MemoryReserve`).
    guard let raw = Self.map(bytes) ?? (MemoryReserve.release() ? Self.map(bytes) : nil) else {
      fatalError("out of memory allocating a \(bytes)-byte frontier block")
    }
    return (raw, bytes)
  }

  /// `bytes` of fresh memory from the system, nil when refused.
  private static func map(_ bytes: Int) -> UnsafeMutableRawPointer? {
    guard let raw = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      raw != MAP_FAILED
    else { return nil }
    return raw
  }

  /// Gives back `bytes` of memory from `take(capacity:)`: kept for the next block while
  /// fewer than `keptLimit` are, else returned to the system.
  func give(_ memory: UnsafeMutableRawPointer, bytes: Int) {
    if bytes == standardBytes {
      let isKept = withLock {
        guard kept.count < keptLimit else { return false }
        kept.append(memory)
        return true
      }
      if isKept { return }
    }
    munmap(memory, bytes)
  }

  /// Blocks kept now.
  var keptCount: Int { withLock { kept.count } }

  deinit {
    for memory in kept { munmap(memory, standardBytes) }
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  private func withLock<Result>(_ body: () -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }
}
