/// SPIN's bitstate hashing ("supertrace"): a visited set of `2^k` bits, `h` of them set per
/// state, instead of a table of fingerprints.
///
/// A state counts as seen when all its `h` bits are already set, so a new state can be
/// mistaken for a seen one and skipped (never the other way round). The bit positions come
/// from double hashing of the fingerprint, `g_i = f + i·mix(f)` (Kirsch and Mitzenmacher),
/// each taking the top `k` bits.
///
/// The estimate of missed states: when the array is a fraction `φ` full, a new state is
/// skipped with probability `p = φ^h`, so each stored state stands for `1 / (1 - p)` new
/// states met; ``estimatedMissedStates`` sums `p / (1 - p)` over the insertions. States
/// reachable only through a skipped state are not counted, so it is optimistic.
///
/// A nonzero `seed` (``ExplorerOptions/Bitstate/seed``) passes the fingerprint through a
/// bijective mix with the seed first, so arrays with different seeds collide on different
/// states; seed 0 leaves the fingerprint as it is.
///
/// Stored properties are `@exclusivity(unchecked)`: the class is only ever used by one
/// thread at a time, and Swift would otherwise check exclusivity dynamically on every
/// access of a class property, which the search makes for every successor.
@usableFromInline final class BitstateArray: VisitedSet {
  @usableFromInline let words: UnsafeMutablePointer<UInt64>
  @usableFromInline let wordCount: Int
  @usableFromInline let shift: UInt64
  @usableFromInline let log2Bits: Int
  @usableFromInline let hashCount: Int
  @usableFromInline let seed: UInt64
  /// Bits set so far.
  @usableFromInline @exclusivity(unchecked) var setBits: Int = 0
  /// States inserted so far.
  @usableFromInline @exclusivity(unchecked) var count: Int = 0
  @usableFromInline @exclusivity(unchecked) var estimatedMissedStates: Double = 0

  @inlinable var keepsMarks: Bool { false }
  @inlinable var isExact: Bool { false }
  /// Its inserts set bits with plain read-modify-writes: no lookup from another thread.
  @inlinable var allowsConcurrentLookup: Bool { false }
  @inlinable func findConcurrently(_ fingerprints: [UInt64], slots: inout [Int], marks: inout [UInt8]) {
    preconditionFailure("a bitstate array allows no concurrent lookup")
  }
  @inlinable func findConcurrently(_ fingerprints: [UInt64], slots: inout [Int]) {
    preconditionFailure("a bitstate array allows no concurrent lookup")
  }
  @inlinable func holds(_ fingerprint: UInt64, atSlot slot: Int) -> Bool { false }
  @inlinable var generation: Int { 0 }
  @inlinable func addMarks(_ marks: UInt8, atSlot slot: Int) {}
  @inlinable @discardableResult func reserve(forInserting count: Int) -> Bool { true }
  @inlinable func hasRoom(forInserting count: Int) -> Bool { true }
  @inlinable var storedBytes: Int { wordCount * 8 }

  /// Nothing to free early: a bitstate search records no graph.
  @inlinable func releaseStorage() {}

  /// Creates an empty array of `2^log2Bits` bits, setting `hashCount` bits per state.
  @inlinable init(log2Bits: Int, hashCount: Int, seed: UInt64 = 0) {
    self.log2Bits = log2Bits
    self.hashCount = hashCount
    self.seed = seed
    wordCount = max(1, (1 << log2Bits) / 64)
    shift = UInt64(64 - log2Bits)
    words = .allocate(capacity: wordCount)
    words.initialize(repeating: 0, count: wordCount)
  }

  deinit { words.deallocate() }

  /// The fraction of bits set.
  @inlinable var fill: Double { Double(setBits) / Double(wordCount * 64) }

  @inlinable @inline(__always) func bit(_ fingerprint: UInt64, _ i: Int) -> Int {
    let step = SplitMix64.mix(fingerprint) | 1
    return Int(truncatingIfNeeded: (fingerprint &+ UInt64(i) &* step) >> shift)
  }

  /// The key whose bits are set: the stored fingerprint, mixed with a nonzero seed.
  @inlinable @inline(__always) func key(_ fingerprint: UInt64) -> UInt64 {
    let stored = storableFingerprint(fingerprint)
    return seed == 0 ? stored : SplitMix64.mix(stored ^ seed)
  }

  /// Sum of the words touched by ``prefetch(_:unknown:)``, stored so the loads are not optimised away.
  @usableFromInline @exclusivity(unchecked) var touched: UInt64 = 0

  @inlinable func prefetch(_ fingerprints: [UInt64], unknown: [Int32]) {
    var sum: UInt64 = 0
    for index in unknown {
      let fingerprint = fingerprints[Int(index)]
      for i in 0..<hashCount { sum &+= words[bit(key(fingerprint), i) >> 6] }
    }
    touched = sum
  }

  /// - Complexity: O(hashCount)
  @inlinable func insert(_ fingerprint: UInt64) -> (isNew: Bool, marks: UInt8) {
    let key = key(fingerprint)
    var isNew = false
    for i in 0..<hashCount {
      let position = bit(key, i)
      let mask: UInt64 = 1 << UInt64(position & 63)
      let word = words[position >> 6]
      if word & mask == 0 {
        words[position >> 6] = word | mask
        setBits += 1
        isNew = true
      }
    }
    guard isNew else { return (false, 0) }
    count += 1
    var skipped = 1.0
    let full = fill
    for _ in 0..<hashCount { skipped *= full }
    if skipped < 1 { estimatedMissedStates += skipped / (1 - skipped) }
    return (true, 0)
  }

  /// - Complexity: O(hashCount)
  @inlinable func find(_ fingerprint: UInt64) -> UInt8? {
    let key = key(fingerprint)
    for i in 0..<hashCount {
      let position = bit(key, i)
      if words[position >> 6] & (1 << UInt64(position & 63)) == 0 { return nil }
    }
    return 0
  }

  /// No marks: a bitstate search records no graph.
  @inlinable func addMarks(_ marks: UInt8, to fingerprint: UInt64) {}
}
