/// A small, fast, seeded pseudo-random generator (Steele, Lea and Flood's SplitMix64).
///
/// The same seed gives the same sequence on every platform and Swift version, which the
/// standard library's `SystemRandomNumberGenerator` and `random(in:using:)` do not promise,
/// so simulations and the explorer's property tests draw numbers only through
/// ``next()`` and ``next(below:)``.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
  /// The generator's whole state.
  public private(set) var state: UInt64

  /// Creates a generator; equal seeds give equal sequences.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return SplitMix64.mix(state)
  }

  /// A uniform integer in `0..<bound` (Lemire's multiply-and-reject, so without modulo bias).
  /// - Precondition: `bound > 0`.
  public mutating func next(below bound: Int) -> Int {
    precondition(bound > 0, "'bound' must be positive")
    let range = UInt64(bound)
    var product = next().multipliedFullWidth(by: range)
    if product.low < range {
      let threshold = (0 &- range) % range
      while product.low < threshold {
        product = next().multipliedFullWidth(by: range)
      }
    }
    return Int(product.high)
  }

  /// A uniform Boolean.
  public mutating func nextBool() -> Bool { next() >> 63 == 1 }

  /// SplitMix64's output function: a bijective 64-bit mix.
  @inlinable public static func mix(_ word: UInt64) -> UInt64 {
    var z = word
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
