import FlowExplorer

/// An `n`-bit binary clock: each action flips one bit, so exactly `2^n` states, `n·2^n`
/// transitions, `C(n, d)` states at depth `d`.
struct BinaryClock: TransitionSystem {
  let bits: Int
  var properties: [Property<UInt64>] = []
  /// Step property index reported when the top bit is cleared.
  var clearingTopBitBreaks: Int? = nil

  func initialStates() -> [UInt64] { [0] }
  func actions(in state: UInt64, into actions: inout [Int]) { actions.append(contentsOf: 0..<bits) }
  func successor(of state: UInt64, via bit: Int, violations: inout [Int]) -> UInt64? {
    if let property = clearingTopBitBreaks, bit == bits - 1, state & (1 << UInt64(bit)) != 0 {
      violations.append(property)
    }
    return state ^ (1 << UInt64(bit))
  }
  func fingerprint(of state: UInt64) -> UInt64 { Fingerprint.hash(state) }
  func isTerminal(_ state: UInt64) -> Bool { false }
}

/// A ring of `size` states; one-way rings have depth `size - 1`, two-way `size / 2`.
struct Ring: TransitionSystem {
  enum Turn: Equatable, Sendable { case forward, backward }
  let size: Int
  var twoWay = false
  var properties: [Property<Int>] = []

  func initialStates() -> [Int] { [0] }
  func actions(in state: Int, into actions: inout [Turn]) {
    actions.append(.forward)
    if twoWay { actions.append(.backward) }
  }
  func successor(of state: Int, via turn: Turn, violations: inout [Int]) -> Int? {
    turn == .forward ? (state + 1) % size : (state + size - 1) % size
  }
  func fingerprint(of state: Int) -> UInt64 { Fingerprint.hash(UInt64(state)) }
  func isTerminal(_ state: Int) -> Bool { false }
}

/// A `width × height` grid walked from the corner (0, 0): `width·height` states, BFS depth
/// `width + height - 2`, and the cells with `x + y = d` at depth `d`.
struct Grid: TransitionSystem {
  struct Cell: Hashable, Sendable {
    var x: Int
    var y: Int
  }
  enum Move: CaseIterable, Equatable, Sendable { case right, down, left, up }
  let width: Int
  let height: Int
  var properties: [Property<Cell>] = []

  func initialStates() -> [Cell] { [Cell(x: 0, y: 0)] }
  func actions(in cell: Cell, into actions: inout [Move]) {
    if cell.x + 1 < width { actions.append(.right) }
    if cell.y + 1 < height { actions.append(.down) }
    if cell.x > 0 { actions.append(.left) }
    if cell.y > 0 { actions.append(.up) }
  }
  func successor(of cell: Cell, via move: Move, violations: inout [Int]) -> Cell? {
    switch move {
    case .right: Cell(x: cell.x + 1, y: cell.y)
    case .down: Cell(x: cell.x, y: cell.y + 1)
    case .left: Cell(x: cell.x - 1, y: cell.y)
    case .up: Cell(x: cell.x, y: cell.y - 1)
    }
  }
  func fingerprint(of cell: Cell) -> UInt64 {
    var hasher = Fingerprint()
    hasher.combine(cell.x)
    hasher.combine(cell.y)
    return hasher.value
  }
  func isTerminal(_ cell: Cell) -> Bool { false }
}

/// A counter modulo `modulus` that adds one of `increments`; values above `bound` are cut.
struct Counter: TransitionSystem {
  let modulus: Int
  let increments: [Int]
  var bound: Int? = nil
  var properties: [Property<Int>] = []

  func initialStates() -> [Int] { [0] }
  func actions(in state: Int, into actions: inout [Int]) { actions.append(contentsOf: increments) }
  func successor(of state: Int, via increment: Int, violations: inout [Int]) -> Int? {
    let next = (state + increment) % modulus
    if let bound, next > bound { return nil }
    return next
  }
  func fingerprint(of state: Int) -> UInt64 { Fingerprint.hash(UInt64(state)) }
  func isTerminal(_ state: Int) -> Bool { false }
}

/// An explicit directed graph: state = node, action = position of the edge in its list.
struct GraphSystem: TransitionSystem {
  let successors: [[Int]]
  var initial: [Int] = [0]
  var terminal: Set<Int> = []
  var properties: [Property<Int>] = []

  func initialStates() -> [Int] { initial }
  func actions(in node: Int, into actions: inout [Int]) {
    actions.append(contentsOf: successors[node].indices)
  }
  func successor(of node: Int, via edge: Int, violations: inout [Int]) -> Int? {
    successors[node][edge]
  }
  func fingerprint(of node: Int) -> UInt64 { Fingerprint.hash(UInt64(node)) }
  func isTerminal(_ node: Int) -> Bool { terminal.contains(node) }

  /// A random graph from `seed`: `nodes` nodes, each with 0 to `maxDegree` random edges.
  static func random(seed: UInt64, nodes: Int, maxDegree: Int) -> GraphSystem {
    var random = SplitMix64(seed: seed)
    var successors: [[Int]] = []
    for _ in 0..<nodes {
      let degree = random.next(below: maxDegree + 1)
      successors.append((0..<degree).map { _ in random.next(below: nodes) })
    }
    return GraphSystem(successors: successors)
  }
}

/// Replays `violation` (or any trace) and returns the state it ends in.
func finalState<System: TransitionSystem>(
  of system: System, initialStateIndex: Int, actionIndices: [Int]
) -> System.State? {
  let states = Explorer.replay(system, initialStateIndex: initialStateIndex, actionIndices: actionIndices)
  return states.count == actionIndices.count + 1 ? states.last : nil
}

/// Everything a run reports that must not depend on the thread count, as one string.
func signature<Action>(_ result: ExplorationResult<Action>) -> String {
  var lines = [
    "states \(result.states) transitions \(result.transitions) cut \(result.cutTransitions)",
    "terminal \(result.terminalStates) depth \(result.maxDepthReached) levels \(result.levelSizes)",
    "completion \(result.completion) verdicts \(result.verdicts) reached \(result.reached)",
  ]
  for violation in result.violations {
    lines.append(
      "violation \(violation.property) from \(violation.initialStateIndex): \(violation.actionIndices)")
  }
  for example in result.examples {
    lines.append("example \(example.property) from \(example.initialStateIndex): \(example.actionIndices)")
  }
  return lines.joined(separator: "\n")
}

/// `n` choose `k`.
func binomial(_ n: Int, _ k: Int) -> Int {
  guard k >= 0 && k <= n else { return 0 }
  var value = 1
  for i in 0..<k { value = value * (n - i) / (i + 1) }
  return value
}
