import FlowLanguage

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

  /// The optimal-string-alignment distance, shared with the flow diagnostics.
  static func editDistance(_ lhs: String, _ rhs: String) -> Int {
    NameSuggestion.distance(lhs, rhs)
  }

  private static func normalised(_ word: String) -> String {
    String(word.drop(while: { $0 == "-" })).lowercased()
  }
}
