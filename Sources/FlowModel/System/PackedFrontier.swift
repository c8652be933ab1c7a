import FlowExplorer

/// The explorer's store for packed states: every state's words in one byte array, a word
/// below 255 as one byte, any other as 255 and two bytes, low first.
///
/// Nearly every word of a packed state (kinds, small ids, flags, short counts) is below 255,
/// so a state takes little more than one byte per word plus four for its end, with no heap
/// object of its own. As separate `[UInt16]` arrays (and a `PackedState` each), frontier
/// states took about three times that.
///
/// The derived property bits are not kept: the explorer calls `FlowSystem.prepared(_:)` on
/// each state it takes out, and that computes them again.
public struct PackedFrontier: StateStore, Sendable {
  private var bytes: [UInt8] = []
  /// Per state, the end of its bytes.
  private var ends: [UInt32] = []

  public init() {}

  public var count: Int { ends.count }
  public var isEmpty: Bool { ends.isEmpty }

  private func byteRange(_ position: Int) -> Range<Int> {
    (position == 0 ? 0 : Int(ends[position - 1]))..<Int(ends[position])
  }

  public subscript(position: Int) -> PackedState {
    let range = byteRange(position)
    let words = bytes.withUnsafeBufferPointer { bytes in
      [UInt16](unsafeUninitializedCapacity: range.count) { words, count in
        var index = range.lowerBound
        var written = 0
        while index < range.upperBound {
          let byte = bytes[index]
          if byte < 255 {
            words[written] = UInt16(byte)
            index += 1
          } else {
            words[written] = UInt16(bytes[index + 1]) | UInt16(bytes[index + 2]) << 8
            index += 3
          }
          written += 1
        }
        count = written
      }
    }
    return PackedState(words: words, isAnalysed: false)
  }

  public mutating func append(_ state: PackedState) {
    let words = state.words
    // Encoded on the stack, then appended at once: byte by byte, each append checked the
    // array's capacity and uniqueness.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 * words.count) { encoded in
      var count = 0
      for word in words {
        if word < 255 {
          encoded[count] = UInt8(word)
          count += 1
        } else {
          encoded[count] = 255
          encoded[count + 1] = UInt8(truncatingIfNeeded: word)
          encoded[count + 2] = UInt8(truncatingIfNeeded: word >> 8)
          count += 3
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: encoded[..<count]))
    }
    closeState()
  }

  public mutating func append(from other: PackedFrontier, at position: Int) {
    bytes.append(contentsOf: other.bytes[other.byteRange(position)])
    closeState()
  }

  private mutating func closeState() {
    precondition(bytes.count <= Int(UInt32.max), "one BFS level outgrew 4 GiB")
    ends.append(UInt32(bytes.count))
  }

  public mutating func removeAll(keepingCapacity: Bool) {
    bytes.removeAll(keepingCapacity: keepingCapacity)
    ends.removeAll(keepingCapacity: keepingCapacity)
  }
}
