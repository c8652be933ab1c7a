/// The states already seen, identified by fingerprint.
///
/// The explorer is generic over the two implementations, ``FingerprintTable`` (exact) and
/// ``BitstateArray`` (SPIN's supertrace), so its merge loop is specialised for each.
/// Both are classes because they own raw memory that must be freed exactly once and be
/// mutated in place without copy-on-write checks in the hot loop.
@usableFromInline protocol VisitedSet: AnyObject, SendableMetatype {
  /// Inserts `fingerprint`.
  ///
  /// - Returns: `isNew` when the fingerprint was not there (its marks are then 0); otherwise
  ///   the marks stored with it (0 when the set keeps none).
  @inlinable func insert(_ fingerprint: UInt64) -> (isNew: Bool, marks: UInt8)

  /// The marks stored with `fingerprint` (0 when the set keeps none), or `nil` when it was
  /// not seen.
  @inlinable func find(_ fingerprint: UInt64) -> UInt8?

  /// Adds `marks` to those of `fingerprint`, which was inserted; ignored when the set keeps
  /// no marks. The explorer marks a state that it knows reaches a `canReach` target.
  @inlinable func addMarks(_ marks: UInt8, to fingerprint: UInt64)

  /// Whether other threads may call ``findConcurrently(_:slots:marks:)`` while the merging thread
  /// inserts, provided it calls ``reserve(forInserting:)`` first.
  @inlinable var allowsConcurrentLookup: Bool { get }

  /// Appends to `slots`, per fingerprint, its slot if it was inserted, else -1, and to
  /// `marks` the marks it has now (0 when absent, or when the set keeps none); asked from
  /// another thread than the inserting one (only where ``allowsConcurrentLookup``): a
  /// fingerprint being inserted may be missed, one never inserted is never found, and marks
  /// added meanwhile may be missed (marks only grow). A slot holds its fingerprint until the
  /// set next moves its contents (``generation``).
  @inlinable func findConcurrently(_ fingerprints: [UInt64], slots: inout [Int], marks: inout [UInt8])

  /// How many times the set has moved its contents: a slot from
  /// ``findConcurrently(_:slots:marks:)`` is valid while this is unchanged.
  @inlinable var generation: Int { get }

  /// ``findConcurrently(_:slots:marks:)`` without the marks.
  @inlinable func findConcurrently(_ fingerprints: [UInt64], slots: inout [Int])

  /// ``addMarks(_:to:)`` for the fingerprint in `slot`.
  @inlinable func addMarks(_ marks: UInt8, atSlot slot: Int)

  /// Whether `slot` holds `fingerprint` (for internal checks).
  @inlinable func holds(_ fingerprint: UInt64, atSlot slot: Int) -> Bool

  /// Makes room now for `count` more inserts, so that they do not move what concurrent
  /// lookups read; nothing for a set that never moves. False when the system refused the
  /// memory: the set is as it was, and the inserts must not be made.
  @inlinable @discardableResult func reserve(forInserting count: Int) -> Bool

  /// Whether `count` more inserts fit without moving what concurrent lookups read.
  @inlinable func hasRoom(forInserting count: Int) -> Bool

  /// Whether a fingerprint seen once is always recognised, and never a new one as seen.
  @inlinable var isExact: Bool { get }

  /// Whether the set keeps eight marks per fingerprint (``addMarks(_:to:)``).
  @inlinable var keepsMarks: Bool { get }

  /// Touches the memory the merge of `fingerprints[unknown]` will read, so that it finds it
  /// in the cache: the loads are independent, so the processor overlaps their misses.
  /// `unknown` are the buffer's (``ExpansionBuffer/unknown``): a successor found known
  /// already is not read again.
  @inlinable func prefetch(_ fingerprints: [UInt64], unknown: [Int32])

  /// Bytes of memory the set holds (or held, after ``releaseStorage()``).
  @inlinable var storedBytes: Int { get }

  /// Frees what the set stores, once the search is over and only the recorded graph is
  /// still to be checked; the set must not be used again, except for its figures.
  @inlinable func releaseStorage()

  /// Probability that a state not seen before is mistaken for a seen one, summed over the
  /// insertions made (an estimate of states missed); 0 for an exact set.
  @inlinable var estimatedMissedStates: Double { get }
}

/// A fingerprint never stored as a key: 0 marks an empty slot, so 0 is remapped to 1.
@inlinable @inline(__always) func storableFingerprint(_ fingerprint: UInt64) -> UInt64 {
  fingerprint == 0 ? 1 : fingerprint
}
