#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One block of a `PackedFrontier`: bytes mapped straight from the system, so that the pages
/// of states already expanded can be given back (`discard()`) while the level is still being
/// read, and so that a freed block really leaves the process (freed `malloc` memory of this
/// size may stay resident).
///
/// `@unchecked Sendable`: a block is filled by the one store that made it, on one thread,
/// before any copy of the store is read elsewhere; copies only read the bytes their own
/// places point at, below `count`.
final class FrontierBlock: @unchecked Sendable {
  let bytes: UnsafeMutablePointer<UInt8>
  let capacity: Int
  /// Bytes written.
  var count = 0

  /// A block of at least `capacity` bytes, rounded up to whole pages.
  init(capacity: Int) {
    let page = Int(getpagesize())
    self.capacity = (capacity + page - 1) / page * page
    guard let raw = mmap(nil, self.capacity, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      raw != MAP_FAILED
    else {
      fatalError("out of memory allocating a \(self.capacity)-byte frontier block")
    }
    bytes = raw.bindMemory(to: UInt8.self, capacity: self.capacity)
  }

  deinit { munmap(bytes, capacity) }

  /// Appends `source`, which must fit.
  func append(_ source: UnsafeBufferPointer<UInt8>) {
    precondition(count + source.count <= capacity, "frontier block overflow")
    if let base = source.baseAddress { (bytes + count).update(from: base, count: source.count) }
    count += source.count
  }

  /// Gives the pages back to the system: the block keeps its size, but its bytes read as
  /// zero from now on, in every store that shares it.
  func discard() {
    _ = madvise(bytes, capacity, MADV_DONTNEED)
  }
}
