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
      let flags = UInt16(random.next(below: 16))
      let rest = (0..<random.next(below: 60)).map { _ in UInt16(random.next(below: 40)) }
      return encoding(flags: flags, variables: variables(&random), rest: rest)
    }
  }

  /// Random values of the variables: mostly a few small ones, some escaped, and now and
  /// then 255 or more (their count is then escaped too).
  static func variables(_ random: inout SplitMix64) -> [UInt16] {
    let count = random.next(below: 40) == 0 ? 255 + random.next(below: 10) : random.next(below: 5)
    return (0..<count).map { _ in
      random.next(below: 6) == 0 ? UInt16(300 + random.next(below: 1000)) : UInt16(random.next(below: 3))
    }
  }

  /// The encoding of a state with `flags`, `variables` and then `rest`.
  static func encoding(flags: UInt16, variables: [UInt16], rest: [UInt16]) -> [UInt8] {
    PackedEncoding.encode([flags, UInt16(variables.count)] + variables + rest)
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

  /// A successor the cache gives back is its kept structure with the source's variables:
  /// its fingerprint from the kept structure's key and those variables is the one its bytes
  /// have, whatever the values' lengths (escaped or not) and however many variables there
  /// are (an escaped count).
  @Test func aStructureWithOtherVariablesIsFingerprintedFromItsKey() {
    var random = SplitMix64(seed: 31)
    for _ in 0..<400 {
      let flags = UInt16(random.next(below: 16))
      let rest = (0..<random.next(below: 60)).map { _ in UInt16(random.next(below: 40)) }
      let keptVariables = Self.variables(&random)
      let kept = Self.encoding(flags: flags, variables: keptVariables, rest: rest)
      // The same variables (a flow's are a fixed list) with other values, some escaped.
      let source = keptVariables.map { _ in
        random.next(below: 4) == 0 ? UInt16(300 + random.next(below: 1000)) : UInt16(random.next(below: 3))
      }
      let successor = Self.encoding(flags: flags, variables: source, rest: rest)
      let key = kept.withUnsafeBufferPointer {
        StepCache.Key(structureOf: $0, variables: PackedEncoding.variables(in: $0))
      }
      var words: [UInt64] = []
      successor.withUnsafeBufferPointer { buffer in
        let variables = UnsafeRawBufferPointer(buffer)[PackedEncoding.variables(in: buffer)]
        StateFingerprint.words(ofVariables: UnsafeRawBufferPointer(rebasing: variables), into: &words)
      }
      #expect(
        StateFingerprint.of(structure: key.first, variableWords: words)
          == successor.withUnsafeBufferPointer(StateFingerprint.of(encoded:)),
        "\(source.count) variables")
    }
  }

  /// Bytes that encode no state (as the explorer's own tests store) still have a
  /// fingerprint, and different bytes different ones: their variables, as far as they go,
  /// stay within them.
  @Test func anyBytesHaveAFingerprint() {
    var random = SplitMix64(seed: 29)
    let edges: [[UInt8]] = [[], [7], [0, 255], [0, 255, 9], [0, 255, 9, 0], [0, 4, 1], [0, 2, 255, 1]]
    let randoms = (0..<500).map { _ in
      (0..<Int(random.next(below: 12))).map { _ in UInt8(random.next(below: 256)) }
    }
    var seen: [UInt64: [UInt8]] = [:]
    for bytes in Set(edges + randoms) {
      bytes.withUnsafeBufferPointer { buffer in
        #expect(PackedEncoding.variables(in: buffer).upperBound <= buffer.count, "\(bytes)")
        let fingerprint = StateFingerprint.of(encoded: buffer)
        #expect(seen[fingerprint] == nil, "\(bytes) and \(seen[fingerprint] ?? [])")
        seen[fingerprint] = bytes
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
