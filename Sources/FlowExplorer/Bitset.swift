/// A growable set of small non-negative integers (state indices), one bit each.
struct Bitset: Sendable {
  private(set) var words: [UInt64] = []

  /// Adds `member`, growing the storage as needed.
  /// - Complexity: amortised O(1)
  mutating func insert(_ member: Int) {
    let word = member >> 6
    if word >= words.count {
      words.append(contentsOf: repeatElement(0, count: max(word + 1 - words.count, words.count)))
    }
    words[word] |= 1 << UInt64(member & 63)
  }

  /// Whether `member` was inserted.
  /// - Complexity: O(1)
  func contains(_ member: Int) -> Bool {
    let word = member >> 6
    return word < words.count && words[word] & (1 << UInt64(member & 63)) != 0
  }

  /// Bytes of storage.
  var storedBytes: Int { words.capacity * 8 }
}
