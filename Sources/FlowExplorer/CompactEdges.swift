/// The successors of open states once they are named by node (position among the open
/// states, see ``StateGraph``), node after node.
///
/// Each successor is stored as the distance from its source, `successor − node`, zigzag
/// encoded (0, −1, 1, −2, … as 0, 1, 2, 3, …) in LEB128: seven bits a byte, the high bit set
/// on every byte but the last. Edges of navigation flows lead back a few levels or on to
/// the next, so a distance takes 2 to 3 bytes where a node number takes 4 and a fingerprint 8.
@usableFromInline final class CompactEdges {
  @usableFromInline let bytes = ChunkedArray<UInt8>()
  /// Per node, the end of its successors in `bytes`.
  @usableFromInline let ends = ChunkedArray<UInt32>()

  @inlinable init() {}

  /// Number of nodes whose successors are stored.
  @inlinable var nodeCount: Int { ends.count }

  /// Bytes of storage allocated.
  @inlinable var storedBytes: Int { bytes.storedBytes + ends.storedBytes }

  /// Stores the successors of the next node, `node`.
  @inlinable func append<Successors: Sequence<Int>>(_ successors: Successors, of node: Int) {
    precondition(node == ends.count, "nodes are stored in order")
    for successor in successors {
      let distance = successor - node
      var value = UInt64(bitPattern: Int64((distance << 1) ^ (distance >> 63)))
      while value >= 0x80 {
        bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
        value >>= 7
      }
      bytes.append(UInt8(value))
    }
    precondition(bytes.count <= Int(UInt32.max), "more than 4294967295 bytes of edges of open states")
    ends.append(UInt32(bytes.count))
  }

  /// Where the successors of `node` are in `bytes`.
  @inlinable func byteRange(of node: Int) -> Range<Int> {
    (node == 0 ? 0 : Int(ends[node - 1]))..<Int(ends[node])
  }

  /// The successor of `node` stored at `offset`, which moves past it.
  @inlinable func successor(of node: Int, at offset: inout Int) -> Int {
    var value: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = bytes[offset]
      offset += 1
      value |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { break }
      shift += 7
    }
    let distance = Int(Int64(bitPattern: value >> 1)) ^ -Int(value & 1)
    return node + distance
  }

  /// Every successor of `node`, in the order stored.
  @inlinable func successors(of node: Int) -> [Int] {
    let range = byteRange(of: node)
    var offset = range.lowerBound
    var result: [Int] = []
    while offset < range.upperBound { result.append(successor(of: node, at: &offset)) }
    return result
  }
}
