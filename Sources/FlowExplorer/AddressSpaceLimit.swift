import MallocArena

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's address-space limit (`ulimit -v`, RLIMIT_AS), which reports name when the
/// system refused memory.
public enum AddressSpaceLimit {
  /// The limit in bytes; nil when there is none.
  public static var bytes: Int? {
    var limit = rlimit()
    #if canImport(Glibc)
      guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 else { return nil }
    #else
      guard getrlimit(RLIMIT_AS, &limit) == 0 else { return nil }
    #endif
    // RLIM_INFINITY is all ones, which the importer cannot express as an unsigned constant.
    return limit.rlim_cur == ~0 ? nil : Int(clamping: limit.rlim_cur)
  }

  /// Under a limit, makes every thread allocate from one `malloc` arena (glibc's).
  ///
  /// glibc gives each new thread an arena of its own and maps its 64 MiB of address space
  /// at the thread's first allocation. Under a limit that leaves less than that free, the
  /// mapping is refused and glibc maps each allocation of that thread in whole pages: a
  /// helper thread then runs out at a fraction of what the search holds, in an allocation
  /// that cannot fail (a Swift array), and the process dies instead of reporting
  /// (`MemoryReserve`). glibc fixes the number of arenas when it makes its second one, so
  /// this is called before the process starts a thread.
  public static func shareOneArenaIfLimited() {
    if bytes != nil { malloc_arena_share_one() }
  }
}
