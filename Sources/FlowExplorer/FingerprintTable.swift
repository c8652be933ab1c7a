/// An open-addressing hash set of 64-bit fingerprints, optionally with a 32-bit state index
/// per fingerprint.
///
/// - Capacity is a power of two, at most three quarters full; it doubles when needed.
/// - Linear probing from the slot given by the top bits of `fingerprint &* φ`.
/// - 0 marks an empty slot (fingerprint 0 is stored as 1, see ``storableFingerprint(_:)``).
/// - Indices are kept only when the explorer records the state graph (for `canReach`).
///
/// Memory: 8 bytes per slot (12 with indices), so 10.7 to 21.3 bytes per stored state.
final class FingerprintTable: VisitedSet {
  private var keys: UnsafeMutablePointer<UInt64>
  private var indices: UnsafeMutablePointer<UInt32>?
  /// Number of slots, a power of two.
  private(set) var capacity: Int
  /// Number of fingerprints stored.
  private(set) var count: Int
  private var shift: UInt64
  private var growthThreshold: Int

  let keepsIndices: Bool
  var isExact: Bool { true }
  var estimatedMissedStates: Double { 0 }
  var storedBytes: Int { capacity * (keepsIndices ? 12 : 8) }

  /// Creates an empty table that holds `minimumCapacity` fingerprints before it first grows.
  init(minimumCapacity: Int = 1 << 12, keepsIndices: Bool) {
    self.keepsIndices = keepsIndices
    var slots = 16
    while slots - slots / 4 < minimumCapacity { slots *= 2 }
    capacity = slots
    count = 0
    shift = UInt64(64 - slots.trailingZeroBitCount)
    growthThreshold = slots - slots / 4
    keys = .allocate(capacity: slots)
    keys.initialize(repeating: 0, count: slots)
    if keepsIndices {
      let values = UnsafeMutablePointer<UInt32>.allocate(capacity: slots)
      values.initialize(repeating: 0, count: slots)
      indices = values
    }
  }

  deinit {
    keys.deallocate()
    indices?.deallocate()
  }

  @inline(__always) private func home(_ key: UInt64) -> Int {
    Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
  }

  /// - Complexity: amortised O(1).
  @inline(__always)
  func insert(_ fingerprint: UInt64, index: UInt32) -> (isNew: Bool, index: UInt32) {
    if count >= growthThreshold { grow() }
    let key = storableFingerprint(fingerprint)
    let mask = capacity - 1
    var slot = home(key)
    while true {
      let stored = keys[slot]
      if stored == 0 {
        keys[slot] = key
        indices?[slot] = index
        count += 1
        return (true, index)
      }
      if stored == key { return (false, indices?[slot] ?? UInt32.max) }
      slot = (slot + 1) & mask
    }
  }

  /// - Complexity: expected O(1).
  @inline(__always)
  func find(_ fingerprint: UInt64) -> UInt32? {
    let key = storableFingerprint(fingerprint)
    let mask = capacity - 1
    var slot = home(key)
    while true {
      let stored = keys[slot]
      if stored == 0 { return nil }
      if stored == key { return indices?[slot] ?? UInt32.max }
      slot = (slot + 1) & mask
    }
  }

  /// The key in `slot` (0 when empty), for invariant checks.
  func key(atSlot slot: Int) -> UInt64 { keys[slot] }

  /// Doubles the capacity and re-inserts every fingerprint.
  /// - Complexity: O(capacity)
  private func grow() {
    let oldKeys = keys
    let oldIndices = indices
    let oldCapacity = capacity
    capacity = oldCapacity * 2
    shift -= 1
    growthThreshold = capacity - capacity / 4
    keys = .allocate(capacity: capacity)
    keys.initialize(repeating: 0, count: capacity)
    if keepsIndices {
      let values = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
      values.initialize(repeating: 0, count: capacity)
      indices = values
    }
    let mask = capacity - 1
    for old in 0..<oldCapacity {
      let key = oldKeys[old]
      if key == 0 { continue }
      var slot = home(key)
      while keys[slot] != 0 { slot = (slot + 1) & mask }
      keys[slot] = key
      if let oldIndices { indices?[slot] = oldIndices[old] }
    }
    oldKeys.deallocate()
    oldIndices?.deallocate()
  }
}
