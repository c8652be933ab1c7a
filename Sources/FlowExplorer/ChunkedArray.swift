/// An append-only array of fixed-width integers, in blocks of 4,096 elements.
///
/// What the explorer keeps per state and per transition (parents, action indices, the
/// recorded graph) grows to hundreds of megabytes. An `Array` doubles its storage and copies
/// it when full, so while growing it holds up to three times its contents and on average
/// one and a half; blocks hold at most one block more than the contents and never copy.
@usableFromInline final class ChunkedArray<Element: FixedWidthInteger> {
  @inlinable static var blockShift: Int { 12 }
  @inlinable static var blockSize: Int { 1 << blockShift }

  @usableFromInline @exclusivity(unchecked) var blocks: [UnsafeMutablePointer<Element>] = []
  @usableFromInline @exclusivity(unchecked) var count = 0

  @inlinable init() {}

  deinit {
    for block in blocks { block.deallocate() }
  }

  /// - Complexity: O(1)
  @inlinable func append(_ element: Element) {
    let offset = count & (Self.blockSize - 1)
    if offset == 0 { blocks.append(.allocate(capacity: Self.blockSize)) }
    blocks[count >> Self.blockShift][offset] = element
    count += 1
  }

  /// - Complexity: O(1)
  @inlinable subscript(index: Int) -> Element {
    precondition(index >= 0 && index < count, "ChunkedArray index out of range")
    return blocks[index >> Self.blockShift][index & (Self.blockSize - 1)]
  }

  /// Bytes of storage allocated.
  @inlinable var storedBytes: Int { blocks.count * Self.blockSize * MemoryLayout<Element>.stride }
}
