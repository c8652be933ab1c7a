import FlowExplorer
import Testing

/// Seeded random walks.
@Suite struct SimulatorTests {
  static let grid = Grid(
    width: 8, height: 8,
    properties: [
      .always("not corner") { $0 != Grid.Cell(x: 7, y: 7) },
      .sometimes("middle") { $0 == Grid.Cell(x: 4, y: 4) },
    ])

  @Test func findsAViolationAndItsTraceReplays() throws {
    let result = Simulator.simulate(Self.grid, options: SimulationOptions(runs: 200, steps: 200, seed: 7))
    let violation = try #require(result.violation)
    #expect(violation.property == 0)
    #expect(violation.trace.count >= 14)
    #expect(violation.trace.count == violation.actionIndices.count)
    #expect(
      finalState(of: Self.grid, initialStateIndex: 0, actionIndices: violation.actionIndices)
        == Grid.Cell(x: 7, y: 7))
  }

  @Test func sameSeedSameWalks() {
    let options = SimulationOptions(runs: 50, steps: 100, seed: 123)
    let first = Simulator.simulate(Self.grid, options: options)
    let second = Simulator.simulate(Self.grid, options: options)
    #expect(first.violation?.actionIndices == second.violation?.actionIndices)
    #expect(first.runs == second.runs)
    #expect(first.steps == second.steps)
  }

  /// The corner is 14 steps away and the cells with `x + y ≥ 11` at least 11: walks of 10
  /// steps reach neither.
  @Test func shortWalksFindNothingFarAway() {
    var grid = Self.grid
    grid.properties.append(.sometimes("far") { $0.x + $0.y >= 11 })
    let result = Simulator.simulate(grid, options: SimulationOptions(runs: 100, steps: 10, seed: 1))
    #expect(result.violation == nil)
    #expect(result.runs == 100)
    #expect(result.steps == 1000)
    #expect(result.reached.count == 3)
    #expect(result.reached[2] == false)
  }

  @Test func stepAndDeadlockViolations() throws {
    let clock = BinaryClock(bits: 3, properties: [.step("top")], clearingTopBitBreaks: 0)
    let step = try #require(
      Simulator.simulate(clock, options: SimulationOptions(runs: 10, steps: 50)).violation)
    #expect(step.trace.last == 2)
    let chain = GraphSystem(successors: [[1], [2], []], properties: [.deadlockFree("moves")])
    let dead = try #require(
      Simulator.simulate(chain, options: SimulationOptions(runs: 1, steps: 5)).violation)
    #expect(dead.trace == [0, 0])
  }

  @Test func cutActionsAreSkipped() {
    let counter = Counter(
      modulus: 100, increments: [1, 50], bound: 20, properties: [.sometimes("twenty") { $0 == 20 }])
    let result = Simulator.simulate(counter, options: SimulationOptions(runs: 3, steps: 30, seed: 5))
    #expect(result.reached == [true])
    #expect(result.steps == 60)
  }
}
