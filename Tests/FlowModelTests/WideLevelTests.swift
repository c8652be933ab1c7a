import FlowExplorer
import FlowLanguage
import FlowModel
import FlowTestSupport
import Testing

/// Flows whose BFS levels are wide enough for the threads to share them (the explorer
/// expands a level on one thread below 128 states per thread): one, two and three threads
/// give the same counts, levels, verdicts and traces, the `can-return` analysis included.
@Suite struct WideLevelTests {
  /// A generated flow with roomier bounds than the property tests use, and a home screen.
  static func wideFlow(seed: UInt64) -> CheckedFlow? {
    var generator = FlowGenerator(seed: seed)
    guard
      var flow = FrontEnd.check(
        source: SourceFile(path: "wide-\(seed).flow", text: generator.validFlowText())
      ).flow
    else { return nil }
    flow.limits.stack = min(flow.limits.stack, 5)
    flow.limits.depth = 40
    return flow
  }

  static func signature(_ result: ExplorationResult<FlowAction>) -> String {
    "\(result.states) \(result.transitions) \(result.cutTransitions) \(result.levelSizes) \(result.completion) "
      + "\(result.verdicts) \(result.violations.map { "\($0.property):\($0.initialStateIndex):\($0.actionIndices)" }) "
      + "\(result.examples.map { "\($0.property):\($0.actionIndices)" })"
  }

  /// Generated flows (seeds) with a level of more than 512 states within 12,000 states; the
  /// test checks that they still have one, so that a change of the generator cannot leave it
  /// comparing single-threaded levels only.
  @Test(arguments: [UInt64(14), 26, 32])
  func threadsAgreeOnWideLevels(seed: UInt64) throws {
    let flow = try #require(Self.wideFlow(seed: seed))
    let options = ExplorerOptions(maxStates: 12_000, threads: 1)
    let one = Explorer.explore(FlowSystem<Radianttap>(flow: flow), options: options)
    #expect(one.levelSizes.max() ?? 0 > 512, "seed \(seed) no longer has a wide level")
    for threads in [2, 3] {
      var many = options
      many.threads = threads
      let other = Explorer.explore(FlowSystem<Radianttap>(flow: flow), options: many)
      #expect(Self.signature(other) == Self.signature(one), "seed \(seed), \(threads) threads")
    }
  }
}

/// Levels of several megabytes in the packed frontier, so that the explorer gives blocks of a
/// level back while threads still read the rest of it: every state must still be read
/// intact. State (level, index) has 300 words (index and level, then filler derived from
/// them); every (0, index) is initial, and (level, index) leads to (level + 1, index) and
/// (level + 1, 7 × index + 1 mod width).
struct WidePackedSystem: TransitionSystem {
  typealias Frontier = PackedFrontier<Radianttap>
  let width: Int
  let levels: Int

  static func words(level: Int, index: Int) -> [UInt16] {
    [UInt16(index), UInt16(level)] + (0..<298).map { UInt16(truncatingIfNeeded: index &* 31 &+ level &+ $0) }
  }

  func initialStates() -> [PackedState<Radianttap>] {
    (0..<width).map { PackedState<Radianttap>(words: Self.words(level: 0, index: $0)) }
  }
  func actions(in state: PackedState<Radianttap>, into actions: inout [Int]) {
    actions.append(contentsOf: [0, 1])
  }
  func successor(of state: PackedState<Radianttap>, via action: Int, violations: inout [Int]) -> PackedState<
    Radianttap
  >? {
    let index = Int(state.words[0])
    let level = Int(state.words[1])
    // A state read from released memory would come back as zeros: reject it loudly.
    precondition(state.words == Self.words(level: level, index: index), "a frontier state came back damaged")
    let next = action == 0 ? index : (7 * index + 1) % width
    return PackedState<Radianttap>(words: Self.words(level: level + 1, index: next))
  }
  func fingerprint(of state: PackedState<Radianttap>) -> UInt64 {
    Fingerprint.hash(state.words.map { UInt32($0) })
  }
  func isTerminal(_ state: PackedState<Radianttap>) -> Bool { Int(state.words[1]) >= levels }
  var properties: [Property<PackedState<Radianttap>>] {
    [.always("index below width") { Int($0.words[0]) < width }]
  }
}

@Suite struct WidePackedFrontierTests {
  @Test func levelsOfMegabytesAreReadIntactOnOneAndTwoThreads() {
    let system = WidePackedSystem(width: 6_000, levels: 4)
    let one = Explorer.explore(system, options: ExplorerOptions(threads: 1))
    let two = Explorer.explore(system, options: ExplorerOptions(threads: 2))
    // 6,000 states of about 300 bytes a level: several 1 MiB blocks each.
    #expect(one.levelSizes == Array(repeating: 6_000, count: 5))
    #expect(one.violations.isEmpty && one.completion == .complete)
    #expect(
      two.states == one.states && two.transitions == one.transitions && two.levelSizes == one.levelSizes)
  }
}
