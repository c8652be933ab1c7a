import FlowExplorer
import Testing

/// Each property kind, on a toy where it holds and on one where it fails at a known depth.
@Suite struct PropertyTests {
  @Test func alwaysFailsAtTheShortestDepth() {
    // 0 → 7 with steps of 1 and 3 needs 3 steps (3 + 3 + 1).
    let system = Counter(modulus: 50, increments: [1, 3], properties: [.always("not seven") { $0 != 7 }])
    let result = Explorer.explore(system)
    #expect(result.completion == .complete)
    #expect(result.verdicts == [.violated])
    let violation = try! #require(result.violations.first)
    #expect(violation.property == 0)
    #expect(violation.name == "not seven")
    #expect(violation.trace.count == 3)
    #expect(violation.trace.reduce(0, +) == 7)
    #expect(violation.actionIndices.map { system.increments[$0] } == violation.trace)
    let end = finalState(of: system, initialStateIndex: 0, actionIndices: violation.actionIndices)
    #expect(end == 7)
  }

  @Test func alwaysHoldsWhenNoStateBreaksIt() {
    let system = Grid(width: 5, height: 5, properties: [.always("on grid") { $0.x < 5 && $0.y < 5 }])
    let result = Explorer.explore(system)
    #expect(result.violations.isEmpty)
    #expect(result.verdicts == [.holds])
  }

