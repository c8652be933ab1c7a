import Testing

@testable import FlowExplorer
@testable import FlowModel

/// Frontier blocks given back while a level is read serve the next level's blocks, and
/// neither level's states are disturbed by that.
@Suite struct FrontierMemoryTests {
  /// As a level is read: the current store gives back its blocks before a position while
  /// the next store grows into memory they may be reused from. Every state still to read
  /// in the current store and every state of the next one reads back as written.
  @Test(arguments: 0..<4)
  func aLevelGrowsIntoTheBlocksThePreviousOneGaveBack(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 17)
    func randomWords() -> [UInt16] {
      (0..<(50 + random.next(below: 250))).map { _ in UInt16(random.next(below: 400)) }
    }
    var current = PackedFrontier<Radianttap>()
    var currentWords: [[UInt16]] = []
    // About 8 MiB: several blocks.
    for _ in 0..<40_000 {
      currentWords.append(randomWords())
      current.append(PackedState<Radianttap>(words: currentWords[currentWords.count - 1]))
    }
    var next = PackedFrontier<Radianttap>()
    var nextWords: [[UInt16]] = []
    var position = 0
    while position < currentWords.count {
      let end = min(currentWords.count, position + 1 + random.next(below: 4_000))
      for checked in position..<end {
        #expect(current[checked].words == currentWords[checked], "current state \(checked)")
      }
      position = end
      current.discard(before: position)
      // The next level is larger, as levels mostly are.
      for _ in 0..<(1 + random.next(below: 6_000)) {
        nextWords.append(randomWords())
        next.append(PackedState<Radianttap>(words: nextWords[nextWords.count - 1]))
      }
    }
    #expect(next.count == nextWords.count)
    for (index, words) in nextWords.enumerated() {
      #expect(next[index].words == words, "next state \(index)")
    }
  }

  /// A pool keeps at most its limit of standard blocks, hands the last one given back out
  /// first, and never keeps a larger block. A pool of its own: the process's is shared by
  /// the tests running meanwhile.
  @Test func aPoolKeepsAtMostItsLimitOfStandardBlocks() {
    let pool = FrontierMemory(keptLimit: 4)
    let blocks = (0..<5).map { _ in pool.take(capacity: 10) }
    #expect(blocks.allSatisfy { $0.bytes == pool.standardBytes })
    #expect(Set(blocks.map(\.memory)).count == 5, "a block was handed out twice")
    for block in blocks { pool.give(block.memory, bytes: block.bytes) }
    #expect(pool.keptCount == 4)
    let reused = pool.take(capacity: pool.standardBytes)
    #expect(reused.memory == blocks[3].memory, "the last block kept is not the first taken")
    #expect(pool.keptCount == 3)
    // Reused memory is writable to its end.
    reused.memory.storeBytes(of: 7, toByteOffset: reused.bytes - 1, as: UInt8.self)
    pool.give(reused.memory, bytes: reused.bytes)
    let large = pool.take(capacity: pool.standardBytes + 1)
    #expect(large.bytes > pool.standardBytes)
    pool.give(large.memory, bytes: large.bytes)
    #expect(pool.keptCount == 4, "a larger block was kept")
  }

  /// A block given back twice, then reused, has memory of its own again and holds what is
  /// appended to it.
  @Test func aBlockGivenBackTwiceAndReusedHoldsNewStates() {
    let block = FrontierBlock(capacity: 16)
    let bytes: [UInt8] = [1, 2, 3]
    bytes.withUnsafeBufferPointer { block.append($0, trailer: 0x0807_0605_0403_0201) }
    block.discard()
    block.discard()
    #expect(block.isDiscarded)
    block.reuse()
    #expect(!block.isDiscarded && block.count == 0)
    bytes.withUnsafeBufferPointer { block.append($0, trailer: 0x0807_0605_0403_0201) }
    // The trailer follows the bytes, low byte first.
    #expect(
      Array(UnsafeBufferPointer(start: block.bytes, count: block.count)) == bytes + [1, 2, 3, 4, 5, 6, 7, 8])
  }
}
