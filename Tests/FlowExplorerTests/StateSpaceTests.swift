import FlowExplorer
import Testing

/// State counts, depths and level sizes of toys whose answers are known in closed form.
@Suite struct StateSpaceTests {
  @Test(arguments: [1, 2, 5, 10, 14])
  func binaryClockHasTwoToTheNStates(bits: Int) {
    let result = Explorer.explore(BinaryClock(bits: bits))
    #expect(result.completion == .complete)
    #expect(result.states == 1 << bits)
    #expect(result.transitions == bits << bits)
    #expect(result.cutTransitions == 0)
    #expect(result.maxDepthReached == bits)
    #expect(result.levelSizes == (0...bits).map { binomial(bits, $0) })
    #expect(result.violations.isEmpty)
  }

  @Test(arguments: [(1, false), (7, false), (7, true), (10, true), (100, false)])
  func ringHasItsSizeAndDepth(size: Int, twoWay: Bool) {
    let result = Explorer.explore(Ring(size: size, twoWay: twoWay))
    #expect(result.completion == .complete)
    #expect(result.states == size)
    #expect(result.transitions == size * (twoWay ? 2 : 1))
    #expect(result.maxDepthReached == (twoWay ? size / 2 : size - 1))
  }

  @Test(arguments: [(1, 1), (1, 9), (4, 3), (10, 10), (31, 17)])
  func gridHasWidthTimesHeightStates(width: Int, height: Int) {
    let result = Explorer.explore(Grid(width: width, height: height))
    #expect(result.completion == .complete)
    #expect(result.states == width * height)
    #expect(result.transitions == 2 * ((width - 1) * height + width * (height - 1)))
    #expect(result.maxDepthReached == width + height - 2)
    let levels = (0...(width + height - 2)).map { depth in
      (0..<width).filter { x in (0..<height).contains(depth - x) }.count
    }
    #expect(result.levelSizes == levels)
  }

  @Test func duplicateInitialStatesAreStoredOnce() {
    let system = GraphSystem(successors: [[1], [0], [0]], initial: [1, 0, 1, 2])
    let result = Explorer.explore(system)
    #expect(result.states == 3)
    #expect(result.levelSizes == [3])
  }

  @Test func cutTransitionsAreCountedNotExplored() {
    let result = Explorer.explore(Counter(modulus: 100, increments: [1, 2], bound: 10))
    #expect(result.completion == .complete)
    #expect(result.states == 11)
    // 9 → 11 and 10 → 11, 10 → 12 are cut.
    #expect(result.cutTransitions == 3)
    #expect(result.transitions == 22 - 3)
  }

  @Test func terminalStatesAreNotExpanded() {
    let system = GraphSystem(successors: [[1], [2], [0]], terminal: [1])
    let result = Explorer.explore(system)
    #expect(result.states == 2)
    #expect(result.terminalStates == 1)
    #expect(result.transitions == 1)
  }

  @Test func collisionProbabilityGrowsWithTheSquareOfTheStates() {
    let result = Explorer.explore(BinaryClock(bits: 12))
    let n = Double(result.states)
    #expect(result.collisionProbability == n * (n - 1) / 0x1p65)
    #expect(!result.isProbabilistic)
    #expect(result.estimatedCoverage == 1)
  }
}
