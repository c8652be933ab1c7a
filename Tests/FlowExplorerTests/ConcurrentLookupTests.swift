import Dispatch
import Foundation
import Testing

@testable import FlowExplorer

/// The visited table read by the expanding threads while the merging thread inserts, and the
/// pipeline's pause that lets the merging thread grow it.
@Suite struct ConcurrentLookupTests {
  @Test func findConcurrentlyGivesTheSlotOfEachStoredFingerprint() {
    for keepsMarks in [false, true] {
      let table = FingerprintTable(minimumCapacity: 4, keepsMarks: keepsMarks)
      var random = SplitMix64(seed: 3)
      let stored = (0..<5_000).map { _ in random.next() }
      let absent = (0..<5_000).map { _ in random.next() }
      for (index, key) in stored.enumerated() {
        _ = table.insert(key)
        if index % 2 == 0 { table.addMarks(7, to: key) }
      }
      var slots: [Int] = []
      var marks: [UInt8] = []
      table.findConcurrently(stored + absent, slots: &slots, marks: &marks)
      #expect(slots.count == stored.count + absent.count && marks.count == slots.count)
      for (index, key) in stored.enumerated() {
        #expect(slots[index] >= 0 && table.key(atSlot: slots[index]) == storableFingerprint(key))
        #expect(marks[index] == table.find(key))
        #expect(table.marks(atSlot: slots[index]) == table.find(key))
      }
      #expect(slots[stored.count...].allSatisfy { $0 == -1 }, "a fingerprint never stored was found")
      #expect(marks[stored.count...].allSatisfy { $0 == 0 })
    }
  }

  @Test func reservingRoomKeepsTheSlotsOfTheInsertsThatFollow() {
    let table = FingerprintTable(minimumCapacity: 4, keepsMarks: false)
    var random = SplitMix64(seed: 5)
    for _ in 0..<100 { _ = table.insert(random.next()) }
    #expect(!table.hasRoom(forInserting: 10_000))
    let generation = table.generation
    table.reserve(forInserting: 10_000)
    #expect(table.generation > generation, "the table grew")
    #expect(table.hasRoom(forInserting: 10_000))
    let reserved = table.generation
    for _ in 0..<10_000 { _ = table.insert(random.next()) }
    #expect(table.generation == reserved, "an insert moved the slots after all")
    table._checkInvariants()
  }

  /// Another thread looks fingerprints up while this one inserts them and marks them: it may
  /// miss one being inserted, or its mark, but every slot it names holds the fingerprint
  /// asked for, every fingerprint stored before it began is found with its marks, none never
  /// stored is, and no mark appears that was never added.
  @Test func lookupsFromAnotherThreadWhileInsertingFindOnlyWhatIsStored() async {
    let table = FingerprintTable(minimumCapacity: 4, keepsMarks: true)
    var random = SplitMix64(seed: 11)
    let early = (0..<20_000).map { _ in random.next() | 1 }
    let late = (0..<200_000).map { _ in random.next() | 1 }
    let never = (0..<20_000).map { _ in random.next() | 1 }
    for key in early {
      _ = table.insert(key)
      table.addMarks(2, to: key)
    }
    table.reserve(forInserting: late.count)
    let shared = SharedVisitedSet(set: table)
    let reader = Task.detached {
      () -> (misplaced: Int, earlyMissed: Int, neverFound: Int, wrongMarks: Int) in
      var misplaced = 0
      var earlyMissed = 0
      var neverFound = 0
      var wrongMarks = 0
      for round in 0..<20 {
        let asked = Array(late[(round * 10_000)..<((round + 1) * 10_000)]) + early[..<1_000] + never[..<1_000]
        var slots: [Int] = []
        var marks: [UInt8] = []
        shared.set.findConcurrently(asked, slots: &slots, marks: &marks)
        for (index, slot) in slots.enumerated() where slot >= 0 {
          if shared.set.key(atSlot: slot) != asked[index] { misplaced += 1 }
        }
        earlyMissed += slots[10_000..<11_000].count { $0 < 0 }
        neverFound += slots[11_000...].count { $0 >= 0 }
        wrongMarks += marks[..<10_000].count { $0 & ~1 != 0 } + marks[10_000..<11_000].count { $0 != 2 }
        wrongMarks += marks[11_000...].count { $0 != 0 }
      }
      return (misplaced, earlyMissed, neverFound, wrongMarks)
    }
    for key in late {
      _ = table.insert(key)
      table.addMarks(1, to: key)
    }
    let result = await reader.value
    #expect(result.misplaced == 0)
    #expect(result.earlyMissed == 0)
    #expect(result.neverFound == 0)
    #expect(result.wrongMarks == 0)
    var slots: [Int] = []
    var marks: [UInt8] = []
    table.findConcurrently(late, slots: &slots, marks: &marks)
    #expect(slots.allSatisfy { $0 >= 0 }, "once inserted, every fingerprint is found")
    #expect(marks.allSatisfy { $0 == 1 }, "once added, every mark is found")
  }

  /// The merging thread's pause waits for the chunk being expanded, and no chunk is handed
  /// out until it resumes. The blocking calls run on threads of their own: blocked, they
  /// must not hold a thread of the test runner's pool.
  @Test func pausingWaitsForTheExpansionsAndHoldsTheNextOnes() throws {
    let pipeline = ChunkPipeline(count: 4, slots: 4)
    let first = try #require(pipeline.take())
    let paused = DispatchSemaphore(value: 0)
    Thread {
      pipeline.pauseExpansions()
      paused.signal()
    }.start()
    #expect(paused.wait(timeout: .now() + 0.05) == .timedOut, "the pause did not wait for the expansion")
    pipeline.expanded(first)
    #expect(paused.wait(timeout: .now() + 10) == .success)
    let taken = DispatchSemaphore(value: 0)
    let chunk = Box()
    Thread {
      chunk.value = pipeline.take()
      taken.signal()
    }.start()
    #expect(taken.wait(timeout: .now() + 0.05) == .timedOut, "a chunk was handed out during the pause")
    pipeline.resumeExpansions()
    #expect(taken.wait(timeout: .now() + 10) == .success)
    #expect(chunk.value == first + 1)
  }
}

/// What a thread hands back; read after the semaphore it signals.
private final class Box: @unchecked Sendable {
  var value: Int?
}
