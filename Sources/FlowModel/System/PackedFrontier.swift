import FlowExplorer

/// The explorer's store for packed states: the states' `PackedEncoding` in 1 MiB blocks
/// (`FrontierBlock`).
///
/// Nearly every word of a packed state (kinds, small ids, flags, short counts) is below 255,
/// so a state takes little more than one byte per word plus eight for its place (and eight
/// in its block after its bytes for how it was reached, `StateArrival`), with no
/// heap object of its own; separate `[UInt16]` arrays (and a `PackedState` each) would take
/// about three times that. Blocks rather than one growing array: an array doubles its
/// storage when full and copies it, so a level of the frontier would hold up to twice its
/// bytes, and three times while growing.
///
/// A state never straddles two blocks; one larger than a block gets a block of its own.
/// The derived property bits are not kept: the explorer calls `FlowSystem.prepared(_:)` on
/// each state it takes out, and that computes them again.
public struct PackedFrontier<Runtime: CoordinatorRuntime>: StateStore, Sendable {
  static var blockSize: Int { FrontierMemory.standardCapacity }

  private var blocks: [FrontierBlock] = []
  /// Per state, its block (high 32 bits) and the end of its bytes in that block; it starts
  /// where the state before it ends if that one is in the same block, else at 0.
  private var places: [UInt64] = []
  /// Blocks `0..<discardedBlocks` were given back by `discard(before:)`.
  private var discardedBlocks = 0

  public init() {}

  public var count: Int { places.count }
  public var isEmpty: Bool { places.isEmpty }
  /// Blocks the states are in, those given back included.
  var blockCount: Int { blocks.count }

  private func place(_ position: Int) -> (block: Int, range: Range<Int>) {
    let place = places[position]
    let block = Int(place >> 32)
    let end = Int(place & 0xFFFF_FFFF)
    guard position > 0, places[position - 1] >> 32 == place >> 32 else { return (block, 0..<end) }
    return (block, Int(places[position - 1] & 0xFFFF_FFFF)..<end)
  }

  /// Bytes kept after each state's: its `StateArrival`, the statement (4) and the failing
  /// bits of the state invariants (4: `FlowSystem` has at most 32), as the block's trailer.
  /// In the block, not in an array beside `places`: an array grows by allocations the
  /// frontier's fallible memory does not cover.
  private static var arrivalBytes: Int { FrontierBlock.trailerBytes }

  /// The bytes of the state at `position`, without its arrival.
  private func bytes(at position: Int) -> UnsafeBufferPointer<UInt8> {
    let (block, range) = place(position)
    precondition(!blocks[block].isDiscarded, "frontier state read after it was discarded")
    return UnsafeBufferPointer(
      start: blocks[block].bytes + range.lowerBound, count: range.count - Self.arrivalBytes)
  }

  /// How the state at `position` was reached.
  private func arrival(at position: Int) -> StateArrival {
    let (block, range) = place(position)
    let raw = UnsafeRawPointer(blocks[block].bytes + range.upperBound - Self.arrivalBytes)
    let trailer = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
    return StateArrival(
      lastStatementAt: Int32(bitPattern: UInt32(truncatingIfNeeded: trailer)),
      previousFailing: trailer >> 32)
  }

  public subscript(position: Int) -> PackedState<Runtime> {
    let bytes = bytes(at: position)
    var state = PackedState<Runtime>(words: PackedEncoding.decode(bytes), isAnalysed: false)
    state.fingerprint = FlowSystem<Runtime>.fingerprint(ofEncoded: bytes)
    state.arrival = arrival(at: position)
    return state
  }

  public mutating func append(_ state: PackedState<Runtime>) {
    PackedEncoding.encode(state.words).withUnsafeBufferPointer { append(encoded: $0, arrival: state.arrival) }
  }

  /// Appends the state at `position` of `other` with its arrival: its bytes and trailer as
  /// they are, its place found once (the merge copies every new state this way).
  public mutating func append(from other: PackedFrontier, at position: Int) {
    let (block, range) = other.place(position)
    precondition(!other.blocks[block].isDiscarded, "frontier state read after it was discarded")
    let start = other.blocks[block].bytes + range.lowerBound
    let count = range.count - Self.arrivalBytes
    let trailer = UInt64(littleEndian: UnsafeRawPointer(start + count).loadUnaligned(as: UInt64.self))
    append(UnsafeBufferPointer(start: start, count: count), trailer: trailer)
  }

