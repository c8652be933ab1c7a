/// Writes the words of a packed state in `PackedEncoding` into a `PackedBytes`, growing it
/// when a word would not fit: every write is checked against the storage, in release builds
/// too, so no layout needs to declare its size beforehand. The storage is sized for the
/// usual state (`FlowState.pack` reserves from its object count), and growing is the rare
/// path, kept out of line.
public struct PackedWriter {
  /// Not retained: a writer lives within one `FlowState.pack`, whose caller holds the
  /// storage (a retain and release for every state packed would cost more than the writes).
  private unowned(unsafe) let storage: PackedBytes
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// Bytes written.
  public private(set) var count = 0

  /// Writes from the start of `storage`, over what it held.
  init(into storage: PackedBytes) {
    self.storage = storage
    base = storage.base
    capacity = storage.capacity
  }

  /// A word below 65535, as one byte when below 255.
  @inline(__always) public mutating func put(_ value: Int) {
    if count &+ PackedEncoding.maximumBytesPerWord > capacity { grow() }
    let word = UInt16(truncatingIfNeeded: value)
    if word < 255 {
      base[count] = UInt8(word)
      count &+= 1
    } else {
      base[count] = 255
      base[count &+ 1] = UInt8(truncatingIfNeeded: word)
      base[count &+ 2] = UInt8(truncatingIfNeeded: word >> 8)
      count &+= 3
    }
  }

  /// An optional link, renumbered: stored plus one, 0 for nil or a dropped instance.
  @inline(__always) public mutating func put(link: Int?, _ numbers: Renumbering) {
    guard let old = link else { return put(0) }
    put(numbers[old] + 1)
  }

  /// A list of ids, renumbered, dropping those dropped: their count, then the ids. The
  /// count is one byte (an `IDList` holds fewer than 255), written once the ids are.
  /// Returns the count.
  @discardableResult
  @inline(__always) public mutating func put(_ list: IDList, _ numbers: Renumbering) -> Int {
    let start = reserveByte()
    var kept = 0
    // `for in`: indexing the list one id at a time copied its inline storage each time.
    for old in list {
      let new = numbers[old]
      guard new >= 0 else { continue }
      put(new)
      kept &+= 1
    }
    patch(start, UInt8(kept))
    return kept
  }

  /// Makes room for one byte below 255, set later with `patch(_:_:)`; returns where it is.
  @inline(__always) mutating func reserveByte() -> Int {
    if count &+ 1 > capacity { grow() }
    base[count] = 0
    count &+= 1
    return count &- 1
  }

  /// Sets the byte at `offset`, one `reserveByte()` made, to `value`.
  @inline(__always) mutating func patch(_ offset: Int, _ value: UInt8) {
    // Debug builds check: `reserveByte()` made `offset`, within the bytes written.
    assert(offset >= 0 && offset < count && value < 255, "patch of a byte not reserved")
    base[offset] = value
  }

  /// Drops what was written from `offset` on.
  @inline(__always) mutating func rewind(to offset: Int) {
    precondition(offset >= 0 && offset <= count, "rewind past the bytes written")
    count = offset
  }

  /// The storage holds the bytes written.
  func finish() { storage.count = count }

  /// Not a mutating method out of line: that would take the writer's address, and keep
  /// its count in memory instead of a register for every write.
  @inline(__always) private mutating func grow() {
    (base, capacity) = storage.grown(keeping: count)
  }
}
