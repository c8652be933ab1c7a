import FlowExplorer
import Testing

/// On seeded random graphs, the explorer's answers equal those of a plain reference BFS over
/// Swift sets: reachable states, shortest distance to a bad state, to a dead end, to a
/// witness, and to a state that cannot reach home (or, a second such property, an exit).
@Suite struct RandomGraphTests {
  /// Reference: distance from the initial nodes to each reachable node.
  static func distances(_ graph: GraphSystem) -> [Int: Int] {
    var distance: [Int: Int] = [:]
    var frontier = Set(graph.initial)
    var depth = 0
    while !frontier.isEmpty {
      var next = Set<Int>()
      for node in frontier where distance[node] == nil { distance[node] = depth }
      for node in frontier where !graph.terminal.contains(node) {
        for successor in graph.successors[node] where distance[successor] == nil { next.insert(successor) }
      }
      frontier = next
      depth += 1
    }
    return distance
  }

  /// Reference: the nodes that can reach a node in `targets` through non-terminal nodes, by
  /// a fixpoint over sets (a terminal node is neither a target nor a way to one).
  static func nodesReaching(_ targets: Set<Int>, in graph: GraphSystem, among nodes: Set<Int>) -> Set<Int> {
    var reaching = targets.intersection(nodes).subtracting(graph.terminal)
    var changed = true
    while changed {
      changed = false
      for node in nodes where !reaching.contains(node) && !graph.terminal.contains(node) {
        if graph.successors[node].contains(where: reaching.contains) {
          reaching.insert(node)
          changed = true
        }
      }
    }
    return reaching
  }

  @Test(arguments: 0..<240)
  func explorerMatchesReferenceBFS(seed: Int) throws {
    try Self.compareWithReference(seed: seed, largeGraphThreads: nil)
  }

  /// Graphs large enough that the visited table grows during the search: the merge then
  /// reads the marks of successors the expansion found known through their old slots no more
  /// (see `ExpansionBuffer.knownSlots`), on one thread as on two.
  @Test(arguments: 0..<4)
  func explorerMatchesReferenceBFSWhileTheVisitedTableGrows(seed: Int) throws {
    try Self.compareWithReference(seed: 1_000 + seed, largeGraphThreads: 1 + seed % 2)
  }

  /// The explorer's answers on random graph `seed` against the reference; a small graph (up
  /// to 400 nodes) unless `largeGraphThreads`, which asks for one of 12,000 nodes explored
  /// with that many threads.
  static func compareWithReference(seed: Int, largeGraphThreads: Int?) throws {
    var random = SplitMix64(seed: UInt64(seed) &* 7919 &+ 11)
    let nodes = largeGraphThreads == nil ? 1 + random.next(below: seed % 4 == 0 ? 400 : 40) : 12_000
    let maxDegree = largeGraphThreads == nil ? 1 + random.next(below: 4) : 4
    var graph = GraphSystem.random(seed: UInt64(seed), nodes: nodes, maxDegree: maxDegree)
    graph.initial = (0...random.next(below: 2)).map { _ in random.next(below: nodes) }
    let bad = Set((0..<nodes).filter { _ in random.next(below: 12) == 0 })
    graph.terminal = Set((0..<nodes).filter { _ in random.next(below: 15) == 0 })
    let home = Set((0..<nodes).filter { _ in random.next(below: 6) == 0 })
    let wanted = random.next(below: nodes)
    // A second `canReach`, with rarer targets: the explorer drops a state's recorded edges
    // only once it is known to reach every target, so two properties keep edges one drops.
    let exits = Set((0..<nodes).filter { _ in random.next(below: 10) == 0 })
    graph.properties = [
      .always("good") { !bad.contains($0) },
      .deadlockFree("moves"),
      .canReach("home") { home.contains($0) },
      .sometimes("wanted") { $0 == wanted },
      .canReach("exit") { exits.contains($0) },
    ]

    let result = Explorer.explore(
      graph, options: ExplorerOptions(threads: largeGraphThreads ?? (seed % 3 == 0 ? 2 : 1)))
    let distance = Self.distances(graph)
    let reachable = Set(distance.keys)
    // The table starts with 4,096 slots and grows past 3,072 fingerprints.
    if largeGraphThreads != nil { #expect(reachable.count > 3_072, "the visited table never grew") }
    #expect(result.completion == .complete)
    #expect(result.states == reachable.count)
    #expect(result.maxDepthReached == distance.values.max())
    #expect(result.terminalStates == reachable.intersection(graph.terminal).count)

    func shortest(_ predicate: (Int) -> Bool) -> Int? {
      reachable.filter(predicate).map { distance[$0]! }.min()
    }
    let dead = { (node: Int) in graph.successors[node].isEmpty && !graph.terminal.contains(node) }
    let reaching = Self.nodesReaching(home, in: graph, among: reachable)
    let reachingExit = Self.nodesReaching(exits, in: graph, among: reachable)
    let expected: [Int: Int?] = [
      0: shortest { bad.contains($0) },
      1: shortest(dead),
      2: shortest { !reaching.contains($0) && !graph.terminal.contains($0) },
      4: shortest { !reachingExit.contains($0) && !graph.terminal.contains($0) },
    ]
    for property in [0, 1, 2, 4] {
      let violation = result.violations.first { $0.property == property }
      #expect(violation?.trace.count == expected[property]!, "property \(property)")
      if let violation {
        let end = try #require(
          finalState(
            of: graph, initialStateIndex: violation.initialStateIndex, actionIndices: violation.actionIndices)
        )
        switch property {
        case 0: #expect(bad.contains(end))
        case 1: #expect(dead(end))
        case 2: #expect(!reaching.contains(end) && !graph.terminal.contains(end))
        default: #expect(!reachingExit.contains(end) && !graph.terminal.contains(end))
        }
      }
    }
    #expect(result.reached[3] == reachable.contains(wanted))
    #expect((result.examples.first != nil) == reachable.contains(wanted))
    if let example = result.examples.first {
      #expect(example.trace.count == distance[wanted])
      #expect(
        finalState(
          of: graph, initialStateIndex: example.initialStateIndex, actionIndices: example.actionIndices)
          == wanted)
    }
  }
}