  /// Appends the state whose `PackedEncoding` is `bytes`, reached as `arrival` says.
  public mutating func append(
    encoded bytes: UnsafeBufferPointer<UInt8>, arrival: StateArrival = StateArrival()
  ) {
    // The statement's offset, then the failing bits, as `arrival(at:)` reads them.
    let trailer =
      UInt64(UInt32(bitPattern: arrival.lastStatementAt))
      | UInt64(UInt32(truncatingIfNeeded: arrival.previousFailing)) << 32
    append(bytes, trailer: trailer)
  }

  /// Appends the state whose `PackedEncoding` is `first`, then `second`, then `third` (a
  /// successor the step cache kept, with the variables of the state being expanded),
  /// reached as `arrival` says: its bytes are put together where they are kept.
  public mutating func append(
    encoded first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>,
    _ third: UnsafeBufferPointer<UInt8>, arrival: StateArrival
  ) {
    let trailer =
      UInt64(UInt32(bitPattern: arrival.lastStatementAt))
      | UInt64(UInt32(truncatingIfNeeded: arrival.previousFailing)) << 32
    let end = appendingToLastBlock(count: first.count + second.count + third.count) { block in
      block.append(first, second, third, trailer: trailer)
    }
    places.append(UInt64(blocks.count - 1) << 32 | UInt64(end))
  }

  /// Appends the state appended last again, reached as `arrival` says.
  public mutating func appendLastAgain(arrival: StateArrival) {
    precondition(!places.isEmpty, "no state to append again")
    let last = bytes(at: places.count - 1)
    // Its block stays in `blocks`, so its bytes stay where they are during the append.
    append(encoded: last, arrival: arrival)
  }

  /// Appends `bytes` and the trailer word after them.
  private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, trailer: UInt64) {
    let end = appendingToLastBlock(count: bytes.count) { block in block.append(bytes, trailer: trailer) }
    places.append(UInt64(blocks.count - 1) << 32 | UInt64(end))
  }

  /// Calls `write` with the block a state of `count` bytes is appended to, and returns the
  /// block's count after it.
  ///
  /// Appends into the last block only when it has room and no copy of this store shares it:
  /// a copy must not see its block change (the bytes it reads are not overwritten, but a
  /// later append of its own would land after these).
  ///
  /// The blocks are read through a buffer pointer, the last one as a guaranteed reference:
  /// this runs for every successor the explorer computes, and reading the last block out of
  /// the array retained and released it.
  @inline(__always) private mutating func appendingToLastBlock(
    count: Int, _ write: (FrontierBlock) -> Void
  ) -> Int {
    let last = blocks.count - 1
    let fits =
      last >= 0
      && blocks.withUnsafeBufferPointer {
        $0[last].count + count + Self.arrivalBytes <= $0[last].capacity
      }
    if !fits || !isKnownUniquelyReferenced(&blocks[last]) {
      blocks.append(FrontierBlock(capacity: max(Self.blockSize, count + Self.arrivalBytes)))
    }
    return blocks.withUnsafeBufferPointer { blocks in
      Unmanaged.passUnretained(blocks[blocks.count - 1])._withUnsafeGuaranteedRef { block in
        write(block)
        return block.count
      }
    }
  }

  /// With `keepingCapacity`, keeps the first block (a chunk's successors usually fit in it)
  /// unless a copy of this store still shares it, and frees the others; without, frees them
  /// all.
  public mutating func removeAll(keepingCapacity: Bool) {
    places.removeAll(keepingCapacity: keepingCapacity)
    discardedBlocks = 0
    guard keepingCapacity, !blocks.isEmpty, isKnownUniquelyReferenced(&blocks[0]) else {
      blocks = []
      return
    }
    blocks.removeLast(blocks.count - 1)
    blocks[0].reuse()
  }

  /// Gives back the memory of every block whose states all lie before `position`: the
  /// explorer reads a level once, in order, and a level's expanded part need not stay
  /// resident while the next level grows. Reading such a state afterwards, from this store
  /// or any copy of it, is a programming error.
  public mutating func discard(before position: Int) {
    guard position < places.count else { return }
    let firstKept = Int(places[position] >> 32)
    while discardedBlocks < firstKept {
      blocks[discardedBlocks].discard()
      discardedBlocks += 1
    }
  }
}
