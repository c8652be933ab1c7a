/// A growable set of small non-negative integers (state indices), one bit each.
@usableFromInline struct Bitset: Sendable {
  @usableFromInline var words: [UInt64] = []

  @inlinable init() {}

  /// Adds `member`, growing the storage as needed.
  /// - Complexity: amortised O(1)
  @inlinable mutating func insert(_ member: Int) {
    let word = member >> 6
    if word >= words.count {
      words.append(contentsOf: repeatElement(0, count: max(word + 1 - words.count, words.count)))
    }
    words[word] |= 1 << UInt64(member & 63)
  }

  /// Removes `member` if present.
  /// - Complexity: O(1)
  @inlinable mutating func remove(_ member: Int) {
    let word = member >> 6
    if word < words.count { words[word] &= ~(1 << UInt64(member & 63)) }
  }

  /// Whether `member` was inserted.
  /// - Complexity: O(1)
  @inlinable func contains(_ member: Int) -> Bool {
    let word = member >> 6
    return word < words.count && words[word] & (1 << UInt64(member & 63)) != 0
  }

  /// Bytes of storage.
  @inlinable var storedBytes: Int { words.capacity * 8 }
}
