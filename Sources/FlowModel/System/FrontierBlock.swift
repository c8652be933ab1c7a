/// One block of a `PackedFrontier`: memory from `FrontierMemory`, so that a block whose
/// states have all been read goes back (`discard()`) while the level is still being read,
/// for the next level's blocks to reuse, and so that a freed block really leaves the process
/// or is reused (freed `malloc` memory of this size may stay resident).
///
/// `@unchecked Sendable`: a block is filled by one store on one thread (a store appends only
/// to a block no copy shares) before any copy of the store is read elsewhere; copies only read
/// the bytes their own places point at, below `count`. `isDiscarded` is set, and `bytes`
/// given back, by the thread that owns the level once every state in the block has been
/// read, and read by readers of other states only before that (the explorer's chunk
/// hand-over orders the two); `bytes` changes again only in `reuse()`, on a block no copy
/// shares.
final class FrontierBlock: @unchecked Sendable {
  /// The block's memory; another block's once discarded.
  private(set) var bytes: UnsafeMutablePointer<UInt8>
  let capacity: Int
  /// Bytes written.
  var count = 0
  /// The memory went back to `FrontierMemory`: reading a state from here is a programming
  /// error.
  private(set) var isDiscarded = false

  /// A block of at least `capacity` bytes, rounded up to whole pages.
  init(capacity: Int) {
    let (memory, bytes) = FrontierMemory.shared.take(capacity: capacity)
    self.capacity = bytes
    self.bytes = memory.bindMemory(to: UInt8.self, capacity: bytes)
  }

  deinit {
    if !isDiscarded { FrontierMemory.shared.give(UnsafeMutableRawPointer(bytes), bytes: capacity) }
  }

  /// Appends `source`, which must fit. Inlined: called for every successor, the call
  /// retained and released the block around it.
  @inline(__always) func append(_ source: UnsafeBufferPointer<UInt8>) {
    precondition(!isDiscarded, "frontier state appended to a block given back")
    precondition(count + source.count <= capacity, "frontier block overflow")
    if let base = source.baseAddress { (bytes + count).update(from: base, count: source.count) }
    count += source.count
  }

  /// Empties the block for new states, with memory of its own again if it was discarded.
  func reuse() {
    count = 0
    guard isDiscarded else { return }
    let (memory, bytes) = FrontierMemory.shared.take(capacity: capacity)
    precondition(bytes == capacity, "a reused frontier block changed size")
    self.bytes = memory.bindMemory(to: UInt8.self, capacity: bytes)
    isDiscarded = false
  }

  /// Gives the memory back: the block keeps its size, but its bytes are no longer the
  /// states', in every store that shares it.
  func discard() {
    guard !isDiscarded else { return }
    isDiscarded = true
    FrontierMemory.shared.give(UnsafeMutableRawPointer(bytes), bytes: capacity)
  }
}
