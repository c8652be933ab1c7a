import FlowExplorer

/// The byte form of a packed state, in which the explorer stores, hashes and moves states:
/// a word below 255 as one byte, any other as 255 and two bytes, low first.
///
/// Nearly every word of a packed state (kinds, small ids, flags, short counts) is below
/// 255, so a state takes little more than one byte per word. `FlowState.pack(…into:)`
/// writes this form directly; `PackedState.words` is its decoding.
enum PackedEncoding {
  /// Bytes one word can take.
  static let maximumBytesPerWord = 3

  /// The encoding of `words`.
  static func encode(_ words: [UInt16]) -> [UInt8] {
    let bytes = PackedBytes(capacity: max(1, maximumBytesPerWord * words.count))
    bytes.replace(encoding: words)
    return Array(bytes.buffer)
  }

  /// Writes the encoding of `words` at `base`, which has room for `maximumBytesPerWord` bytes
  /// a word; returns how many it wrote.
  static func encode(_ words: UnsafeBufferPointer<UInt16>, to base: UnsafeMutablePointer<UInt8>) -> Int {
    // Nearly always every word is below 255: then each is one byte, narrowed in a loop
    // without branches, which the compiler vectorizes. The same loop notes whether a word
    // was 255 or more (then it or the next value has a bit above the low eight; `&+` wraps
    // 65,535 to 0, which it has itself), and only then is the state written again.
    var wide: UInt16 = 0
    for index in 0..<words.count {
      let word = words[index]
      base[index] = UInt8(truncatingIfNeeded: word)
      wide |= (word | (word &+ 1)) &>> 8
    }
    if wide == 0 { return words.count }
    var count = 0
    for word in words {
      if word < 255 {
        base[count] = UInt8(word)
        count += 1
      } else {
        base[count] = 255
        base[count + 1] = UInt8(truncatingIfNeeded: word)
        base[count + 2] = UInt8(truncatingIfNeeded: word >> 8)
        count += 3
      }
    }
    return count
  }

  /// The words `bytes` encode.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt16] {
    // Nearly always no word was escaped: then each byte is a word, widened in a loop
    // without branches, which the compiler vectorizes. The same loop keeps the largest
    // byte, and only when that is the escape are the bytes read again.
    var escaped = false
    let words = [UInt16](unsafeUninitializedCapacity: bytes.count) { words, count in
      var largest: UInt8 = 0
      for index in 0..<bytes.count {
        words[index] = UInt16(bytes[index])
        largest = max(largest, bytes[index])
      }
      escaped = largest == 255
      count = escaped ? 0 : bytes.count
    }
    if !escaped { return words }
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

  /// Where the flow's global variables are in the encoding of a state: after its flags word
  /// and their count, as `FlowState.pack` writes them. Within `bytes` whatever they hold, so
  /// that any bytes have a fingerprint (`StateFingerprint`), states or not.
  static func variables(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
    let start = bytes.count >= 2 && bytes[1] == 255 ? 4 : 2
    guard bytes.count >= start else { return bytes.count..<bytes.count }
    let count = start == 2 ? Int(bytes[1]) : Int(bytes[2]) | Int(bytes[3]) << 8
    var end = start
    for _ in 0..<count {
      guard end < bytes.count else { break }
      end += bytes[end] < 255 ? 1 : 3
    }
    return start..<min(end, bytes.count)
  }
}
