/// Per stored state, the position of the action that reached it among its parent's enabled
/// actions: one byte each, in blocks, with the rare position from 255 up kept aside.
///
/// A byte, not two: at five million states that is 5 MB, and flows have far fewer than 255
/// actions enabled in a state.
@usableFromInline final class ActionPositions {
  @usableFromInline let bytes = ChunkedArray<UInt8>()
  /// Positions from 255 up, by state (the byte says 255).
  @usableFromInline @exclusivity(unchecked) var large: [Int: Int] = [:]

  @inlinable init() {}

  @inlinable var count: Int { bytes.count }

  /// Records the position of the action that reached the next state.
  @inlinable func append(_ position: Int) {
    precondition(position >= 0, "an action position is not negative")
    if position >= 255 { large[bytes.count] = position }
    bytes.append(UInt8(min(position, 255)))
  }

  /// The position recorded for `state`.
  @inlinable subscript(state: Int) -> Int {
    let byte = bytes[state]
    return byte < 255 ? Int(byte) : large[state]!
  }

  /// Bytes of storage allocated (the dictionary's entries counted at 16 bytes each).
  @inlinable var storedBytes: Int { bytes.storedBytes + large.count * 16 }
}
