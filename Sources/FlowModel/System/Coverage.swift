import FlowLanguage
import Synchronization

/// What the exploration exercised: screens that reached the hierarchy, handlers that ran,
/// values the flow's global variables took.
public struct Coverage: Sendable, Equatable {
  /// Per screen: some reachable state has it in the window's hierarchy.
  public var screensShown: [Bool]
  /// Per handler slot (`FlowSystem.handlerLabels`): some explored step ran it.
  public var handlersRun: [Bool]
  /// Per flow variable (`CheckedFlow.variables`), in increasing order: the values some
  /// explored state gave it, of the first `valuesTracked` of its range. Empty for
  /// a coordinator's own variable, which has a value per instance.
  public var valuesTaken: [[Int]]
  /// The most values of one variable's range `valuesTaken` records.
  public static let valuesTracked = 64

  init(screens: Int, handlers: Int, variables: Int) {
    screensShown = [Bool](repeating: false, count: screens)
    handlersRun = [Bool](repeating: false, count: handlers)
    valuesTaken = [[Int]](repeating: [], count: variables)
  }
}

/// Where each global variable's values are recorded: one bit per value of the first
/// `tracked` values of its range, so that a `reachable` no state satisfies can say what
/// the variables it names were instead.
struct VariableValues: Sendable {
  static let tracked = Coverage.valuesTracked
  /// Per flow variable: its global slot (`FlowTables.slot`), nil for a coordinator's own.
  let globalSlot: [Int?]
  /// Per global slot: the lowest value of its range, its first bit and how many values
  /// are recorded.
  let low: [Int]
  let firstBit: [Int]
  let span: [Int]

  init(flow: CheckedFlow) {
    var globalSlot: [Int?] = []
    var low: [Int] = []
    var firstBit: [Int] = []
    var span: [Int] = []
    for variable in flow.variables {
      guard variable.owner == nil else {
        globalSlot.append(nil)
        continue
      }
      globalSlot.append(low.count)
      let range: ClosedRange<Int> =
        switch variable.type {
        case .bool: 0...1
        case .integer(let low, let high): low...high
        }
      low.append(range.lowerBound)
      firstBit.append((firstBit.last ?? 0) + (span.last ?? 0))
      let count = range.upperBound.subtractingReportingOverflow(range.lowerBound)
      span.append(
        count.overflow || count.partialValue >= Self.tracked ? Self.tracked : count.partialValue + 1)
    }
    self.globalSlot = globalSlot
    self.low = low
    self.firstBit = firstBit
    self.span = span
  }

  var bitCount: Int { (firstBit.last ?? 0) + (span.last ?? 0) }

  /// The bit of `value` for the global in `slot`, nil beyond the values recorded.
  func bit(slot: Int, value: Int) -> Int? {
    let offset = value.subtractingReportingOverflow(low[slot])
    guard !offset.overflow, offset.partialValue >= 0, offset.partialValue < span[slot] else { return nil }
    return firstBit[slot] + offset.partialValue
  }
}

/// Collects coverage from the explorer's workers. A class because every copy of the
/// system must record into one place.
///
/// Lock-free: each slot is a bit in an atomic word, set with a relaxed `or` only when a
/// relaxed load shows it clear. Every step records the handlers it ran, from every
/// thread, so a mutex would be taken once per step; after the first few steps the load
/// finds the bit set and nothing is written. Relaxed ordering suffices: the bits are read
/// only after the workers have been joined.
final class CoverageRecorder: Sendable {
  private let screens: AtomicBits
  private let handlers: AtomicBits
  private let variables: VariableValues
  private let values: AtomicBits

  init(screens: Int, handlers: Int, flow: CheckedFlow) {
    self.screens = AtomicBits(count: screens)
    self.handlers = AtomicBits(count: handlers)
    variables = VariableValues(flow: flow)
    values = AtomicBits(count: variables.bitCount)
  }

  /// `attached` is `state.world.attachedObjects()`.
  func record<Runtime>(state: FlowState<Runtime>, attached: [Bool], handlersRun: [Int]) {
    // Each object's kind read in place: this runs for every state explored, and a loop over
    // the objects themselves would copy each one out whole.
    state.world.objects.withUnsafeBufferPointer { objects in
      for id in objects.indices where attached[id] {
        if case .screen(let screen) = objects[id].kind { screens.insert(screen) }
      }
    }
    record(handlersRun: handlersRun)
  }

  func record(handlersRun: [Int]) {
    for slot in handlersRun { handlers.insert(slot) }
  }

  /// Records the values of an explored state's global variables.
  func record(globals: [Int]) {
    for (slot, value) in globals.enumerated() where slot < variables.low.count {
      if let bit = variables.bit(slot: slot, value: value) { values.insert(bit) }
    }
  }

  var snapshot: Coverage {
    var coverage = Coverage(
      screens: screens.count, handlers: handlers.count, variables: variables.globalSlot.count)
    for index in 0..<screens.count { coverage.screensShown[index] = screens.contains(index) }
    for index in 0..<handlers.count { coverage.handlersRun[index] = handlers.contains(index) }
    for (variable, slot) in variables.globalSlot.enumerated() {
      guard let slot else { continue }
      coverage.valuesTaken[variable] = (0..<variables.span[slot]).filter {
        values.contains(variables.firstBit[slot] + $0)
      }.map { variables.low[slot] + $0 }
    }
    return coverage
  }
}

/// A fixed number of bits that threads set concurrently.
private final class AtomicBits: @unchecked Sendable {
  // @unchecked: the words are only ever accessed through atomic operations.
  private let words: UnsafeMutablePointer<Atomic<UInt64>>
  private let wordCount: Int
  /// Number of bits.
  let count: Int

  init(count: Int) {
    self.count = count
    wordCount = max(1, (count + 63) / 64)
    words = .allocate(capacity: wordCount)
    for index in 0..<wordCount { (words + index).initialize(to: Atomic(0)) }
  }

  deinit {
    words.deinitialize(count: wordCount)
    words.deallocate()
  }

  func insert(_ bit: Int) {
    let mask: UInt64 = 1 << UInt64(bit % 64)
    guard words[bit / 64].load(ordering: .relaxed) & mask == 0 else { return }
    words[bit / 64].bitwiseOr(mask, ordering: .relaxed)
  }

  func contains(_ bit: Int) -> Bool {
    words[bit / 64].load(ordering: .relaxed) & (1 << UInt64(bit % 64)) != 0
  }
}
