import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Address space set aside while a search runs, for the search to end with a report when
/// the system refuses memory (an address-space limit, `ulimit -v`): the allocator that is
/// refused (a frontier block, the visited table) gives the reserve back and tries again,
/// and the search, seeing `exhausted`, stops at its next check (`LimitReason.outOfMemory`)
/// with the reserve's room left for what the report needs.
///
/// The reserve is mapped, never touched: it holds address space, not resident memory.
public enum MemoryReserve {
  /// Bytes set aside: the report of a search (its traces, the rendered text) and the rest
  /// of the batch that ran out.
  public static var bytes: Int { 4 << 20 }

  /// The reserve's address, 0 while none is held.
  private static let address = Atomic<Int>(0)
  private static let wasExhausted = Atomic<Bool>(false)

  /// Whether memory ran out since the search began (`hold()`), the reserve given back.
  public static var exhausted: Bool { wasExhausted.load(ordering: .relaxed) }

  /// Sets the reserve aside at the start of a search; false when even that is refused (the
  /// search should not start). Clears `exhausted`.
  public static func hold() -> Bool {
    wasExhausted.store(false, ordering: .relaxed)
    guard address.load(ordering: .relaxed) == 0 else { return true }
    guard let raw = mmap(nil, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), raw != MAP_FAILED else {
      return false
    }
    let (exchanged, _) = address.compareExchange(
      expected: 0, desired: Int(bitPattern: raw), ordering: .relaxed)
    if !exchanged { munmap(raw, bytes) }
    return true
  }

  /// Gives the reserve back because memory ran out, and records that it did; false when no
  /// reserve was held (the caller then has nothing to retry with).
  @discardableResult
  public static func release() -> Bool {
    wasExhausted.store(true, ordering: .relaxed)
    let held = address.exchange(0, ordering: .relaxed)
    guard held != 0 else { return false }
    munmap(UnsafeMutableRawPointer(bitPattern: held), bytes)
    return true
  }

  /// Records that the system refused memory to an allocation that can do without it (a
  /// table that keeps its size): the search stops at its next check, the reserve kept for
  /// what cannot do without.
  public static func noteRefusal() { wasExhausted.store(true, ordering: .relaxed) }

  /// Gives the reserve back at the end of a search; `exhausted` keeps its value.
  public static func drop() {
    let held = address.exchange(0, ordering: .relaxed)
    if held != 0 { munmap(UnsafeMutableRawPointer(bitPattern: held), bytes) }
  }
}
