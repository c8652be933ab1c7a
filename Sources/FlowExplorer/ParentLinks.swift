/// Per stored state, the state it was first reached from (its parent in the BFS tree), for
/// rebuilding traces.
///
/// States are numbered in BFS order and each state's new successors are numbered together,
/// so parents never decrease from one state to the next, and mostly repeat. Each state keeps
/// a byte: the step from the parent of the state before it, within a block of 64 states whose
/// first parent is kept whole; a step that does not fit (255 or more, or backwards, as from
/// the initial states' `UInt32.max`) is kept aside. About 1.1 bytes per state instead of 4.
@usableFromInline final class ParentLinks {
  @usableFromInline let steps = ChunkedArray<UInt8>()
  /// Per block of 64 states, the parent of its first state.
  @usableFromInline let blockParents = ChunkedArray<UInt32>()
  /// Parents whose step does not fit a byte, by state (the byte says 255).
  @usableFromInline @exclusivity(unchecked) var exceptions: [Int: UInt32] = [:]
  @usableFromInline @exclusivity(unchecked) var lastParent: UInt32 = 0

  @inlinable init() {}

  @inlinable var count: Int { steps.count }

  /// Records the parent of the next state.
  @inlinable func append(_ parent: UInt32) {
    let state = steps.count
    if state & 63 == 0 {
      blockParents.append(parent)
      steps.append(0)
    } else if parent >= lastParent && parent - lastParent < 255 {
      steps.append(UInt8(parent - lastParent))
    } else {
      exceptions[state] = parent
      steps.append(255)
    }
    lastParent = parent
  }

  /// The parent recorded for `state`.
  /// - Complexity: O(64)
  @inlinable subscript(state: Int) -> UInt32 {
    precondition(state >= 0 && state < steps.count, "ParentLinks index out of range")
    var parent = blockParents[state >> 6]
    var position = state & ~63
    while position < state {
      position += 1
      let step = steps[position]
      parent = step == 255 ? exceptions[position]! : parent + UInt32(step)
    }
    return parent
  }

  /// Bytes of storage allocated (the exceptions counted at 16 bytes each).
  @inlinable var storedBytes: Int { steps.storedBytes + blockParents.storedBytes + exceptions.count * 16 }
}
