/// Reads the words of a packed state in order. Reading past the end traps.
public struct PackedReader {
  private let words: UnsafeBufferPointer<UInt16>
  private var position = 0

  init(_ words: UnsafeBufferPointer<UInt16>) { self.words = words }

  /// The next word. `UnsafeBufferPointer` checks its bounds in debug builds only, so the
  /// position is checked here.
  @inline(__always) public mutating func take() -> Int {
    precondition(position < words.count, "read past the end of a packed state")
    let word = words[position]
    position &+= 1
    return Int(word)
  }

  /// A signed value, stored as its 16-bit pattern.
  @inline(__always) public mutating func signed() -> Int { Int(Int16(bitPattern: UInt16(take()))) }

  /// An optional id, stored plus one (0 is nil).
  @inline(__always) public mutating func optional() -> Int? {
    let value = take()
    return value == 0 ? nil : value - 1
  }

  /// A count, then that many ids.
  public mutating func list() -> IDList {
    let count = take()
    var values = IDList()
    for _ in 0..<count { values.append(take()) }
    return values
  }
}
