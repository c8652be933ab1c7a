import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Address space set aside while a search runs, for the search to end with a report when
/// the system refuses memory (an address-space limit, `ulimit -v`).
///
/// Each search holds its own reserve (`hold()`, a `Hold` it gives back with `drop()`), so
/// that searches running at once in a process (parallel tests, a library's users) neither
/// clear each other's exhaustion nor take each other's reserve away. An allocation that
/// cannot fail (a frontier block) and is refused gives one reserve back and tries again
/// (`release()`); one that can do without (a table that keeps its size) only records the
/// refusal (`noteRefusal()`). Either way every search running is marked `exhausted`, as
/// they share the address space that ran out, and stops at its next check
/// (`LimitReason.outOfMemory`) with the reserves' room left for what the report needs.
///
/// A reserve is mapped, never touched: it holds address space, not resident memory.
///
/// Most of the search's memory cannot be asked for fallibly: every Swift array, string and
/// coroutine frame is `malloc`ed, and a refusal there ends the process. So a search under
/// an address-space limit also keeps headroom: at each check it maps `headroomBytes` more
/// for a moment (`checkHeadroom()`), and when that is refused it stops there, while the
/// allocations it cannot check still have room until the reserve is given back.
///
/// The searches and allocators use the process's pool (`process`, and the static methods);
/// a pool of its own is for tests.
public final class MemoryReserve: Sendable {
  /// Bytes set aside per search: the report of a search (its traces, the rendered text) and
  /// the rest of the batch that ran out.
  public static var bytes: Int { 4 << 20 }

  /// The process's pool.
  public static let process = MemoryReserve()

  /// Bytes of each reserve of this pool.
  public let bytes: Int
  /// Bytes a search keeps free beside its reserve (`checkHeadroom()`).
  public let headroomBytes: Int
  /// Whether the address space is limited: without a limit, mapping address space that is
  /// never touched is not refused, and `checkHeadroom()` maps nothing.
  public let isLimited: Bool

  /// A pool whose reserves are `bytes` each, probing for `headroomBytes` when `isLimited`
  /// (the process's pool: as much as a reserve, when `ulimit -v` is set).
  public init(
    bytes: Int = MemoryReserve.bytes, headroomBytes: Int = MemoryReserve.bytes,
    isLimited: Bool = MemoryReserve.addressSpaceIsLimited
  ) {
    self.bytes = bytes
    self.headroomBytes = headroomBytes
    self.isLimited = isLimited
  }

  /// Whether the process's address space is limited (`ulimit -v`).
  public static var addressSpaceIsLimited: Bool { AddressSpaceLimit.bytes != nil }

  /// One search's reserve.
  public final class Hold: Sendable {
    /// The reserve's address, 0 once given back.
    fileprivate let address: Atomic<Int>
    fileprivate let wasExhausted = Atomic<Bool>(false)
    fileprivate let pool: MemoryReserve

    fileprivate init(address: Int, pool: MemoryReserve) {
      self.address = Atomic(address)
      self.pool = pool
    }

    /// Whether memory ran out since the search began.
    public var exhausted: Bool { wasExhausted.load(ordering: .relaxed) }

    /// Gives the reserve back at the end of the search; `exhausted` keeps its value.
    public func drop() {
      pool.holds.withLock { holds in holds.removeAll { $0 === self } }
      _ = unmap()
    }

    /// Unmaps the reserve if it is still held; whether it was.
    fileprivate func unmap() -> Bool {
      let held = address.exchange(0, ordering: .relaxed)
      guard held != 0 else { return false }
      munmap(UnsafeMutableRawPointer(bitPattern: held), pool.bytes)
      return true
    }

    deinit { _ = unmap() }
  }

  /// The reserves of the searches running now.
  fileprivate let holds = Mutex<[Hold]>([])

  /// Sets a reserve aside at the start of a search; nil when even that is refused (the
  /// search should not start).
  public func hold() -> Hold? {
    guard let raw = mmap(nil, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), raw != MAP_FAILED else {
      return nil
    }
    let hold = Hold(address: Int(bitPattern: raw), pool: self)
    holds.withLock { $0.append(hold) }
    return hold
  }

  /// Gives one search's reserve back because memory ran out, and marks every search
  /// running exhausted; false when no reserve was held (the caller then has nothing to
  /// retry with).
  @discardableResult
  public func release() -> Bool {
    holds.withLock { holds in
      for hold in holds { hold.wasExhausted.store(true, ordering: .relaxed) }
      return holds.contains { $0.unmap() }
    }
  }

  /// Records that the system refused memory to an allocation that can do without it (a
  /// table that keeps its size): every search running stops at its next check, the
  /// reserves kept for what cannot do without.
  public func noteRefusal() {
    holds.withLock { holds in
      for hold in holds { hold.wasExhausted.store(true, ordering: .relaxed) }
    }
  }

  /// Whether `headroomBytes` more address space can be mapped now, beside the reserves held; when
  /// not, every search running is marked `exhausted` and stops at its next check, before
  /// an allocation that cannot fail is refused. Without an address-space limit, true
  /// without asking the system.
  @discardableResult
  public func checkHeadroom() -> Bool {
    guard isLimited else { return true }
    guard let raw = mmap(nil, headroomBytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), raw != MAP_FAILED
    else {
      noteRefusal()
      return false
    }
    munmap(raw, headroomBytes)
    return true
  }

  /// `hold()` of the process's pool.
  public static func hold() -> Hold? { process.hold() }

  /// `release()` of the process's pool.
  @discardableResult public static func release() -> Bool { process.release() }

  /// `noteRefusal()` of the process's pool.
  public static func noteRefusal() { process.noteRefusal() }

  /// `checkHeadroom()` of the process's pool.
  @discardableResult public static func checkHeadroom() -> Bool { process.checkHeadroom() }
}
