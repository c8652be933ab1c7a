import FlowExplorer
import Testing

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

  /// Blocks given back with no store to take them: at most `keptLimit` stay kept.
  @Test func atMostTheLimitOfBlocksIsKept() {
    var store = PackedFrontier<Radianttap>()
    for index in 0..<30_000 {
      store.append(PackedState<Radianttap>(words: Array(repeating: UInt16(index % 200), count: 200)))
    }
    store.discard(before: 29_999)
    #expect(FrontierMemory.shared.keptCount <= FrontierMemory.keptLimit)
    let memory = FrontierMemory.shared.take(capacity: 10)
    #expect(memory.bytes == FrontierMemory.shared.standardBytes)
    let large = FrontierMemory.shared.take(capacity: 3 << 20)
    #expect(large.bytes >= 3 << 20)
    FrontierMemory.shared.give(memory.memory, bytes: memory.bytes)
    FrontierMemory.shared.give(large.memory, bytes: large.bytes)
    #expect(FrontierMemory.shared.keptCount <= FrontierMemory.keptLimit)
  }
}
