/// The order in which the merge takes the successors `first..<end` of one source: from
/// `first + offset` round, ascending, or, when `reversed`, from `end - 1 - offset` round,
/// descending. In action order (offset 0, ascending) unless the bitstate settings carry a
/// seed (``ExplorerOptions/Bitstate/seed``), which draws both from itself and the source.
///
/// Only the successors not found in the visited set at expansion (``ExpansionBuffer/unknown``)
/// are taken one by one; the known ones are only counted. `split` and
/// `unknownPosition` take the unknown ones in the order this one gives all of them.
@usableFromInline struct SuccessorOrder {
  @usableFromInline let first: Int
  @usableFromInline let end: Int
  @usableFromInline let offset: Int
  @usableFromInline let reversed: Bool

  @inlinable init(seed: UInt64, source: Int, first: Int, end: Int) {
    self.first = first
    self.end = end
    let count = end - first
    guard seed != 0, count > 1 else {
      offset = 0
      reversed = false
      return
    }
    let mixed = SplitMix64.mix(seed &+ SplitMix64.mix(UInt64(source)))
    offset = Int(truncatingIfNeeded: mixed % UInt64(count))
    reversed = mixed >> 63 == 1
  }

  /// The successor taken at `turn` (`0..<end - first`).
  @inlinable func successor(at turn: Int) -> Int {
    let count = end - first
    let rotated = offset + turn < count ? offset + turn : offset + turn - count
    return first + (reversed ? count - 1 - rotated : rotated)
  }

  /// How many of `unknown` (successors of this source, ascending) lie below where the order
  /// starts (`first + offset` ascending, `end - offset` descending): the unknown ones are
  /// taken from the split on, ascending, or from just below it down, and round (see
  /// `unknownPosition(at:count:split:)`).
  @inlinable func split(of unknown: ArraySlice<Int32>) -> Int {
    let start = reversed ? end - offset : first + offset
    var split = 0
    for successor in unknown {
      guard Int(successor) < start else { break }
      split += 1
    }
    return split
  }

  /// The position, among `count` unknown successors that `split(of:)` split at `split`, of
  /// the one taken at `turn`.
  @inlinable func unknownPosition(at turn: Int, count: Int, split: Int) -> Int {
    if !reversed { return split + turn < count ? split + turn : split + turn - count }
    return turn < split ? split - 1 - turn : count - 1 - (turn - split)
  }

  /// How many successors with a slot in `knownSlots` (found in the visited set) are taken
  /// before `successor`: what a merge taking every successor in turn has counted when it
  /// stops at that one.
  @inlinable func knownSuccessors(before successor: Int, knownSlots: [Int]) -> Int {
    // No lookup at expansion: every successor was unknown.
    if knownSlots.isEmpty { return 0 }
    precondition(knownSlots.count >= end, "a slot for every successor")
    var count = 0
    for turn in 0..<(end - first) {
      let taken = self.successor(at: turn)
      if taken == successor { break }
      if knownSlots[taken] >= 0 { count += 1 }
    }
    return count
  }
}
