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

  /// The words at the edge of one byte, alone and among small ones: 254 is one byte; 255,
  /// 256 and 65,535 are escaped (the fast paths test for them without a branch per word).
  @Test(arguments: [UInt16(0), 254, 255, 256, 511, 65_279, 65_535])
  func wordsAtTheEdgeOfOneByteRoundTrip(word: UInt16) {
    for words in [[word], [1, 2, word, 3], Array(repeating: 7, count: 40) + [word]] {
      let bytes = PackedEncoding.encode(words)
      #expect(bytes.count == words.count + (word < 255 ? 0 : 2), "\(words)")
      #expect(bytes.withUnsafeBufferPointer(PackedEncoding.decode) == words, "\(words)")
    }
  }

  /// The layout of a packed state, written out by hand from `PackedLayout`'s documentation:
  /// unpacking reads each bit as documented, and packing writes the same words back. A bit
  /// moved in `PackedLayout` (for packing and unpacking alike, which the round trips elsewhere
  /// would not notice) changes every state's fingerprint, and fails here.
  @Test func aStateWrittenByHandUnpacksAsItsLayoutSays() {
    // A state with nothing in it: flags, no globals, no objects, no window root, no
    // coordinators, no app coordinator, no pending completion, then the runtime's app-wide
    // state, which this test takes as the runtime writes it.
    let empty = FlowState<Radianttap>(globals: []).packed()
    #expect(Array(empty.prefix(7)) == [0, 0, 0, 0, 0, 0, 0])
    let library = Array(empty.dropFirst(7))
    let words: [UInt16] =
      [
        2 | 8,  // beyond the bounds (2), after a violation (8)
        2, 2, UInt16(bitPattern: -1),  // two globals: 2 and -1
        4,  // four objects
        0, 8, 2, 1, 2,  // a navigation controller (tag 0) whose children (8) are 1 and 2
        // Screen 3 (tag 2 + 3): a form sheet (style 1), modal in presentation (4), presenting
        // (16) object 3, its modal transition dismissing (2, from bit 8).
        5, 1 | 4 | 16 | 2 << 8, 3,
        2, 0,  // screen 0, nothing set
        1, 2, 1,  // a tab bar controller (tag 1), full screen (style 2), tab 1 selected
        1,  // the window's root: object 0 (stored plus one)
        0, 0, 0,  // no coordinators, no app coordinator, no pending completion
      ] + library
    let state = FlowState<Radianttap>(packed: words)
    #expect(state.beyondBounds && state.afterViolation && !state.crashed)
    #expect(state.globals == [2, -1])
    let objects = state.world.objects
    #expect(objects.count == 4)
    guard objects.count == 4 else { return }
    #expect(objects[0].kind == .navigationController && Array(objects[0].children) == [1, 2])
    #expect(objects[1].kind == .screen(3) && objects[1].style == .formSheet)
    #expect(objects[1].modalInPresentation && objects[1].presented == 3)
    #expect(objects[1].modalTransition == .dismissing && objects[1].container == 0)
    #expect(objects[2].kind == .screen(0) && objects[2].style == .pageSheet && objects[2].presented == nil)
    #expect(objects[3].isTabBarController && objects[3].style == .fullScreen && objects[3].selectedIndex == 1)
    #expect(objects[3].presenting == 1)
    #expect(state.world.windowRoot == 0 && state.coordinators.isEmpty && state.pending.isEmpty)
    #expect(state.packed() == words)
  }
}
