#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The processors online, the default for `--threads` (within its 1…1024 range).
enum ProcessorCount {
  static var online: Int {
    let count = sysconf(Int32(_SC_NPROCESSORS_ONLN))
    return count < 1 ? 1 : min(1024, count)
  }
}
