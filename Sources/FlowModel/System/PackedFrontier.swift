import FlowExplorer

/// The explorer's store for packed states: the states' `PackedEncoding` in 256 KiB blocks.
///
/// Nearly every word of a packed state (kinds, small ids, flags, short counts) is below 255,
/// so a state takes little more than one byte per word plus eight for its place, with no
/// heap object of its own. As separate `[UInt16]` arrays (and a `PackedState` each),
/// frontier states took about three times that. Blocks rather than one growing array: an
/// array doubles its storage when full and copies it, so a level of the frontier held up to
/// twice its bytes, and three times while growing (measured on the 1.07 M-state c6-k5-s14
/// bench flow without `home`: 93 bytes per state with one array, 86 with blocks).
///
/// A state never straddles two blocks; one larger than a block gets a block of its own.
/// The derived property bits are not kept: the explorer calls `FlowSystem.prepared(_:)` on
/// each state it takes out, and that computes them again.
public struct PackedFrontier: StateStore, Sendable {
  static let blockSize = 1 << 18

  private var blocks: [[UInt8]] = []
  /// Per state, its block (high 32 bits) and the end of its bytes in that block; it starts
  /// where the state before it ends if that one is in the same block, else at 0.
  private var places: [UInt64] = []

  public init() {}

  public var count: Int { places.count }
  public var isEmpty: Bool { places.isEmpty }

  private func place(_ position: Int) -> (block: Int, range: Range<Int>) {
    let place = places[position]
    let block = Int(place >> 32)
    let end = Int(place & 0xFFFF_FFFF)
    guard position > 0, places[position - 1] >> 32 == place >> 32 else { return (block, 0..<end) }
    return (block, Int(places[position - 1] & 0xFFFF_FFFF)..<end)
  }

  public subscript(position: Int) -> PackedState {
    let (block, range) = place(position)
    let words = blocks[block].withUnsafeBufferPointer { bytes in
      PackedEncoding.decode(UnsafeBufferPointer(rebasing: bytes[range]))
    }
    return PackedState(words: words, isAnalysed: false)
  }

  public mutating func append(_ state: PackedState) {
    var bytes: [UInt8] = []
    PackedEncoding.encode(state.words, into: &bytes)
    append(bytes: bytes)
  }

  /// Appends the state whose `PackedEncoding` is `bytes`.
  public mutating func append(bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  public mutating func append(from other: PackedFrontier, at position: Int) {
    let (block, range) = other.place(position)
    other.blocks[block].withUnsafeBufferPointer { bytes in
      append(UnsafeBufferPointer(rebasing: bytes[range]))
    }
  }

  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    let last = blocks.count - 1
    if last < 0 || blocks[last].count + bytes.count > max(Self.blockSize, blocks[last].capacity) {
      var block: [UInt8] = []
      block.reserveCapacity(max(Self.blockSize, bytes.count))
      blocks.append(block)
    }
    blocks[blocks.count - 1].append(contentsOf: bytes)
    places.append(UInt64(blocks.count - 1) << 32 | UInt64(blocks[blocks.count - 1].count))
  }

  /// With `keepingCapacity`, keeps the first block (a chunk's successors usually fit in it)
  /// and frees the others; without, frees them all.
  public mutating func removeAll(keepingCapacity: Bool) {
    places.removeAll(keepingCapacity: keepingCapacity)
    guard keepingCapacity, !blocks.isEmpty else {
      blocks = []
      return
    }
    blocks.removeLast(blocks.count - 1)
    blocks[0].removeAll(keepingCapacity: true)
  }
}
