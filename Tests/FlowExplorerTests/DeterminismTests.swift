import FlowExplorer
import Testing

/// One thread and several threads give the same counts, numbering and traces.
@Suite struct DeterminismTests {
  static func compare<System: TransitionSystem>(
    _ system: System, _ options: ExplorerOptions = ExplorerOptions()
  ) {
    var one = options
    one.threads = 1
    let reference = signature(Explorer.explore(system, options: one))
    for threads in [2, 3] {
      var many = options
      many.threads = threads
      #expect(signature(Explorer.explore(system, options: many)) == reference, "threads \(threads)")
    }
  }

  @Test func binaryClock() {
    Self.compare(
      BinaryClock(
        bits: 15,
        properties: [
          .always("few bits") { $0.nonzeroBitCount < 9 }, .sometimes("pattern") { $0 == 0b101_0101_0101 },
          .step("top"), .canReach("zero") { $0 == 0 },
        ], clearingTopBitBreaks: 2))
  }

  @Test func grid() {
    Self.compare(Grid(width: 500, height: 400, properties: [.always("left") { $0.x < 480 }]))
  }

  @Test(arguments: [UInt64(1), 2, 3, 4, 5])
  func randomGraph(seed: UInt64) {
    var graph = GraphSystem.random(seed: seed, nodes: 20_000, maxDegree: 4)
    graph.properties = [
      .always("not 17") { $0 != 17 }, .deadlockFree("moves"), .canReach("home") { $0 == 0 },
      .sometimes("last") { $0 == 19_999 },
    ]
    Self.compare(graph)
  }

  @Test func limitsStopAtTheSamePoint() {
    let clock = BinaryClock(bits: 14, properties: [.always("few bits") { $0.nonzeroBitCount < 6 }])
    Self.compare(clock, ExplorerOptions(maxStates: 5_000))
    Self.compare(clock, ExplorerOptions(maxDepth: 7))
    Self.compare(clock, ExplorerOptions(stopAtFirstViolation: true))
  }
}
