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
/// `@unchecked Sendable`: a block is filled by one store on one thread (a store appends only
/// to a block no copy shares) before any copy of the store is read elsewhere; copies only read
/// the bytes their own places point at, below `count`. `isDiscarded` is set by the thread
/// that owns the level once every state in the block has been read, and read by readers of
/// other states only before that (the explorer's chunk hand-over orders the two).
final class FrontierBlock: @unchecked Sendable {
  let bytes: UnsafeMutablePointer<UInt8>
  let capacity: Int
  /// Bytes written.
  var count = 0
  /// The pages were given back: reading a state from here is a programming error.
  private(set) var isDiscarded = false

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

  /// Empties the block for new states (its pages come back as they are written).
  func reuse() {
    count = 0
    isDiscarded = false
  }

  /// Gives the pages back to the system (on Linux; elsewhere the system may keep them): the
  /// block keeps its size, but its bytes are no longer the states', in every store that
  /// shares it.
  func discard() {
    isDiscarded = true
    _ = madvise(bytes, capacity, MADV_DONTNEED)
  }
}
