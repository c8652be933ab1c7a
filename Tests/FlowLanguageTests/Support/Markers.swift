import FlowLanguage

/// A source text with position markers (`1️⃣` … `9️⃣`) taken out, and where they were.
///
/// Tests write `"screen 1️⃣Prodcut"` and assert the diagnostic at marker 1: the marker's
/// byte offset in the stripped text is where the diagnostic must point.
struct MarkedSource {
  /// The text without its markers.
  let text: String
  /// Byte offset (in `text`'s UTF-8) of each marker, by marker number.
  let offsets: [Int: Int]

  init(_ marked: String) {
    var bytes: [UInt8] = []
    var offsets: [Int: Int] = [:]
    let input = Array(marked.utf8)
    // A keycap emoji: digit, U+FE0F (EF B8 8F), U+20E3 (E2 83 A3).
    let keycap: [UInt8] = [0xEF, 0xB8, 0x8F, 0xE2, 0x83, 0xA3]
    var index = 0
    while index < input.count {
      let byte = input[index]
      if (0x30...0x39).contains(byte), index + 7 <= input.count,
        Array(input[(index + 1)..<(index + 7)]) == keycap
      {
        let number = Int(byte - 0x30)
        precondition(offsets[number] == nil, "marker \(number) used twice")
        offsets[number] = bytes.count
        index += 7
        continue
      }
      bytes.append(byte)
      index += 1
    }
    self.text = String(decoding: bytes, as: UTF8.self)
    self.offsets = offsets
  }

  /// The byte offset of marker `number`.
  subscript(_ number: Int) -> Int {
    guard let offset = offsets[number] else { preconditionFailure("no marker \(number) in source") }
    return offset
  }

  var source: SourceFile { SourceFile(path: "test.flow", text: text) }

  /// The 1-based `line:col` of marker `number`.
  func location(_ number: Int) -> SourceLocation { source.location(of: self[number]) }
}
