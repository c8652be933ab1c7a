/// Storage for the `PackedEncoding` of one state, written in place.
///
/// The explorer packs every successor of a worker into the same storage, then hashes it
/// and copies it into the frontier as it is. Packing into an array instead meant a
/// temporary buffer, then emptying the array and appending the buffer to it: a tenth of
/// the packing.
///
/// `@unchecked Sendable`: a buffer belongs to one worker's `StepWorkspace`, which one thread
/// uses at a time; `StepCache` copies into it under its lock, for the worker that called.
final class PackedBytes: @unchecked Sendable {
  private(set) var base: UnsafeMutablePointer<UInt8>
  private(set) var capacity: Int
  /// Bytes of the state, from `base`.
  var count = 0

  init(capacity: Int = 1024) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit { base.deallocate() }

  /// Makes room for at least `capacity` bytes; the contents are not kept.
  func reserve(_ capacity: Int) {
    guard capacity > self.capacity else { return }
    base.deallocate()
    self.capacity = max(capacity, 2 * self.capacity)
    base = .allocate(capacity: self.capacity)
  }

  /// Doubles the storage, keeping its first `kept` bytes (`PackedWriter` ran out of room);
  /// returns the new storage and its capacity. Out of line: the rare path.
  @inline(never)
  func grown(keeping kept: Int) -> (UnsafeMutablePointer<UInt8>, Int) {
    precondition(kept >= 0 && kept <= capacity, "kept more bytes than the storage holds")
    let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * capacity)
    larger.update(from: base, count: kept)
    base.deallocate()
    base = larger
    capacity *= 2
    return (base, capacity)
  }

  /// The bytes written.
  var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

  /// Replaces the contents by `bytes`.
  func replace(with bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { replace(with: $0) }
  }

  /// Replaces the bytes by the `PackedEncoding` of `words`.
  func replace(encoding words: [UInt16]) {
    let size = words.count * PackedEncoding.maximumBytesPerWord
    reserve(size)
    count = words.withUnsafeBufferPointer { PackedEncoding.encode($0, to: base) }
  }

  /// Replaces the contents by `bytes`, which must not be this storage's.
  func replace(with bytes: UnsafeBufferPointer<UInt8>) {
    reserve(bytes.count)
    if let source = bytes.baseAddress { base.update(from: source, count: bytes.count) }
    count = bytes.count
  }

  /// Appends `bytes`, which must not be this storage's, growing it if need be.
  func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    while count + bytes.count > capacity { _ = grown(keeping: count) }
    if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
    count += bytes.count
  }

  /// Replaces the contents by `first`, then `second`, then `third`; none may be this
  /// storage's.
  func replace(
    with first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>,
    _ third: UnsafeBufferPointer<UInt8>
  ) {
    reserve(first.count + second.count + third.count)
    var end = base
    func copy(_ part: UnsafeBufferPointer<UInt8>) {
      if let source = part.baseAddress { end.update(from: source, count: part.count) }
      end += part.count
    }
    copy(first)
    copy(second)
    copy(third)
    count = end - base
  }
}
