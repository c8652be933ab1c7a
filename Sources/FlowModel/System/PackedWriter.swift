import FlowExplorer

/// Writes the words of a packed state in `PackedEncoding` into a `PackedBytes`, growing it
/// when a word would not fit: every write is checked against the storage, in release builds
/// too, so no layout needs to declare its size beforehand. The storage is sized for the
/// usual state (`FlowState.pack` reserves from its object count), and growing is the rare
/// path, kept out of line.
///
/// It keeps a cursor and the last place a whole word (three bytes) still fits, not a base,
/// a capacity and a count: a write is then one comparison and a store through the cursor,
/// with two values to keep in registers across a record instead of three.
public struct PackedWriter {
  /// Not retained: a writer lives within one `FlowState.pack`, whose caller holds the
  /// storage (a retain and release for every state packed would cost more than the writes).
  private unowned(unsafe) let storage: PackedBytes
  private var base: UnsafeMutablePointer<UInt8>
  /// Where the next byte goes.
  private var cursor: UnsafeMutablePointer<UInt8>
  /// The storage's end less `PackedEncoding.maximumBytesPerWord`: a word written at or
  /// before it fits.
  private var limit: UnsafeMutablePointer<UInt8>

  /// Writes from the start of `storage`, over what it held.
  init(into storage: PackedBytes) {
    self.storage = storage
    if storage.capacity < PackedEncoding.maximumBytesPerWord {
      storage.reserve(PackedEncoding.maximumBytesPerWord)
    }
    base = storage.base
    cursor = storage.base
    limit = storage.base + (storage.capacity - PackedEncoding.maximumBytesPerWord)
  }

  /// Bytes written.
  public var count: Int { cursor - base }

  /// A word below 65535, as one byte when below 255.
  @inline(__always) public mutating func put(_ value: Int) {
    if cursor > limit { grow() }
    let word = UInt16(truncatingIfNeeded: value)
    if word < 255 {
      cursor.pointee = UInt8(word)
      cursor += 1
    } else {
      cursor[0] = 255
      cursor[1] = UInt8(truncatingIfNeeded: word)
      cursor[2] = UInt8(truncatingIfNeeded: word >> 8)
      cursor += 3
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
    if cursor > limit { grow() }
    cursor.pointee = 0
    cursor += 1
    return cursor - base - 1
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
    cursor = base + offset
  }

  /// The storage holds the bytes written.
  func finish() { storage.count = count }

  /// Not a mutating method out of line: that would take the writer's address, and keep
  /// its cursor in memory instead of a register for every write.
  @inline(__always) private mutating func grow() {
    let written = count
    let capacity: Int
    (base, capacity) = storage.grown(keeping: written)
    cursor = base + written
    limit = base + (capacity - PackedEncoding.maximumBytesPerWord)
  }
}
