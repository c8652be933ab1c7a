import FlowExplorer
import Testing

/// Each search holds a reserve of its own (`MemoryReserve.Hold`): searches that run at once
/// in one process neither take each other's reserve away nor clear each other's
/// exhaustion. A pool of the test's own, so that the searches of other tests running
/// meanwhile are not marked exhausted.
@Suite struct MemoryReserveTests {
  @Test func aSearchThatEndsLeavesTheOthersReserve() throws {
    let pool = MemoryReserve(bytes: 1 << 16)
    let first = try #require(pool.hold())
    let second = try #require(pool.hold())
    first.drop()
    // The second search's reserve is still there to be given back.
    #expect(pool.release())
    #expect(second.exhausted)
    #expect(!pool.release())
    second.drop()
  }

  @Test func aSearchThatStartsLeavesTheOthersExhaustion() throws {
    let pool = MemoryReserve(bytes: 1 << 16)
    let first = try #require(pool.hold())
    pool.noteRefusal()
    #expect(first.exhausted)
    let second = try #require(pool.hold())
    #expect(first.exhausted)
    #expect(!second.exhausted)
    first.drop()
    #expect(!second.exhausted)
    second.drop()
  }

  @Test func aRefusalMarksOnlyTheSearchesRunning() throws {
    let pool = MemoryReserve(bytes: 1 << 16)
    let ended = try #require(pool.hold())
    ended.drop()
    let running = try #require(pool.hold())
    #expect(pool.release())
    #expect(running.exhausted && !ended.exhausted)
    running.drop()
  }
}
