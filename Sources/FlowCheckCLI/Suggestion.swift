/// "Did you mean …?" for mistyped options, subcommands and invariant ids.
enum Suggestion {
  /// The candidate closest to `word`, or nil when none is close.
  ///
  /// A candidate is close when `word` is a prefix of it and of no other candidate, or when
  /// their edit distance (with transpositions) is at most a third of the word's length
  /// (at least 1, at most 3), ignoring case and leading dashes. Ties go to the candidate
  /// listed first, so the answer never depends on hashing.
  static func closest(to word: String, among candidates: [String]) -> String? {
    let key = normalised(word)
    guard !key.isEmpty else { return nil }
    let prefixed = candidates.filter { normalised($0).hasPrefix(key) }
    if prefixed.count == 1 { return prefixed[0] }

    let allowed = min(3, max(1, key.count / 3))
    var best: (candidate: String, distance: Int)?
    for candidate in candidates {
      let distance = editDistance(key, normalised(candidate))
      if distance <= allowed, distance < (best?.distance ?? Int.max) {
        best = (candidate, distance)
      }
    }
    return best?.candidate
  }

  /// The optimal-string-alignment distance: insertions, deletions, substitutions and
  /// transpositions of neighbours each cost 1.
  /// - Complexity: O(m × n).
  static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    let a = Array(lhs)
    let b = Array(rhs)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previousPrevious = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
      }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    return previous[b.count]
  }

  private static func normalised(_ word: String) -> String {
    String(word.drop(while: { $0 == "-" })).lowercased()
  }
}
