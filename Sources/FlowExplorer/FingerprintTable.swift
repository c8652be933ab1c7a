import RelaxedAtomics

/// An open-addressing hash set of 64-bit fingerprints, optionally with a byte of marks per
/// fingerprint.
///
/// - Capacity is a power of two, at most three quarters full; it doubles when needed.
/// - Linear probing from the slot given by the top bits of `fingerprint &* φ`.
/// - 0 marks an empty slot (fingerprint 0 is stored as 1, see ``storableFingerprint(_:)``).
/// - Marks are kept only when the explorer records the state graph (for `canReach`): which
///   targets the state is known to reach. State indices are not kept: the graph names the
///   few states it keeps edges of by fingerprint (see ``StateGraph``).
///
/// Memory: 8 bytes per slot (9 with marks), so 10.7 to 21.3 (12 to 24) bytes per stored
/// state.
///
/// One thread, the merging one, inserts and adds marks; the others may look fingerprints and
/// their marks up meanwhile with ``findConcurrently(_:slots:marks:)``, whose loads, like the
/// merging thread's stores, are atomic (relaxed).
/// The table must not grow while they do (``reserve(forInserting:)`` grows it beforehand).
///
/// Stored properties are `@exclusivity(unchecked)`: only the merging thread changes them,
/// and Swift would otherwise check exclusivity dynamically on every access of a class
/// property, which the search makes for every successor.
@usableFromInline final class FingerprintTable: VisitedSet {
  @usableFromInline @exclusivity(unchecked) var keys: UnsafeMutablePointer<UInt64>
  @usableFromInline @exclusivity(unchecked) var marks: UnsafeMutablePointer<UInt8>?
  /// Number of slots, a power of two.
  @usableFromInline @exclusivity(unchecked) var capacity: Int
  /// Number of fingerprints stored.
  @usableFromInline @exclusivity(unchecked) var count: Int
  @usableFromInline @exclusivity(unchecked) var shift: UInt64
  @usableFromInline @exclusivity(unchecked) var growthThreshold: Int

  @usableFromInline let keepsMarks: Bool
  @inlinable var isExact: Bool { true }
  @inlinable var estimatedMissedStates: Double { 0 }
  @inlinable var storedBytes: Int { (isReleased ? releasedCapacity : capacity) * (keepsMarks ? 9 : 8) }
  /// Capacity before ``releaseStorage()``, for `storedBytes`.
  @usableFromInline @exclusivity(unchecked) var releasedCapacity = 0
  @usableFromInline @exclusivity(unchecked) var isReleased = false
  /// How many times the table grew (or was released): slots move then.
  @usableFromInline @exclusivity(unchecked) var generation = 0

  /// Creates an empty table that holds `minimumCapacity` fingerprints before it first grows.
  @inlinable init(minimumCapacity: Int = 1 << 12, keepsMarks: Bool) {
    self.keepsMarks = keepsMarks
    var slots = 16
    while slots - slots / 4 < minimumCapacity { slots *= 2 }
    capacity = slots
    count = 0
    shift = UInt64(64 - slots.trailingZeroBitCount)
    growthThreshold = slots - slots / 4
    keys = zeroedArray(slots)
    if keepsMarks { marks = zeroedArray(slots) }
  }

  deinit {
    releaseZeroedArray(keys, count: capacity)
    releaseZeroedArray(marks, count: capacity)
  }

  /// Replaces the table by an empty one of 16 slots. Checking a `canReach` property needs
  /// only the recorded graph, and the table is a large part of the search's memory.
  @inlinable func releaseStorage() {
    guard !isReleased else { return }
    releasedCapacity = capacity
    isReleased = true
    generation += 1
    releaseZeroedArray(keys, count: capacity)
    releaseZeroedArray(marks, count: capacity)
    capacity = 16
    count = 0
    shift = 60
    growthThreshold = 12
    keys = zeroedArray(16)
    marks = keepsMarks ? zeroedArray(16) : nil
  }

