import Testing

@testable import FlowExplorer
@testable import FlowModel

/// The byte form of packed states: a word below 255 is one byte, any other 255 and two bytes.
@Suite struct PackedEncodingTests {
  /// Random words, mostly small as in real states, sometimes 255 or more: encoding then
  /// decoding gives them back, and both ways agree with the layout written out by hand.
  @Test func wordsRoundTripThroughTheirBytes() {
    var random = SplitMix64(seed: 11)
    for trial in 0..<2_000 {
      let count = Int(random.next(below: 120))
      let escapes = trial % 3 == 0
      let words: [UInt16] = (0..<count).map { _ in
        escapes && random.next(below: 8) == 0
          ? UInt16(255 + random.next(below: 65_281)) : UInt16(random.next(below: 255))
      }
      var expected: [UInt8] = []
      for word in words {
        if word < 255 {
          expected.append(UInt8(word))
        } else {
          expected += [255, UInt8(word & 0xFF), UInt8(word >> 8)]
        }
      }
      #expect(PackedEncoding.encode(words) == expected, "trial \(trial): encode")
      let bytes = PackedBytes()
      bytes.replace(encoding: words)
      #expect(Array(bytes.buffer) == expected, "trial \(trial): replace(encoding:)")
      #expect(expected.withUnsafeBufferPointer(PackedEncoding.decode) == words, "trial \(trial): decode")
    }
  }
}
