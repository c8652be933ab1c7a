import FlowExplorer

/// The fingerprint of a state, from its `PackedEncoding`: the first hash of its structure
/// (its bytes without the global variables, `StepCache.Key.first`), then the variables'
/// bytes hashed from there.
///
/// In two parts because most successors come from the step cache, which names each one's
/// structure by its key: such a successor is fingerprinted from that hash and the source's
/// variables, a few words, instead of hashing all of its bytes. Each part is a 64-bit
/// `Fingerprint`, and the second starts from the first as its seed (each word fed is a
/// bijection of the accumulator): two states share a fingerprint about as rarely as two
/// hashes of their bytes would, when their structures' hashes collide or the second part
/// does.
enum StateFingerprint {
  /// The fingerprint of the state whose encoding is `bytes`.
  static func of(encoded bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let variables = PackedEncoding.variables(in: bytes)
    let raw = UnsafeRawBufferPointer(bytes)
    let structure = StepCache.Key.first(
      before: UnsafeRawBufferPointer(rebasing: raw[..<variables.lowerBound]),
      after: UnsafeRawBufferPointer(rebasing: raw[variables.upperBound...]))
    var hasher = Fingerprint(seed: structure)
    hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: raw[variables]))
    return hasher.value
  }

  /// The words the variables encoded as `variables` feed a fingerprint's second part, as
  /// `Fingerprint.combine(bytes:)` feeds them: their byte count, then their bytes eight at a
  /// time, the last word zero-padded. Made once for a state whose successors share its
  /// variables.
  static func words(ofVariables variables: UnsafeRawBufferPointer, into words: inout [UInt64]) {
    words.removeAllKeepingStorage()
    words.append(UInt64(variables.count))
    var offset = 0
    while offset + 8 <= variables.count {
      words.append(UInt64(littleEndian: variables.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      offset += 8
    }
    if offset < variables.count { words.append(Fingerprint.tail(of: variables, from: offset)) }
  }

  /// The fingerprint of the state whose structure's first hash is `structure` and whose
  /// variables feed `variableWords` (`words(ofVariables:into:)`).
  @inline(__always) static func of(structure: UInt64, variableWords: [UInt64]) -> UInt64 {
    var hasher = Fingerprint(seed: structure)
    for word in variableWords { hasher.combine(word) }
    return hasher.value
  }
}
