/// One block of a frontier store: memory from `FrontierMemory`, so that a block whose states
/// have all been read goes back (`discard()`) while the level is still being read,
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
///
/// Its stored properties are internal, `@usableFromInline @exclusivity(unchecked)`, behind
/// inlinable accessors, as `PackedBytes`'s are and for the same reasons: the store appends
/// every successor from the model's module, and no access to them overlaps another.
public final class FrontierBlock: @unchecked Sendable {
  /// The block's memory; another block's once discarded.
  @inlinable public var bytes: UnsafeMutablePointer<UInt8> { memory }
  public let capacity: Int
  /// Bytes written.
  @inlinable public var count: Int { storedCount }
  /// The memory went back to `FrontierMemory`: reading a state from here is a programming
  /// error.
  @inlinable public var isDiscarded: Bool { discarded }
  /// Behind `bytes`, `count` and `isDiscarded`.
  @usableFromInline @exclusivity(unchecked) var memory: UnsafeMutablePointer<UInt8>
  @usableFromInline @exclusivity(unchecked) var storedCount = 0
  @usableFromInline @exclusivity(unchecked) var discarded = false

  /// A block of at least `capacity` bytes, rounded up to whole pages.
  public init(capacity: Int) {
    let (memory, bytes) = FrontierMemory.shared.take(capacity: capacity)
    self.capacity = bytes
    self.memory = memory.bindMemory(to: UInt8.self, capacity: bytes)
  }

  deinit {
    if !isDiscarded { FrontierMemory.shared.give(UnsafeMutableRawPointer(bytes), bytes: capacity) }
  }

  /// Bytes of the trailer `append(_:trailer:)` writes after a state.
  @inlinable public static var trailerBytes: Int { 8 }

  /// Appends `source`, then `trailer` (`trailerBytes`, little-endian), which must all fit: a
  /// state and what a store keeps after it, with one check. Inlined: called for every
  /// successor, the call retained and released the block around it.
  @inlinable @inline(__always) public func append(_ source: UnsafeBufferPointer<UInt8>, trailer: UInt64) {
    precondition(!isDiscarded, "frontier state appended to a block given back")
    precondition(count + source.count + Self.trailerBytes <= capacity, "frontier block overflow")
    if let base = source.baseAddress { (bytes + count).update(from: base, count: source.count) }
    UnsafeMutableRawPointer(bytes + count + source.count).storeBytes(
      of: trailer.littleEndian, as: UInt64.self)
    storedCount += source.count + Self.trailerBytes
  }

  /// Appends `first`, `second` and `third` as one state, then `trailer`, as
  /// `append(_:trailer:)` does: a state put together from parts is written once, where it
  /// is kept. The middle part, a few bytes, is copied a byte at a time.
  @inlinable @inline(__always) public func append(
    _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>,
    _ third: UnsafeBufferPointer<UInt8>, trailer: UInt64
  ) {
    precondition(!isDiscarded, "frontier state appended to a block given back")
    let total = first.count + second.count + third.count
    precondition(count + total + Self.trailerBytes <= capacity, "frontier block overflow")
    var end = bytes + count
    if let base = first.baseAddress { end.update(from: base, count: first.count) }
    end += first.count
    for byte in second {
      end.pointee = byte
      end += 1
    }
    if let base = third.baseAddress { end.update(from: base, count: third.count) }
    end += third.count
    UnsafeMutableRawPointer(end).storeBytes(of: trailer.littleEndian, as: UInt64.self)
    storedCount += total + Self.trailerBytes
  }

  /// Empties the block for new states, with memory of its own again if it was discarded.
  public func reuse() {
    storedCount = 0
    guard isDiscarded else { return }
    let (memory, bytes) = FrontierMemory.shared.take(capacity: capacity)
    precondition(bytes == capacity, "a reused frontier block changed size")
    self.memory = memory.bindMemory(to: UInt8.self, capacity: bytes)
    discarded = false
  }

  /// Gives the memory back: the block keeps its size, but its bytes are no longer the
  /// states', in every store that shares it.
  public func discard() {
    guard !isDiscarded else { return }
    discarded = true
    FrontierMemory.shared.give(UnsafeMutableRawPointer(bytes), bytes: capacity)
  }
}
