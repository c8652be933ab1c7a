/// "Did you mean" suggestions by edit distance, as swift-argument-parser offers for options.
///
/// The distance is the optimal-string-alignment form of Damerau–Levenshtein: insertions,
/// deletions, substitutions and swaps of two adjacent characters each cost one, so the
/// typo `Prodcut` is one edit away from `Product`.
public enum NameSuggestion {
  /// The largest distance at which a known name is suggested for a name of `length`
  /// characters: `max(1, length / 3)`.
  public static func threshold(forLength length: Int) -> Int { max(1, length / 3) }

  /// The known name closest to `name`, if one is within `threshold(forLength:)`.
  /// Ties go to the candidate listed first (declaration order). An exact match is never
  /// suggested: the caller looked `name` up and did not find it.
  /// - Complexity: O(k·m·n) for k candidates of length m and a name of length n; candidates
  ///   whose length alone puts them out of reach cost O(1).
  public static func closest(to name: String, among candidates: [String]) -> String? {
    let typed = Array(name.unicodeScalars)
    guard !typed.isEmpty else { return nil }
    var best: (candidate: String, distance: Int)? = nil
    var limit = threshold(forLength: typed.count)
    for candidate in candidates where candidate != name && !candidate.isEmpty {
      // A scalar takes 1 to 4 UTF-8 bytes: a cheap bound before counting scalars.
      let bytes = candidate.utf8.count
      if bytes < typed.count - limit || (bytes + 3) / 4 > typed.count + limit { continue }
      let known = Array(candidate.unicodeScalars)
      if abs(known.count - typed.count) > limit { continue }
      guard let found = distance(typed, known, limit: limit) else { continue }
      if best == nil || found < best!.distance {
        best = (candidate, found)
        limit = found
      }
    }
    return best?.candidate
  }

  /// `"; did you mean 'X'?"` when a close name exists, else the empty string.
  public static func suffix(for name: String, among candidates: [String]) -> String {
    closest(to: name, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }

  /// The optimal-string-alignment distance between two strings.
  /// - Complexity: O(m·n).
  public static func distance(_ a: String, _ b: String) -> Int {
    let left = Array(a.unicodeScalars)
    let right = Array(b.unicodeScalars)
    return distance(left, right, limit: max(left.count, right.count)) ?? max(left.count, right.count)
  }

  /// The distance, or nil once it is certain to exceed `limit`.
  static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int? {
    if a.isEmpty { return b.count <= limit ? b.count : nil }
    if b.isEmpty { return a.count <= limit ? a.count : nil }
    let width = b.count + 1
    var beforePrevious = [Int](repeating: 0, count: width)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: width)
    for i in 1...a.count {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          value = min(value, beforePrevious[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return nil }
      (beforePrevious, previous, current) = (previous, current, beforePrevious)
    }
    let result = previous[b.count]
    return result <= limit ? result : nil
  }
}
