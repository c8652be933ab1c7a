import FlowExplorer
import Testing

/// Every limit ends the search as incomplete, never complete.
@Suite struct LimitTests {
  static let clock = BinaryClock(bits: 14, properties: [.always("fine") { _ in true }])

  @Test func maxStatesStopsAtTheBound() {
    let result = Explorer.explore(Self.clock, options: ExplorerOptions(maxStates: 100))
    #expect(result.completion == .incomplete(reason: .states))
    #expect(result.states == 100)
    #expect(result.verdicts == [.unknown])
  }

  /// A search stopped by the state limit has counted the transitions a plain breadth-first
  /// search counts before the successor that would be one state too many: the known
  /// successors of a source are counted at once by the merge, not one by one.
  @Test(arguments: 0..<24)
  func maxStatesCountsTheTransitionsBeforeTheStop(seed: Int) {
    var random = SplitMix64(seed: UInt64(seed) &+ 404)
    let nodes = 20 + random.next(below: 300)
    var graph = GraphSystem.random(
      seed: UInt64(seed) &+ 77, nodes: nodes, maxDegree: 1 + random.next(below: 5))
    graph.terminal = Set((0..<nodes).filter { _ in random.next(below: 9) == 0 })
    let limit = 2 + random.next(below: nodes / 2)
    // Reference: states in the order found, each source's successors in action order.
    var found = [0]
    var seen: Set = [0]
    var transitions = 0
    var stopped = false
    var next = 0
    search: while next < found.count {
      let source = found[next]
      next += 1
      guard !graph.terminal.contains(source) else { continue }
      for successor in graph.successors[source] {
        if !seen.contains(successor) {
          if found.count >= limit {
            stopped = true
            break search
          }
          seen.insert(successor)
          found.append(successor)
        }
        transitions += 1
      }
    }
    let result = Explorer.explore(
      graph, options: ExplorerOptions(maxStates: limit, threads: 1 + seed % 2))
    #expect(result.completion == (stopped ? .incomplete(reason: .states) : .complete))
    #expect(result.states == found.count)
    #expect(result.transitions == transitions, "limit \(limit) of \(nodes) nodes")
  }

  @Test func maxStatesEqualToTheStateCountIsComplete() {
    let result = Explorer.explore(BinaryClock(bits: 5), options: ExplorerOptions(maxStates: 32))
    #expect(result.completion == .complete)
    #expect(result.states == 32)
  }

  @Test(arguments: [0, 1, 3, 13])
  func maxDepthStopsAtTheBound(depth: Int) {
    let result = Explorer.explore(Self.clock, options: ExplorerOptions(maxDepth: depth))
    #expect(result.completion == .incomplete(reason: .depth))
    #expect(result.maxDepthReached == depth)
    #expect(result.states == (0...depth).map { binomial(14, $0) }.reduce(0, +))
    #expect(result.verdicts == [.unknown])
  }

  @Test func maxDepthAtTheDiameterIsComplete() {
    #expect(
      Explorer.explore(BinaryClock(bits: 6), options: ExplorerOptions(maxDepth: 6)).completion == .complete)
    #expect(Explorer.explore(Ring(size: 8), options: ExplorerOptions(maxDepth: 7)).completion == .complete)
    #expect(
      Explorer.explore(Ring(size: 8), options: ExplorerOptions(maxDepth: 6)).completion
        == .incomplete(reason: .depth))
  }

  @Test func violationsBeyondTheDepthBoundAreNotReported() {
    let system = Counter(
      modulus: 50, increments: [1], properties: [.always("below five") { $0 < 5 }, .step("none")])
    let shallow = Explorer.explore(system, options: ExplorerOptions(maxDepth: 4))
    #expect(shallow.violations.isEmpty)
    #expect(shallow.verdicts == [.unknown, .unknown])
    let deep = Explorer.explore(system, options: ExplorerOptions(maxDepth: 5))
    #expect(deep.violations.map(\.trace.count) == [5])
  }

  @Test func canReachIsNotRefutedByAnUnexploredFrontier() {
    let ring = Ring(size: 20, properties: [.canReach("home") { $0 == 0 }])
    let result = Explorer.explore(ring, options: ExplorerOptions(maxDepth: 10))
    #expect(result.completion == .incomplete(reason: .depth))
    #expect(result.violations.isEmpty)
    #expect(result.verdicts == [.unknown])
    let stopped = Explorer.explore(ring, options: ExplorerOptions(maxStates: 10))
    #expect(stopped.violations.isEmpty)
  }

  @Test func maxSecondsZeroIsIncomplete() {
    let result = Explorer.explore(Self.clock, options: ExplorerOptions(maxSeconds: 0))
    #expect(result.completion == .incomplete(reason: .time))
    #expect(result.states < 1 << 14)
  }

  @Test func maxMemoryBelowTheProcessIsIncomplete() {
    let result = Explorer.explore(Self.clock, options: ExplorerOptions(maxMemoryBytes: 1))
    #expect(result.completion == .incomplete(reason: .memory))
    #expect(result.peakResidentBytes > 0)
  }

  @Test(arguments: [1, 2])
  func limitsAreNeverReportedComplete(threads: Int) {
    let options = [
      ExplorerOptions(maxDepth: 2, threads: threads),
      ExplorerOptions(maxStates: 1000, threads: threads),
      ExplorerOptions(maxSeconds: 0, threads: threads),
      ExplorerOptions(maxMemoryBytes: 1, threads: threads),
    ]
    for option in options {
      #expect(Explorer.explore(Self.clock, options: option).completion != .complete)
    }
  }
}
