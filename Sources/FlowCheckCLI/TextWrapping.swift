/// Greedy word wrapping for help and explain texts.
enum TextWrapping {
  /// Wraps `text` into lines of at most `width` characters (a longer word gets a line of its
  /// own), each prefixed with `indent`. Line breaks in `text` are kept.
  /// - Complexity: O(n) in the length of `text`.
  static func wrap(_ text: String, width: Int, indent: String = "") -> [String] {
    var lines: [String] = []
    for paragraphLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var current = ""
      for word in paragraphLine.split(separator: " ") {
        if current.isEmpty {
          current = String(word)
        } else if indent.count + current.count + 1 + word.count <= width {
          current += " " + word
        } else {
          lines.append(indent + current)
          current = String(word)
        }
      }
      lines.append(current.isEmpty ? "" : indent + current)
    }
    return lines
  }
}
