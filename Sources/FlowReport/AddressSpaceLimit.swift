#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's address-space limit (`ulimit -v`, RLIMIT_AS), which reports name when the
/// system refused memory.
enum AddressSpaceLimit {
  /// The limit in bytes; nil when there is none.
  static var bytes: Int? {
    var limit = rlimit()
    #if canImport(Glibc)
      guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0 else { return nil }
    #else
      guard getrlimit(RLIMIT_AS, &limit) == 0 else { return nil }
    #endif
    // RLIM_INFINITY is all ones, which the importer cannot express as an unsigned constant.
    return limit.rlim_cur == ~0 ? nil : Int(clamping: limit.rlim_cur)
  }

  /// " (address-space limit 56.0 MB, ulimit -v)", or "" without a limit.
  static var described: String {
    bytes.map { " (address-space limit \(ByteCount.describe($0)), ulimit -v)" } ?? ""
  }
}
