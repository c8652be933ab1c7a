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

  /// Under an address-space limit, a search that cannot map its headroom stops (every
  /// search running is marked exhausted), before an allocation that cannot fail is refused.
  /// Headroom larger than any address space stands for a limit reached.
  @Test func headroomRefusedMarksTheSearchesRunning() throws {
    let roomy = MemoryReserve(bytes: 1 << 16, headroomBytes: 1 << 16, isLimited: true)
    let search = try #require(roomy.hold())
    #expect(roomy.checkHeadroom())
    #expect(!search.exhausted)
    search.drop()

    let full = MemoryReserve(bytes: 1 << 16, headroomBytes: 1 << 60, isLimited: true)
    let starved = try #require(full.hold())
    #expect(!full.checkHeadroom())
    #expect(starved.exhausted)
    // Its reserve is still there for the report.
    #expect(full.release())
    starved.drop()
  }

  /// Without a limit nothing is probed: the answer is yes, whatever the headroom.
  @Test func withoutALimitHeadroomIsNotProbed() throws {
    let pool = MemoryReserve(bytes: 1 << 16, headroomBytes: 1 << 60, isLimited: false)
    let search = try #require(pool.hold())
    #expect(pool.checkHeadroom())
    #expect(!search.exhausted)
    search.drop()
  }
}