  @inlinable @inline(__always) func home(_ key: UInt64) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// - Complexity: amortised O(1).
  @inline(__always)
  @inlinable func insert(_ fingerprint: UInt64) -> (isNew: Bool, marks: UInt8) {
    // Refused memory to grow (the search then stops at its next check), the table takes
    // what its free slots hold; it never fills its last one, which ends every probe.
    if count >= growthThreshold && !grow() {
      precondition(count < capacity - 1, "the visited table is full and memory to grow it was refused")
    }
    let key = storableFingerprint(fingerprint)
    let mask = capacity - 1
    var slot = home(key)
    while true {
      let stored = keys[slot]
      if stored == 0 {
        relaxed_store_u64(keys + slot, key)
        count += 1
        return (true, 0)
      }
      if stored == key { return (false, marks?[slot] ?? 0) }
      slot = (slot + 1) & mask
    }
  }

  /// - Complexity: expected O(1).
  @inline(__always)
  @inlinable func find(_ fingerprint: UInt64) -> UInt8? {
    let key = storableFingerprint(fingerprint)
    let mask = capacity - 1
    var slot = home(key)
    while true {
      let stored = keys[slot]
      if stored == 0 { return nil }
      if stored == key { return marks?[slot] ?? 0 }
      slot = (slot + 1) & mask
    }
  }

  /// Appends, per fingerprint, its slot if it is stored, else -1, and its marks (0 when
  /// absent); from a thread other than the one inserting: a fingerprint being inserted
  /// meanwhile may be missed, one never inserted is never found, and marks being added may
  /// be missed. Not while the table grows.
  /// - Complexity: expected O(1) per fingerprint.
  @inlinable func findConcurrently(_ fingerprints: [UInt64], slots: inout [Int], marks: inout [UInt8]) {
    forEachSlotConcurrently(fingerprints) { slot in
      slots.append(slot)
      marks.append(slot < 0 ? 0 : self.marks.map { relaxed_load_u8($0 + slot) } ?? 0)
    }
  }

  /// ``findConcurrently(_:slots:marks:)`` without the marks: no load from the marks' array.
  @inlinable func findConcurrently(_ fingerprints: [UInt64], slots: inout [Int]) {
    forEachSlotConcurrently(fingerprints) { slots.append($0) }
  }

  /// Calls `body` with the slot of each fingerprint in order (-1 when absent), read with
  /// relaxed loads. Every home slot is touched first, so that the misses overlap (an atomic
  /// load is kept even when its value is unused).
  @inlinable @inline(__always) func forEachSlotConcurrently(_ fingerprints: [UInt64], _ body: (Int) -> Void) {
    let mask = capacity - 1
    for fingerprint in fingerprints { _ = relaxed_load_u64(keys + home(storableFingerprint(fingerprint))) }
    for fingerprint in fingerprints {
      let key = storableFingerprint(fingerprint)
      var slot = home(key)
      while true {
        let stored = relaxed_load_u64(keys + slot)
        if stored == 0 {
          body(-1)
          break
        }
        if stored == key {
          body(slot)
          break
        }
        slot = (slot + 1) & mask
      }
    }
  }

  @inlinable func holds(_ fingerprint: UInt64, atSlot slot: Int) -> Bool {
    slot >= 0 && slot < capacity && keys[slot] == storableFingerprint(fingerprint)
  }

  /// The marks of the fingerprint in `slot` (0 when the table keeps none).
  @inlinable func marks(atSlot slot: Int) -> UInt8 { marks?[slot] ?? 0 }

  @inlinable var allowsConcurrentLookup: Bool { true }

  /// Grows the table now if inserting `count` more fingerprints would grow it, so that those
  /// inserts do not (and lookups from other threads may go on while they run); false when
  /// the system refused the memory, the table as it was.
  @inlinable @discardableResult func reserve(forInserting count: Int) -> Bool {
    while !hasRoom(forInserting: count) {
      guard grow() else { return false }
    }
    return true
  }