  @Test func everyViolatedPropertyGetsItsOwnShortestTrace() {
    let system = Grid(
      width: 6, height: 6,
      properties: [
        .always("not far corner") { $0 != Grid.Cell(x: 5, y: 5) },
        .always("fine") { _ in true },
        .always("not right column") { $0.x != 5 },
        .always("not origin") { $0 != Grid.Cell(x: 0, y: 0) },
      ])
    let result = Explorer.explore(system)
    #expect(result.violations.map(\.property) == [0, 2, 3])
    #expect(result.violations.map(\.trace.count) == [10, 5, 0])
    #expect(result.verdicts == [.violated, .holds, .violated, .violated])
    for violation in result.violations {
      let end = try! #require(
        finalState(of: system, initialStateIndex: 0, actionIndices: violation.actionIndices))
      guard case .always(let predicate) = system.properties[violation.property].kind else {
        Issue.record("not an always property")
        continue
      }
      #expect(!predicate(end))
    }
  }

  @Test func sometimesReachedHasAShortestWitness() {
    let system = Ring(
      size: 12, twoWay: true,
      properties: [.sometimes("nine") { $0 == 9 }, .sometimes("twenty") { $0 == 20 }])
    let result = Explorer.explore(system)
    #expect(result.reached == [true, false])
    #expect(result.verdicts == [.holds, .violated])
    #expect(result.violations.isEmpty)
    let example = try! #require(result.examples.first)
    #expect(example.property == 0)
    #expect(example.trace == [.backward, .backward, .backward])
  }

  @Test func deadlockIsFoundAtItsDepth() {
    let chain = GraphSystem(successors: [[1], [2], [3], [4], []], properties: [.deadlockFree("no dead end")])
    let result = Explorer.explore(chain)
    #expect(result.verdicts == [.violated])
    #expect(result.violations.first?.trace == [0, 0, 0, 0])
  }

  @Test func terminalStatesAreNotDeadlocks() {
    let chain = GraphSystem(
      successors: [[1], [2], [3], [4], []], terminal: [4], properties: [.deadlockFree("no dead end")])
    let result = Explorer.explore(chain)
    #expect(result.verdicts == [.holds])
    #expect(result.terminalStates == 1)
  }

  @Test func canReachHoldsOnAStronglyConnectedGraph() {
    let ring = Ring(size: 9, properties: [.canReach("home") { $0 == 0 }])
    let result = Explorer.explore(ring)
    #expect(result.verdicts == [.holds])
    let grid = Grid(width: 4, height: 7, properties: [.canReach("corner") { $0 == Grid.Cell(x: 3, y: 6) }])
    #expect(Explorer.explore(grid).verdicts == [.holds])
  }

  @Test func canReachFailsOnASinkComponent() {
    // 0 → 1 → 2 → 0 is strongly connected, but 2 → 3 ⇄ 4 never comes back.
    let graph = GraphSystem(
      successors: [[1], [2], [0, 3], [4], [3]], properties: [.canReach("home") { $0 == 0 }])
    let result = Explorer.explore(graph)
    #expect(result.verdicts == [.violated])
    let violation = try! #require(result.violations.first)
    #expect(violation.actionIndices == [0, 0, 1])
    #expect(finalState(of: graph, initialStateIndex: 0, actionIndices: violation.actionIndices) == 3)
  }

  @Test func canReachNeverReportsATerminalState() {
    // State 2 is terminal and cannot reach home; 0 and 1 can.
    let graph = GraphSystem(
      successors: [[1, 2], [0], []], terminal: [2], properties: [.canReach("home") { $0 == 0 }])
    let result = Explorer.explore(graph)
    #expect(result.verdicts == [.holds])
    #expect(result.terminalStates == 1)
  }

  @Test func canReachDoesNotReachATargetThroughATerminalState() {
    // 1 leads only to 2, a terminal target: 1 is reported, 2 is not; 0 is a target itself.
    let graph = GraphSystem(
      successors: [[1], [2], []], terminal: [2], properties: [.canReach("home or end") { $0 != 1 }])
    let result = Explorer.explore(graph)
    #expect(result.verdicts == [.violated])
    #expect(result.violations.first?.actionIndices == [0])
  }

  @Test func canReachReportsAStateBesideATerminalOne() {
    // 0 → 1 → 3 ⟲ with 0 → 2 terminal: 1 and 3 cannot return; 1 is the shallowest.
    let graph = GraphSystem(
      successors: [[1, 2], [3], [], [3]], terminal: [2], properties: [.canReach("home") { $0 == 0 }])
    let result = Explorer.explore(graph)
    #expect(result.verdicts == [.violated])
    #expect(result.violations.first?.actionIndices == [0])
  }

  @Test func stepPropertyTraceEndsWithTheBreakingAction() {
    let system = BinaryClock(
      bits: 6, properties: [.always("fine") { _ in true }, .step("keep top bit")], clearingTopBitBreaks: 1)
    let result = Explorer.explore(system)
    #expect(result.verdicts == [.holds, .violated])
    let violation = try! #require(result.violations.first)
    #expect(violation.property == 1)
    #expect(violation.trace == [5, 5])
  }

  @Test func stopAtFirstViolationEndsEarlyWithAShortestTrace() {
    let system = Grid(
      width: 30, height: 30,
      properties: [.always("far") { $0.x + $0.y < 20 }, .always("near") { $0.x + $0.y < 3 }])
    let result = Explorer.explore(system, options: ExplorerOptions(stopAtFirstViolation: true))
    #expect(result.completion == .incomplete(reason: .firstViolation))
    #expect(result.violations.map(\.property) == [1])
    #expect(result.violations.first?.trace.count == 3)
    #expect(result.verdicts == [.unknown, .violated])
    #expect(result.states < 30 * 30)
  }

  @Test func stopsOnceEveryPropertyIsDecidedAndNotBefore() {
    let system = Grid(
      width: 30, height: 30,
      properties: [.always("far") { $0.x + $0.y < 20 }, .always("near") { $0.x + $0.y < 3 }])
    var options = ExplorerOptions()
    options.stopsWhenEveryPropertyIsDecided = true
    let result = Explorer.explore(system, options: options)
    #expect(result.completion == .incomplete(reason: .everyPropertyDecided))
    #expect(result.verdicts == [.violated, .violated])
    #expect(result.violations.map(\.trace.count) == [20, 3])
    #expect(result.states < 30 * 30)
    // A property still open (here one never broken) lets the search run to the end.
    let open = Grid(
      width: 30, height: 30,
      properties: [.always("far") { $0.x + $0.y < 20 }, .always("anywhere") { _ in true }])
    let whole = Explorer.explore(open, options: options)
    #expect(whole.completion == .complete)
    #expect(whole.states == 30 * 30)
  }
}
