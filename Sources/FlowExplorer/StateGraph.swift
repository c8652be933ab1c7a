/// What the explorer keeps of the explored graph for `canReach` properties: the states it
/// could not yet tell reach every target when they were merged ("open" states), each with
/// its successors.
///
/// A merged state is known to reach a target when it is one, or when one of its successors
/// already is known to (the visited set keeps that as marks, see ``VisitedSet``). In
/// navigation flows "back" leads to a state of an earlier level, mostly known to reach home
/// by then, so nearly every state is settled as it is merged and keeps nothing here. The
/// few open ones are checked after the search (`BreadthFirstSearch.checkCanReach()`).
///
/// States are named by fingerprint, so the visited set needs no state index per slot; an
/// open state's successors are kept sorted and without repeats (reachability needs neither
/// the order nor the multiplicity).
@usableFromInline final class StateGraph {
  /// Per open state, in state order: its number, fingerprint and the end of its successors
  /// in `successors`.
  @usableFromInline let states = ChunkedArray<UInt32>()
  @usableFromInline let fingerprints = ChunkedArray<UInt64>()
  @usableFromInline let ends = ChunkedArray<UInt32>()
  /// The successors' fingerprints, open state after open state.
  @usableFromInline let successors = ChunkedArray<UInt64>()
  /// Number of states merged (states `0..<expandedCount`), open or not.
  @usableFromInline @exclusivity(unchecked) var expandedCount = 0
  /// The successors of the state being merged.
  @usableFromInline @exclusivity(unchecked) var pending: [UInt64] = []
  /// The marks of those successors, combined.
  @usableFromInline @exclusivity(unchecked) var pendingMarks: UInt8 = 0

  @inlinable init() {}

  /// Number of open states.
  @inlinable var openCount: Int { states.count }

  /// Bytes of storage allocated.
  @inlinable var storedBytes: Int {
    states.storedBytes + fingerprints.storedBytes + ends.storedBytes + successors.storedBytes
      + pending.capacity * 8
  }

  /// Adds a successor, with the marks the visited set has for it, to the state being merged.
  @inlinable func add(_ successor: UInt64, marks: UInt8) {
    pending.append(successor)
    pendingMarks |= marks
  }

  /// Ends the state being merged, `state` (which must be state `expandedCount`): keeps it
  /// with its successors when `isOpen`, else forgets them.
  @inlinable func close(_ state: Int, fingerprint: UInt64, isOpen: Bool) {
    precondition(state == expandedCount, "states are recorded in order")
    expandedCount += 1
    defer {
      pending.removeAll(keepingCapacity: true)
      pendingMarks = 0
    }
    guard isOpen else { return }
    pending.sort()
    var previous: UInt64? = nil
    // A loop back to the state itself says nothing about what it reaches.
    for successor in pending where successor != previous && successor != fingerprint {
      successors.append(successor)
      previous = successor
    }
    precondition(successors.count <= Int(UInt32.max), "more than 4294967295 edges of open states")
    states.append(UInt32(state))
    fingerprints.append(fingerprint)
    ends.append(UInt32(successors.count))
  }

  /// Where the successors of open state `node` (its position among the open states) are in
  /// `successors`.
  @inlinable func successorRange(of node: Int) -> Range<Int> {
    (node == 0 ? 0 : Int(ends[node - 1]))..<Int(ends[node])
  }
}