  /// Whether `count` more inserts fit without growing (`insert` grows at the threshold).
  @inlinable func hasRoom(forInserting count: Int) -> Bool { self.count + count < growthThreshold }

  /// - Complexity: expected O(1).
  @inlinable func addMarks(_ added: UInt8, to fingerprint: UInt64) {
    guard keepsMarks else { return }
    let key = storableFingerprint(fingerprint)
    let mask = capacity - 1
    var slot = home(key)
    while true {
      let stored = keys[slot]
      precondition(stored != 0, "marks added to a fingerprint never inserted")
      if stored == key { return addMarks(added, atSlot: slot) }
      slot = (slot + 1) & mask
    }
  }

  /// Stored as a relaxed atomic: other threads may read the marks meanwhile.
  @inlinable func addMarks(_ added: UInt8, atSlot slot: Int) {
    guard let marks else { return }
    let old = marks[slot]
    if old | added != old { relaxed_store_u8(marks + slot, old | added) }
  }

  /// Sum of the keys touched by ``prefetch(_:unknown:)``, stored so the loads are not optimised away.
  @usableFromInline @exclusivity(unchecked) var touched: UInt64 = 0

  @inlinable func prefetch(_ fingerprints: [UInt64], unknown: [Int32]) {
    var sum: UInt64 = 0
    for index in unknown {
      let slot = home(storableFingerprint(fingerprints[Int(index)]))
      sum &+= keys[slot]
      // `insert` reads the marks of a known state too: the other array, another miss.
      if let marks { sum &+= UInt64(marks[slot]) }
    }
    touched = sum
  }

  /// The key in `slot` (0 when empty), for invariant checks; a relaxed load, so that a test
  /// may read it while the merging thread inserts.
  @inlinable func key(atSlot slot: Int) -> UInt64 { relaxed_load_u64(keys + slot) }

  /// Doubles the capacity and re-inserts every fingerprint.
  ///
  /// Without doubling the peak: the new table's pages become resident only as they are
  /// written, and the old table is read in slot order, which is home order, so the new one
  /// fills from front to back while the old one's pages are given back behind the reading
  /// (every 2 MiB of keys). At any moment about one table's worth is resident, not three
  /// halves of the new one: a growth can be the peak of a whole search's memory.
  ///
  /// False when the system refuses the new arrays (`zeroedArrayIfAvailable`): the table
  /// stays as it was, and the search, its reserve exhausted, stops at its next check.
  /// - Complexity: O(capacity)
  @usableFromInline @discardableResult func grow() -> Bool {
    let oldKeys = keys
    let oldMarks = marks
    let oldCapacity = capacity
    guard let newKeys: UnsafeMutablePointer<UInt64> = zeroedArrayIfAvailable(oldCapacity * 2) else {
      return false
    }
    var newMarks: UnsafeMutablePointer<UInt8>? = nil
    if keepsMarks {
      newMarks = zeroedArrayIfAvailable(oldCapacity * 2)
      if newMarks == nil {
        releaseZeroedArray(newKeys, count: oldCapacity * 2)
        return false
      }
    }
    generation += 1
    capacity = oldCapacity * 2
    shift -= 1
    growthThreshold = capacity - capacity / 4
    keys = newKeys
    marks = newMarks
    let mask = capacity - 1
    let releaseStride = 1 << 18
    var releasedUpTo = 0
    for old in 0..<oldCapacity {
      let key = oldKeys[old]
      if key != 0 {
        var slot = home(key)
        while keys[slot] != 0 { slot = (slot + 1) & mask }
        keys[slot] = key
        if let oldMarks { marks?[slot] = oldMarks[old] }
      }
      if old + 1 - releasedUpTo == releaseStride {
        discardPages(oldKeys, count: oldCapacity, releasedUpTo..<old + 1)
        discardPages(oldMarks, count: oldCapacity, releasedUpTo..<old + 1)
        releasedUpTo = old + 1
      }
    }
    releaseZeroedArray(oldKeys, count: oldCapacity)
    releaseZeroedArray(oldMarks, count: oldCapacity)
    return true
  }
}
