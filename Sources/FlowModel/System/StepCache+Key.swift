import FlowExplorer

extension StepCache {
  /// A structure, as two independent 64-bit hashes of the state's bytes without its
  /// variables: a false match would give a wrong successor, so it must be far less likely
  /// than two states sharing a fingerprint. The first is also where a state's fingerprint
  /// starts (`StateFingerprint`), so that a successor the cache gives back is fingerprinted
  /// from its structure's hash and the variables, without hashing its bytes.
  struct Key: Equatable {
    var first: UInt64
    var second: UInt64

    init(first: UInt64, second: UInt64) {
      self.first = first
      self.second = second
    }

    /// The structure of the state whose `PackedEncoding` is `bytes`: its bytes without the
    /// variables at `variables`.
    init(structureOf bytes: UnsafeBufferPointer<UInt8>, variables: Range<Int>) {
      let raw = UnsafeRawBufferPointer(bytes)
      self.init(
        before: UnsafeRawBufferPointer(rebasing: raw[..<variables.lowerBound]),
        after: UnsafeRawBufferPointer(rebasing: raw[variables.upperBound...]))
    }

    /// The structure whose bytes are `before`, the variables, then `after`: both hashes in
    /// one pass, the two parts' lengths first. A key is made for every state looked up and
    /// every successor kept, so one pass over the bytes, not one per hash and part.
    init(before: UnsafeRawBufferPointer, after: UnsafeRawBufferPointer) {
      var first = Fingerprint(seed: 1)
      var second = Fingerprint(seed: 2)
      let lengths = UInt64(before.count) | UInt64(after.count) << 32
      first.combine(lengths)
      second.combine(lengths)
      Self.feed(before, &first, &second)
      Self.feed(after, &first, &second)
      self.init(first: first.value, second: second.value)
    }

    /// `Key(before:after:).first` alone: half the work, for a state whose structure is
    /// hashed only for its fingerprint.
    static func first(before: UnsafeRawBufferPointer, after: UnsafeRawBufferPointer) -> UInt64 {
      var first = Fingerprint(seed: 1)
      first.combine(UInt64(before.count) | UInt64(after.count) << 32)
      feed(before, &first)
      feed(after, &first)
      return first.value
    }

    /// Feeds `part` to both hashes, eight bytes at a time. Inlined, with the hashes passed
    /// in, so that they stay in registers: a local function capturing them would keep them in
    /// memory, loaded and stored for every word.
    @inline(__always) private static func feed(
      _ part: UnsafeRawBufferPointer, _ first: inout Fingerprint, _ second: inout Fingerprint
    ) {
      var offset = 0
      while offset + 8 <= part.count {
        let word = UInt64(littleEndian: part.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        first.combine(word)
        second.combine(word)
        offset += 8
      }
      guard offset < part.count else { return }
      let tail = Fingerprint.tail(of: part, from: offset)
      first.combine(tail)
      second.combine(tail)
    }

    /// Feeds `part` to the first hash as `feed(_:_:_:)` does, four words a turn (states are
    /// tens of words long) with the same words in the same order.
    @inline(__always) private static func feed(_ part: UnsafeRawBufferPointer, _ first: inout Fingerprint) {
      var offset = 0
      while offset + 32 <= part.count {
        first.combine(UInt64(littleEndian: part.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        first.combine(UInt64(littleEndian: part.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
        first.combine(UInt64(littleEndian: part.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
        first.combine(UInt64(littleEndian: part.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
        offset += 32
      }
      while offset + 8 <= part.count {
        first.combine(UInt64(littleEndian: part.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
        offset += 8
      }
      guard offset < part.count else { return }
      first.combine(Fingerprint.tail(of: part, from: offset))
    }
  }
}
