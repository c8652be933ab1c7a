/// What the explorer keeps of the explored graph for `canReach` properties: the states it
/// could not yet tell reach every target when they were merged ("open" states), each with
/// its successors.
///
/// A merged state is known to reach a target when it is one, or when one of its successors
/// already is known to (the visited set keeps that as marks, see ``VisitedSet``). In
/// navigation flows "back" leads to a state of an earlier level, mostly known to reach home
/// by then, so nearly every state is settled as it is merged and keeps nothing here. The
/// open ones are checked after the search (`BreadthFirstSearch.checkCanReach()`).
///
/// Open states are numbered in state order ("nodes"). A state's successors are known by
/// fingerprint when it is merged, and kept so (sorted, without repeats or loops to itself)
/// until every one of them is merged too: in breadth-first order, once the level after the
/// state's own is. Then ``resolve(statesBefore:settle:)`` names them by node in
/// ``CompactEdges`` (2 to 3 bytes an edge instead of 8), through an ``OpenStateIndex``. A
/// successor that is not open by then reaches every target, and so does the state: it is
/// settled (its caller marks it) and keeps no edges. Flows whose targets are unreachable
/// from most states keep most states open, and their edges are most of the memory.
@usableFromInline final class StateGraph {
  /// Per open state (node), its state number and fingerprint.
  @usableFromInline let states = ChunkedArray<UInt32>()
  @usableFromInline let fingerprints = ChunkedArray<UInt64>()
  @usableFromInline let index = OpenStateIndex()
  /// The successors of the resolved nodes, `0..<resolvedCount`.
  @usableFromInline let edges = CompactEdges()
  /// Resolved nodes found to reach every target.
  @usableFromInline @exclusivity(unchecked) var settled = Bitset()
  /// The successors' fingerprints of the nodes not resolved yet, node after node, and the
  /// end of each node's in it.
  @usableFromInline @exclusivity(unchecked) var unresolvedSuccessors: [UInt64] = []
  @usableFromInline @exclusivity(unchecked) var unresolvedEnds: [Int] = []
  /// Number of states merged (states `0..<expandedCount`), open or not.
  @usableFromInline @exclusivity(unchecked) var expandedCount = 0
  /// Scratch for ``close(_:fingerprint:isOpen:successors:)``: the successors being sorted.
  @usableFromInline @exclusivity(unchecked) var sorting: [UInt64] = []
  /// Scratch for ``resolve(statesBefore:settle:)``.
  @usableFromInline @exclusivity(unchecked) var successorNodes: [Int] = []

  @inlinable init() {}

  /// Number of open states.
  @inlinable var openCount: Int { states.count }

  /// Number of open states whose successors are named by node.
  @inlinable var resolvedCount: Int { edges.nodeCount }

  /// Bytes of storage allocated.
  @inlinable var storedBytes: Int {
    states.storedBytes + fingerprints.storedBytes + index.storedBytes + edges.storedBytes
      + settled.storedBytes + (unresolvedSuccessors.capacity + unresolvedEnds.capacity + sorting.capacity) * 8
  }

  /// Ends the state being merged, `state` (which must be state `expandedCount`), whose
  /// successors' fingerprints are `successors` (in any order, with repeats): keeps it with
  /// them when `isOpen`, else forgets them. The merge reads the successors from its buffer
  /// only for the few states left open, instead of listing every state's here.
  @inlinable func close(_ state: Int, fingerprint: UInt64, isOpen: Bool, successors: ArraySlice<UInt64>) {
    precondition(state == expandedCount, "states are recorded in order")
    expandedCount += 1
    guard isOpen else { return }
    sorting.removeAll(keepingCapacity: true)
    sorting.append(contentsOf: successors)
    sorting.sort()
    var previous: UInt64? = nil
    // A loop back to the state itself says nothing about what it reaches.
    for successor in sorting where successor != previous && successor != fingerprint {
      unresolvedSuccessors.append(successor)
      previous = successor
    }
    unresolvedEnds.append(unresolvedSuccessors.count)
    states.append(UInt32(state))
    fingerprints.append(fingerprint)
    index.insert(states.count - 1, fingerprints: fingerprints)
  }

  /// Names by node the successors of the open states numbered below `bound` (every open
  /// state when nil). Call it once all of their successors are merged: a successor that is
  /// not an open state, or is a settled one, then reaches every target (or was never
  /// expanded, and counts as reaching), and so does the state. Such a state is settled:
  /// `settle` is called with its node, and it keeps no edges.
  @inlinable func resolve(statesBefore bound: Int?, settle: (_ node: Int) -> Void) {
    let first = resolvedCount
    var node = first
    var start = 0
    while node < openCount, bound.map({ Int(states[node]) < $0 }) ?? true {
      let end = unresolvedEnds[node - first]
      successorNodes.removeAll(keepingCapacity: true)
      for successor in unresolvedSuccessors[start..<end] {
        guard let found = index.find(successor, fingerprints: fingerprints), !settled.contains(found) else {
          settled.insert(node)
          settle(node)
          successorNodes.removeAll(keepingCapacity: true)
          break
        }
        successorNodes.append(found)
      }
      edges.append(successorNodes, of: node)
      start = end
      node += 1
    }
    // What is left belongs to later nodes; their ends move down with it.
    unresolvedSuccessors.removeFirst(start)
    unresolvedEnds.removeFirst(node - first)
    for position in unresolvedEnds.indices { unresolvedEnds[position] -= start }
  }
}
