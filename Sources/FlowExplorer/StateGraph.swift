/// The explored graph, recorded for `canReach` properties: the successors of each expanded
/// state, in expansion order of the states.
///
/// Each state's successors are kept sorted and without repeats (reachability needs neither
/// the order nor the multiplicity) and stored as variable-length integers: the first as its
/// distance from the state itself (zigzag-coded, as it may be lower), each next one as its
/// distance from the previous. Successors lie mostly within a few BFS levels of their state,
/// so an edge takes two to three bytes instead of four, and repeated edges (two events
/// leading to the same state) none.
///
/// Most states keep no edges (the explorer drops those of a state it already knows to reach
/// every target), so where a state's edges end is stored for states with edges only, found
/// through a bit per state and a count per 64 states (rank): about a fifth of a byte per
/// state instead of four.
@usableFromInline final class StateGraph {
  @usableFromInline let bytes = ChunkedArray<UInt8>()
  /// Per state with edges, in state order, the end of its successors in `bytes`.
  @usableFromInline let ends = ChunkedArray<UInt32>()
  /// Bit `state % 64` of word `state / 64`: the state has edges.
  @usableFromInline let hasEdges = ChunkedArray<UInt64>()
  /// Per word of `hasEdges`: how many states before it have edges.
  @usableFromInline let edgeStatesBefore = ChunkedArray<UInt32>()
  /// Number of states whose successors are recorded (states `0..<expandedCount`).
  @usableFromInline @exclusivity(unchecked) var expandedCount = 0
  /// The successors of the state being recorded.
  @usableFromInline @exclusivity(unchecked) var open: [UInt32] = []

  @inlinable init() {}

  /// Bytes of storage allocated.
  @inlinable var storedBytes: Int {
    bytes.storedBytes + ends.storedBytes + hasEdges.storedBytes + edgeStatesBefore.storedBytes + open.capacity
      * 4
  }

  /// Adds an edge from the state being recorded.
  @inlinable func add(_ successor: UInt32) { open.append(successor) }

  /// Ends the successors of `state`, which must be state `expandedCount`.
  @inlinable func close(_ state: Int) {
    precondition(state == expandedCount, "states are recorded in order")
    if state & 63 == 0 {
      hasEdges.append(0)
      edgeStatesBefore.append(UInt32(ends.count))
    }
    expandedCount += 1
    guard !open.isEmpty else { return }
    open.sort()
    var previous = -1
    for next in open {
      let successor = Int(next)
      if successor == previous { continue }
      if previous >= 0 {
        put(UInt64(successor - previous))
      } else {
        let distance = successor - state
        put(distance >= 0 ? UInt64(distance) << 1 : UInt64(-distance) << 1 - 1)
      }
      previous = successor
    }
    open.removeAll(keepingCapacity: true)
    precondition(bytes.count <= Int(UInt32.max), "the recorded graph outgrew 4 GiB")
    ends.append(UInt32(bytes.count))
    hasEdges[state >> 6] |= 1 << UInt64(state & 63)
  }

  /// Appends `value` in 7-bit groups, low first, the high bit marking a group that follows.
  @inlinable func put(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  /// Where the successors of `state` are in `bytes`; empty for a state not expanded.
  @inlinable func byteRange(of state: Int) -> Range<Int> {
    guard state < expandedCount else { return 0..<0 }
    let word = hasEdges[state >> 6]
    let bit: UInt64 = 1 << UInt64(state & 63)
    guard word & bit != 0 else { return 0..<0 }
    let rank = Int(edgeStatesBefore[state >> 6]) + (word & (bit - 1)).nonzeroBitCount
    return (rank == 0 ? 0 : Int(ends[rank - 1]))..<Int(ends[rank])
  }

  /// The successor of `state` stored at `position`, which moves past it; `previous` is the
  /// successor before it (ignored for the first, at the start of `byteRange(of: state)`).
  @inlinable func successor(of state: Int, at position: inout Int, previous: Int) -> Int {
    let isFirst = position == byteRange(of: state).lowerBound
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = bytes[position]
      position += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    guard isFirst else { return previous + Int(value) }
    let distance = value & 1 == 0 ? Int(value >> 1) : -Int((value + 1) >> 1)
    return state + distance
  }
}
