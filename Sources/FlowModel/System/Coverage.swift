import FlowLanguage
import Synchronization

/// What the exploration exercised: screens that reached the hierarchy, handlers that ran.
public struct Coverage: Sendable, Equatable {
  /// Per screen: some reachable state has it in the window's hierarchy.
  public var screensShown: [Bool]
  /// Per handler slot (`FlowSystem.handlerLabels`): some explored step ran it.
  public var handlersRun: [Bool]

  init(screens: Int, handlers: Int) {
    screensShown = [Bool](repeating: false, count: screens)
    handlersRun = [Bool](repeating: false, count: handlers)
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

  init(screens: Int, handlers: Int) {
    self.screens = AtomicBits(count: screens)
    self.handlers = AtomicBits(count: handlers)
  }

  /// `attached` is `state.world.attachedObjects()`.
  func record<Runtime>(state: FlowState<Runtime>, attached: [Bool], handlersRun: [Int]) {
    for (id, object) in state.world.objects.enumerated() where attached[id] {
      if case .screen(let screen) = object.kind { screens.insert(screen) }
    }
    record(handlersRun: handlersRun)
  }

  func record(handlersRun: [Int]) {
    for slot in handlersRun { handlers.insert(slot) }
  }

  var snapshot: Coverage {
    var coverage = Coverage(screens: screens.count, handlers: handlers.count)
    for index in 0..<screens.count { coverage.screensShown[index] = screens.contains(index) }
    for index in 0..<handlers.count { coverage.handlersRun[index] = handlers.contains(index) }
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
