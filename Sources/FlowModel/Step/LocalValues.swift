import FlowLanguage

/// The values of a coordinator's local variables, stored inline (16-bit, as a packed state
/// stores them; the resolver keeps every range within ±1000).
///
/// Inline so that a runtime's `Coordinator` is plain data: copying the coordinators of a state,
/// which every step does, then touches no heap and no reference count. The resolver allows
/// at most `CheckedFlow.maximumLocalVariables` locals per coordinator, which is `capacity`.
public struct LocalValues: Sendable, BitwiseCopyable {
  public static let capacity = 16

  private var storedCount: UInt8 = 0
  /// Zeros as a literal, stored 16 bytes at a time (see `IDList`'s storage).
  private var storage: InlineArray<16, Int16> = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]

  public init() {}

  public init(_ values: some Sequence<Int>) {
    for value in values { append(value) }
  }

  public mutating func append(_ value: Int) {
    precondition(Int(storedCount) < Self.capacity, "more local variables than LocalValues.capacity")
    storage[Int(storedCount)] = Int16(truncatingIfNeeded: value)
    storedCount += 1
  }
}

extension LocalValues: RandomAccessCollection, MutableCollection {
  public var startIndex: Int { 0 }
  public var endIndex: Int { Int(storedCount) }

  public subscript(position: Int) -> Int {
    get {
      precondition(position >= 0 && position < Int(storedCount), "LocalValues index out of range")
      return Int(storage[position])
    }
    set {
      precondition(position >= 0 && position < Int(storedCount), "LocalValues index out of range")
      storage[position] = Int16(truncatingIfNeeded: newValue)
    }
  }
}

extension LocalValues: Hashable {
  /// By elements: storage past `count` is not compared.
  public static func == (lhs: LocalValues, rhs: LocalValues) -> Bool {
    lhs.count == rhs.count && lhs.elementsEqual(rhs)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for value in self { hasher.combine(value) }
  }
}

extension LocalValues: CustomStringConvertible {
  public var description: String { Array(self).description }
}
