/// The explored graph, recorded for `canReach` properties: the successors of each expanded
/// state, in expansion order of the states.
///
/// Each state's successors are kept sorted and without repeats (reachability needs neither
/// the order nor the multiplicity) and stored as variable-length integers: the first as its
/// distance from the state itself (zigzag-coded, as it may be lower), each next one as its
/// distance from the previous. Successors lie mostly within a few BFS levels of their state,
/// so an edge takes two to three bytes instead of four, and repeated edges (two events
/// leading to the same state) none.
@usableFromInline final class StateGraph {
  @usableFromInline let bytes = ChunkedArray<UInt8>()
  /// Per expanded state, the end of its successors in `bytes`.
  @usableFromInline let ends = ChunkedArray<UInt32>()
  /// The successors of the state being recorded.
  @usableFromInline @exclusivity(unchecked) var open: [UInt32] = []

  @inlinable init() {}

  /// Number of states whose successors are recorded (states `0..<expandedCount`).
  @inlinable var expandedCount: Int { ends.count }

  /// Bytes of storage allocated.
  @inlinable var storedBytes: Int { bytes.storedBytes + ends.storedBytes + open.capacity * 4 }

  /// Adds an edge from the state being recorded.
  @inlinable func add(_ successor: UInt32) { open.append(successor) }

  /// Ends the successors of `state`, which must be state `expandedCount`.
  @inlinable func close(_ state: Int) {
    precondition(state == ends.count, "states are recorded in order")
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
    guard state < ends.count else { return 0..<0 }
    return (state == 0 ? 0 : Int(ends[state - 1]))..<Int(ends[state])
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
