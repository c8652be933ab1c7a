/// The byte form of a packed state, in which the explorer stores, hashes and moves states:
/// a word below 255 as one byte, any other as 255 and two bytes, low first.
///
/// Nearly every word of a packed state (kinds, small ids, flags, short counts) is below
/// 255, so a state takes little more than one byte per word. `FlowState.pack(…into:)`
/// writes this form directly; `PackedState.words` is its decoding.
enum PackedEncoding {
  /// Bytes one word can take.
  static let maximumBytesPerWord = 3

  /// Appends the encoding of `words` to `bytes`.
  static func encode(_ words: [UInt16], into bytes: inout [UInt8]) {
    bytes.reserveCapacity(bytes.count + maximumBytesPerWord * words.count)
    for word in words {
      if word < 255 {
        bytes.append(UInt8(word))
      } else {
        bytes.append(255)
        bytes.append(UInt8(truncatingIfNeeded: word))
        bytes.append(UInt8(truncatingIfNeeded: word >> 8))
      }
    }
  }

  /// The words `bytes` encode.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt16] {
    // Nearly always no word was escaped: then each byte is a word, widened in a loop
    // without branches, which the compiler vectorizes.
    if !bytes.contains(255) {
      return [UInt16](unsafeUninitializedCapacity: bytes.count) { words, count in
        for index in 0..<bytes.count { words[index] = UInt16(bytes[index]) }
        count = bytes.count
      }
    }
    return [UInt16](unsafeUninitializedCapacity: bytes.count) { words, count in
      var index = 0
      var written = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte < 255 {
          words[written] = UInt16(byte)
          index += 1
        } else {
          words[written] = UInt16(bytes[index + 1]) | UInt16(bytes[index + 2]) << 8
          index += 3
        }
        written += 1
      }
      count = written
    }
  }
}
