/// SplitMix64: a tiny, fast, seeded generator, so that every property test is repeatable.
///
/// The helpers below (`int(in:)`, `chance(_:)`, `element(of:)`, `shuffled(_:)`) are written
/// here rather than taken from the standard library, whose algorithms for `random(in:using:)`
/// may change between toolchains: the same seed gives the same flows everywhere.
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  public init(seed: UInt64) {
    state = seed
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniformly chosen integer in `range` (modulo bias is negligible for small ranges).
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next() % width)
  }

  /// True with the given probability.
  public mutating func chance(_ probability: Double) -> Bool {
    Double(next() >> 11) / Double(1 << 53) < probability
  }

  /// A uniformly chosen element; the collection must not be empty.
  public mutating func element<T>(of elements: [T]) -> T {
    elements[int(in: 0...(elements.count - 1))]
  }

  /// A Fisher–Yates shuffle.
  public mutating func shuffled<T>(_ elements: [T]) -> [T] {
    var result = elements
    if result.count < 2 { return result }
    for index in stride(from: result.count - 1, to: 0, by: -1) {
      result.swapAt(index, int(in: 0...index))
    }
    return result
  }
}
