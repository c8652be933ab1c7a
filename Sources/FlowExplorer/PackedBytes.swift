/// Storage for the bytes of one packed state, written in place: a model packs each successor
/// into the same storage, hashes it there and copies it into the frontier as it is, with no
/// array per successor.
///
/// `@unchecked Sendable`: a buffer belongs to one worker's workspace, which one thread uses
/// at a time; a cache the workers share copies into it under its lock, for the worker that
/// called.
///
/// Public, not `package`: the model calls it for every successor, and `@inlinable package`
/// code is not inlined into the model's module.
///
/// Its stored properties are internal, `@usableFromInline @exclusivity(unchecked)`, behind
/// inlinable accessors: the model writes every successor through them from its own module,
/// and a stored property visible there was checked for exclusivity on every such access,
/// `@exclusivity(unchecked)` or not (seen in the release build's code). Unchecked is sound
/// because no access to them overlaps another: each is read or written whole, never passed
/// `inout`.
public final class PackedBytes: @unchecked Sendable {
  /// The storage, `capacity` bytes, read-only outside this module.
  @inlinable public var base: UnsafeMutablePointer<UInt8> { storage }
  @inlinable public var capacity: Int { storageCapacity }
  @usableFromInline @exclusivity(unchecked) var storage: UnsafeMutablePointer<UInt8>
  @usableFromInline @exclusivity(unchecked) var storageCapacity: Int
  /// Bytes of the state, from `base`.
  @inlinable public var count: Int {
    get { storedCount }
    set {
      precondition(newValue >= 0 && newValue <= storageCapacity, "more bytes than the storage holds")
      storedCount = newValue
    }
  }
  @usableFromInline @exclusivity(unchecked) var storedCount = 0

  public init(capacity: Int = 1024) {
    storageCapacity = capacity
    storage = .allocate(capacity: capacity)
  }

  deinit { storage.deallocate() }

  /// Makes room for at least `capacity` bytes; when it must grow, the contents are not kept.
  @inlinable public func reserve(_ capacity: Int) {
    if capacity > self.capacity { reallocate(capacity) }
  }

  /// `reserve(_:)` when the storage is too small. Out of line: the rare path.
  @usableFromInline @inline(never) func reallocate(_ capacity: Int) {
    storedCount = 0
    storage.deallocate()
    storageCapacity = max(capacity, 2 * storageCapacity)
    storage = .allocate(capacity: storageCapacity)
  }

  /// Doubles the storage, keeping its first `kept` bytes (`PackedWriter` ran out of room);
  /// returns the new storage and its capacity. Out of line: the rare path.
  @inline(never)
  public func grown(keeping kept: Int) -> (UnsafeMutablePointer<UInt8>, Int) {
    precondition(kept >= 0 && kept <= capacity, "kept more bytes than the storage holds")
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * capacity)
    larger.update(from: base, count: kept)
    storage.deallocate()
    storage = larger
    storageCapacity *= 2
    return (storage, storageCapacity)
  }

  /// The bytes written.
  @inlinable public var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  /// Replaces the contents by `bytes`.
  public func replace(with bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { replace(with: $0) }
  }

  /// Replaces the contents by `bytes`, which must not be this storage's.
  @inlinable public func replace(with bytes: UnsafeBufferPointer<UInt8>) {
    reserve(bytes.count)
    if let source = bytes.baseAddress { base.update(from: source, count: bytes.count) }
    storedCount = bytes.count
  }

  /// Appends `bytes`, which must not be this storage's, growing it if need be.
  @inlinable public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    while count + bytes.count > capacity { _ = grown(keeping: count) }
    if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
    storedCount += bytes.count
  }
}
