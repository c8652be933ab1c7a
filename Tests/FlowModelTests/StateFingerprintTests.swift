import Testing

@testable import FlowExplorer
@testable import FlowModel

/// A state's fingerprint is made in two parts, its structure's first hash and then its
/// variables, so that a successor the step cache gives back is fingerprinted from its
/// structure's key. These laws are what that shortcut relies on.
@Suite struct StateFingerprintTests {
  /// Random state encodings: a flags byte, a variable count, that many variables (some
  /// escaped), then the rest of the state.
  static func encodings(count: Int, seed: UInt64) -> [[UInt8]] {
    var random = SplitMix64(seed: seed)
    return (0..<count).map { _ in
      var words: [UInt16] = [UInt16(random.next(below: 16))]
      let variables = Int(random.next(below: 5))
      words.append(UInt16(variables))
      for _ in 0..<variables {
        words.append(
          random.next(below: 6) == 0 ? UInt16(300 + random.next(below: 1000)) : UInt16(random.next(below: 3)))
      }
      for _ in 0..<Int(random.next(below: 60)) { words.append(UInt16(random.next(below: 40))) }
      return PackedEncoding.encode(words)
    }
  }

  /// The first hash alone is the key's first hash, for parts of every length around a word.
  @Test func theFirstHashAloneIsTheKeysFirst() {
    var random = SplitMix64(seed: 5)
    for beforeCount in 0..<20 {
      for afterCount in [0, 1, 7, 8, 9, 15, 16, 17, 40] {
        let bytes = (0..<(beforeCount + afterCount)).map { _ in UInt8(random.next(below: 256)) }
        bytes.withUnsafeBytes { raw in
          let before = UnsafeRawBufferPointer(rebasing: raw[..<beforeCount])
          let after = UnsafeRawBufferPointer(rebasing: raw[beforeCount...])
          #expect(
            StepCache.Key.first(before: before, after: after)
              == StepCache.Key(before: before, after: after).first,
            "\(beforeCount) + \(afterCount) bytes")
        }
      }
    }
  }

  /// A state's fingerprint is its structure key's first hash with its variables: what the
  /// explorer computes for a successor the cache gives back, with the source's variables.
  @Test func theFingerprintIsTheStructuresWithTheVariables() {
    for bytes in Self.encodings(count: 500, seed: 17) {
      bytes.withUnsafeBufferPointer { buffer in
        let variables = PackedEncoding.variables(in: buffer)
        let key = StepCache.Key(structureOf: buffer, variables: variables)
        var words: [UInt64] = [99]
        StateFingerprint.words(
          ofVariables: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[variables]),
          into: &words)
        let fromKey = StateFingerprint.of(structure: key.first, variableWords: words)
        #expect(StateFingerprint.of(encoded: buffer) == fromKey, "\(bytes)")
      }
    }
  }

  /// Bytes that encode no state (as the explorer's own tests store) still have a
  /// fingerprint: their variables, as far as they go, stay within them.
  @Test func anyBytesHaveAFingerprint() {
    var random = SplitMix64(seed: 29)
    let edges: [[UInt8]] = [[], [7], [0, 255], [0, 255, 9], [0, 255, 9, 0], [0, 4, 1], [0, 2, 255, 1]]
    let randoms = (0..<500).map { _ in
      (0..<Int(random.next(below: 12))).map { _ in UInt8(random.next(below: 256)) }
    }
    for bytes in edges + randoms {
      bytes.withUnsafeBufferPointer { buffer in
        let variables = PackedEncoding.variables(in: buffer)
        #expect(variables.lowerBound >= 0 && variables.upperBound <= buffer.count, "\(bytes)")
        _ = StateFingerprint.of(encoded: buffer)
      }
    }
  }

  /// Different encodings get different fingerprints: those that differ only in their
  /// variables, only in their structure, or in where the variables end.
  @Test func differentStatesHaveDifferentFingerprints() {
    var seen: [UInt64: [UInt8]] = [:]
    var distinct = Set<[UInt8]>()
    var encodings = Self.encodings(count: 2_000, seed: 23)
    // The same structure with each value of one variable, and with one variable more, whose
    // bytes then read as the structure's.
    encodings += (0..<3).map { value in PackedEncoding.encode([1, 2, 0, UInt16(value), 9, 9]) }
    encodings.append(PackedEncoding.encode([1, 3, 0, 0, 9, 9]))
    encodings.append(PackedEncoding.encode([1, 1, 0, 0, 9, 9]))
    for bytes in encodings where distinct.insert(bytes).inserted {
      let fingerprint = bytes.withUnsafeBufferPointer(StateFingerprint.of(encoded:))
      #expect(seen[fingerprint] == nil, "\(bytes) and \(seen[fingerprint] ?? [])")
      seen[fingerprint] = bytes
    }
  }
}
