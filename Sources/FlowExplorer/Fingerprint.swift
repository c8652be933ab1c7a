/// A fixed, seedless 64-bit hash for state fingerprints.
///
/// Swift's `Hasher` is seeded per process, so it cannot name a state across runs. This hash
/// is a pure function of the words fed to it, on every platform and in every process:
///
/// - The accumulator starts from a fixed seed (xxHash64's `PRIME64_5` plus the caller's seed).
/// - Each 64-bit word takes xxHash64's step for an 8-byte tail word:
///   `acc = rotl(acc ^ (rotl(word &* P2, 31) &* P1), 27) &* P1 &+ P4`. For a fixed word the
///   step is a bijection of the accumulator, so no earlier word is ever forgotten.
/// - ``value`` applies the xxHash64 avalanche (xor-shift, multiply, xor-shift, multiply,
///   xor-shift), so every input bit affects every output bit.
///
/// Feed a length or a discriminator before each variable-size part (the `hash` helpers feed
/// the count first), so that `[a, b] + [c]` and `[a] + [b, c]` differ.
///
/// ```swift
/// var hasher = Fingerprint()
/// hasher.combine(stack.count)
/// for screen in stack { hasher.combine(UInt32(screen.id)) }
/// let fingerprint = hasher.value
/// ```
public struct Fingerprint: Sendable, Equatable {
  @usableFromInline static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
  @usableFromInline static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
  @usableFromInline static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
  @usableFromInline static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
  @usableFromInline static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

  /// The accumulator; read the finished hash from ``value``.
  @usableFromInline var accumulator: UInt64

  /// Starts a hash. Different seeds give unrelated hash functions.
  @inlinable public init(seed: UInt64 = 0) {
    accumulator = Fingerprint.prime5 &+ seed
  }

  /// Feeds one 64-bit word.
  /// - Complexity: O(1)
  @inlinable public mutating func combine(_ word: UInt64) {
    var lane = word &* Fingerprint.prime2
    lane = ((lane << 31) | (lane >> 33)) &* Fingerprint.prime1
    let mixed = accumulator ^ lane
    accumulator = ((mixed << 27) | (mixed >> 37)) &* Fingerprint.prime1 &+ Fingerprint.prime4
  }

  /// Feeds one 32-bit word (widened, so `UInt32(x)` and `UInt64(x)` hash alike).
  @inlinable public mutating func combine(_ word: UInt32) { combine(UInt64(word)) }

  /// Feeds an integer as its 64-bit two's-complement pattern.
  @inlinable public mutating func combine(_ value: Int) {
    combine(UInt64(bitPattern: Int64(value)))
  }

  /// Feeds a Boolean as 0 or 1.
  @inlinable public mutating func combine(_ value: Bool) { combine(UInt64(value ? 1 : 0)) }

  /// Feeds a byte count, then the bytes as little-endian 64-bit words (the tail zero-padded).
  /// - Complexity: O(n) in the number of bytes.
  @inlinable public mutating func combine(bytes: UnsafeRawBufferPointer) {
    combine(bytes.count)
    var offset = 0
    // Four words a turn: the same words in the same order, with a quarter of the loop's
    // own comparisons and jumps (states are tens of words long).
    while offset + 32 <= bytes.count {
      combine(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      combine(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
      combine(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
      combine(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
      offset += 32
    }
    while offset + 8 <= bytes.count {
      combine(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      offset += 8
    }
    guard offset < bytes.count else { return }
    combine(Fingerprint.tail(of: bytes, from: offset))
  }

  /// The bytes of `bytes` from `offset` on, fewer than eight, as one little-endian word
  /// zero-padded: the last word ``combine(bytes:)`` feeds.
  @inlinable @inline(__always)
  public static func tail(of bytes: UnsafeRawBufferPointer, from offset: Int) -> UInt64 {
    let remaining = bytes.count - offset
    if bytes.count >= 8 {
      // The last eight bytes in one load, shifted down past those already fed: the same word
      // as the byte loop below, without a loop whose length changes from state to state.
      let last = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
      return last >> UInt64(8 * (8 - remaining))
    }
    var tail: UInt64 = 0
    var shift: UInt64 = 0
    var offset = offset
    while offset < bytes.count {
      tail |= UInt64(bytes[offset]) << shift
      shift += 8
      offset += 1
    }
    return tail
  }

  /// The finished hash of everything fed so far (feeding may continue afterwards).
  @inlinable public var value: UInt64 {
    var h = accumulator
    h ^= h >> 33
    h = h &* Fingerprint.prime2
    h ^= h >> 29
    h = h &* Fingerprint.prime3
    h ^= h >> 32
    return h
  }

  /// Hash of a byte array: its count first, then its bytes.
  /// - Complexity: O(n)
  public static func hash(_ bytes: [UInt8]) -> UInt64 {
    var hasher = Fingerprint()
    bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    return hasher.value
  }

  /// Hash of 32-bit words: their count first, then the words packed two per 64-bit word.
  /// - Complexity: O(n)
  public static func hash(_ words: [UInt32]) -> UInt64 {
    var hasher = Fingerprint()
    hasher.combine(words.count)
    var index = 0
    while index + 1 < words.count {
      hasher.combine(UInt64(words[index]) | UInt64(words[index + 1]) << 32)
      index += 2
    }
    if index < words.count { hasher.combine(UInt64(words[index])) }
    return hasher.value
  }

  /// Hash of 64-bit words: their count first, then the words.
  /// - Complexity: O(n)
  public static func hash(_ words: [UInt64]) -> UInt64 {
    var hasher = Fingerprint()
    hasher.combine(words.count)
    for word in words { hasher.combine(word) }
    return hasher.value
  }

  /// Hash of a single word: a bijective mix (SplitMix64's finaliser), for states that fit
  /// in 64 bits. Distinct words always get distinct fingerprints.
  @inlinable public static func hash(_ word: UInt64) -> UInt64 {
    SplitMix64.mix(word &+ 0x9E37_79B9_7F4A_7C15)
  }
}
