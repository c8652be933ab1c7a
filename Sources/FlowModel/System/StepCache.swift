import FlowExplorer
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Steps kept for reuse across states that differ only in the flow's global variables.
///
/// A flow's variables multiply its states: every arrangement of screens and coordinators (its
/// *structure*) comes back with each combination of values reached. A step that neither
/// reads nor writes a global variable (`FlowStep.usesVariables`) does the same from each of
/// them, so its successor is the one it made from the first, with the source's variables in
/// it: a transition cache keyed by the part of the state such a step reads.
///
/// An entry is made when a structure is expanded for the first time: per action that is not
/// an app event (whose guard reads variables, so the list of app events enabled changes
/// from state to state while the others do not), the successor's bytes without its
/// variables, a cut, or nothing (a step that used variables or broke a property is always
/// run). A successor's bytes are kept once per structure, under its own key, and every
/// step that leads to that structure names it: a structure is the successor of about as
/// many steps as it has actions, so the same memory holds several times the structures it
/// held when each step kept a copy. Breadth-first search meets the other states of a structure a level or so later,
/// so the cache keeps the most recent entries: when its budget is full it is emptied and
/// refills. The whole budget is there from the first level: the first levels of a search
/// are where it holds most of a level, and the twins of their structures come in the next
/// ones. Memory it never fills is never touched.
/// When fewer than one state in five of those looked up in the last eight blocks of lookups
/// (all of them, early on) found its structure, the levels hold more structures than it can
/// (or the variables add few states): it costs more than it saves, and turns itself off for
/// good, giving its memory back. It judges on eight blocks, not one: after it is emptied,
/// a few blocks find nothing until the current level's structures are in it again.
///
/// Its table and bytes are allocated at the first entry, and may be refused (an
/// address-space limit): then there is no cache, and every step is run.
///
/// Shared by every worker behind a lock, taken once to look a state up and once to add an
/// entry: a worker's own cache would miss the states of a structure that other workers
/// expanded. Entries are copied out under the lock, as another worker may empty the cache.
final class StepCache: Sendable {
  /// What an entry holds for one action.
  struct Step {
    /// Where the successor's bytes start in the entry's bytes, or `cut`, or `notReusable`.
    var start: Int32
    /// How many bytes the successor has without its variables.
    var count: Int32
    /// Where the variables go in the successor's bytes.
    var variablesAt: Int32
    /// Where the last flow statement the step ran is written (a byte offset), -1 for none:
    /// what a state invariant the successor breaks is located at (`StateArrival`).
    var lastStatementAt: Int32 = -1

    static var cut: Int32 { -1 }
    static var notReusable: Int32 { -2 }
  }

  /// A step as the cache holds it: half a `Step`. Its successor's length and where the
  /// variables go are the successor's entry's, so only the entry is named: the budget then
  /// holds more structures, and fewer of their other states run their steps again.
  private struct KeptStep {
    /// The entry of the successor's structure, or `Step.cut`, or `Step.notReusable`.
    var successor: Int32
    var lastStatementAt: Int32
  }

  /// A structure: its steps, when it was expanded, and its bytes without the variables,
  /// when it was met as a successor.
  private struct Entry {
    var key: Key
    /// Where its steps start in the steps, -1 when it has none kept (each a `KeptStep`).
    var firstStep: Int32
    var stepCount: Int32
    /// Where its bytes start in the bytes, -1 when none are kept.
    var firstByte: Int32
    var byteCount: Int32
    /// Where the variables go in its bytes.
    var variablesAt: Int32
    /// Which state invariants its states break, when its steps are kept (`PackedState.failing`
    /// without the stuck bit): invariants read no variable, so every state of a structure
    /// breaks the same ones.
    var failing: UInt32
  }

  /// The table, the entries, their steps and their successors' bytes, all in memory the
  /// cache asks for fallibly (`allocate`, `reserve`): a refusal turns the cache off, where a
  /// growing Swift array would end the process.
  private struct Storage {
    /// `slotCount` entry numbers (-1 for an empty slot), nil until the first entry.
    var slots: UnsafeMutablePointer<Int32>?
    var slotCount = 0
    /// `entryCount` of `entryCapacity` entries.
    var entries: UnsafeMutablePointer<Entry>?
    var entryCount = 0
    var entryCapacity = 0
    /// `stepCount` of `stepCapacity` steps, the entries' in order.
    var steps: UnsafeMutablePointer<KeptStep>?
    var stepCount = 0
    var stepCapacity = 0
    /// The entries' successors: `byteCount` of `byteCapacity` bytes, nil until the first.
    var bytes: UnsafeMutablePointer<UInt8>?
    var byteCount = 0
    var byteCapacity = 0
    /// States looked up, and found, in the current block of `lookupBlock` lookups.
    var lookups = 0
    var hits = 0
    /// States found in each of the last `judgedBlocks` blocks (a ring, `blocksJudged`
    /// blocks so far), and their sum.
    var blockHits = [Int](repeating: 0, count: StepCache.judgedBlocks)
    var blocksJudged = 0
    var windowHits = 0
    /// States found since the cache was made.
    var reused = 0

    /// The slot that holds `key`'s entry, or the empty one where it would go.
    func slot(of key: Key) -> Int {
      let slots = slots!
      let mask = slotCount - 1
      var slot = Int(truncatingIfNeeded: key.first) & mask
      while slots[slot] >= 0 && entries![Int(slots[slot])].key != key { slot = (slot + 1) & mask }
      return slot
    }

    /// Adds an entry for `key`, which has none, with no steps and no bytes; returns it. The
    /// entries have room for it (`reserve`).
    mutating func insert(_ key: Key) -> Int32 {
      let slot = slot(of: key)
      precondition(slots![slot] < 0 && entryCount < entryCapacity, "a structure entered twice, or no room")
      (entries! + entryCount).initialize(
        to: Entry(
          key: key, firstStep: -1, stepCount: 0, firstByte: -1, byteCount: 0, variablesAt: 0, failing: 0))
      slots![slot] = Int32(entryCount)
      entryCount += 1
      return Int32(entryCount - 1)
    }

    /// The entry of the structure `key`, whose bytes without the variables are `bytes`
    /// (the variables go at `variablesAt`), made or given them if need be. The entries and
    /// the bytes have room (`reserve`, and the budget checked before).
    mutating func successor(_ key: Key, bytes: UnsafeRawBufferPointer, variablesAt: Int32) -> Int32 {
      let found = slots![slot(of: key)]
      let entry = found >= 0 ? found : insert(key)
      guard entries![Int(entry)].firstByte < 0 else { return entry }
      precondition(byteCount + bytes.count <= byteCapacity, "successor bytes beyond the cache's memory")
      if let base = bytes.baseAddress, !bytes.isEmpty {
        (self.bytes! + byteCount).update(from: base.assumingMemoryBound(to: UInt8.self), count: bytes.count)
      }
      entries![Int(entry)].firstByte = Int32(byteCount)
      entries![Int(entry)].byteCount = Int32(bytes.count)
      entries![Int(entry)].variablesAt = variablesAt
      byteCount += bytes.count
      return entry
    }

    /// Allocates the table and the bytes; false, holding nothing, when the system refuses.
    /// The entries and steps start small and grow with `reserve`.
    mutating func allocate(slotCount: Int, byteCapacity: Int) -> Bool {
      // Pages of the bytes never written are never resident.
      let table = malloc(slotCount * MemoryLayout<Int32>.stride)
      let memory = malloc(byteCapacity)
      guard let table, let memory else {
        free(table)
        free(memory)
        return false
      }
      slots = table.bindMemory(to: Int32.self, capacity: slotCount)
      slots!.initialize(repeating: -1, count: slotCount)
      self.slotCount = slotCount
      bytes = memory.bindMemory(to: UInt8.self, capacity: byteCapacity)
      self.byteCapacity = byteCapacity
      return true
    }

    /// Room for `entryTotal` entries and `stepTotal` steps, doubling each buffer as a Swift
    /// array would, but fallibly (`realloc`); false when the system refuses, the buffers as
    /// they were.
    mutating func reserve(entries entryTotal: Int, steps stepTotal: Int) -> Bool {
      if entryTotal > entryCapacity {
        let capacity = max(entryTotal, 2 * entryCapacity, 256)
        guard let grown = realloc(entries, capacity * MemoryLayout<Entry>.stride) else { return false }
        entries = grown.bindMemory(to: Entry.self, capacity: capacity)
        entryCapacity = capacity
      }
      if stepTotal > stepCapacity {
        let capacity = max(stepTotal, 2 * stepCapacity, 4096)
        guard let grown = realloc(steps, capacity * MemoryLayout<KeptStep>.stride) else { return false }
        steps = grown.bindMemory(to: KeptStep.self, capacity: capacity)
        stepCapacity = capacity
      }
      return true
    }

    /// Gives the table and the bytes back; the cache then holds nothing.
    mutating func deallocate() {
      free(slots)
      free(entries)
      free(steps)
      free(bytes)
      slots = nil
      entries = nil
      steps = nil
      bytes = nil
      slotCount = 0
      entryCount = 0
      entryCapacity = 0
      stepCount = 0
      stepCapacity = 0
      byteCount = 0
      byteCapacity = 0
    }
  }

  private let storage: Mutex<Storage>
  private let on = Atomic<Bool>(true)
  /// The most bytes the entries may take before the cache is emptied.
  let byteBudget: Int
  /// How many lookups the cache counts before it judges whether it pays.
  let lookupBlock: Int
  /// How many of the last blocks of lookups it judges on.
  static var judgedBlocks: Int { 8 }
  private let slotCount: Int

  /// The budget of the explorer's cache: the most memory its entries take. Its slot table
  /// takes a sixteenth of that besides (one 4-byte slot per 64 bytes).
  static var standardBudget: Int { 16 << 20 }

  /// A cache that holds up to about `byteBudget` bytes of entries and judges itself every
  /// `lookupBlock` lookups.
  init(byteBudget: Int, lookupBlock: Int = 4096) {
    self.byteBudget = byteBudget
    self.lookupBlock = lookupBlock
    // One slot per 64 bytes of budget: the table is emptied when half full, and an expanded
    // structure takes about two entries (its own, and a successor's: a structure is the
    // successor of about as many steps as it has actions) in more than 256 bytes, with its
    // steps and its successor's bytes, on all but the smallest flows.
    var slots = 1024
    while slots < byteBudget / 64 { slots *= 2 }
    slotCount = slots
    // Made at the first entry: a system made only to replay a trace never needs it.
    storage = Mutex(Storage())
  }

  deinit { storage.withLock { $0.deallocate() } }

  /// False once the cache has found that it does not pay: then it holds nothing.
  var isOn: Bool { on.load(ordering: .relaxed) }

  /// How many lookups found their structure.
  var reusedStates: Int { storage.withLock { $0.reused } }

  /// Copies the steps kept for `key` into `steps`, their successors' bytes into `bytes` and
  /// the first hash of each successor's structure into `structures` (0 for a step with no
  /// successor), all emptied first; returns the state invariants the structure's states
  /// break, nil when no steps are kept for it or the cache is off (or turns off at this
  /// lookup).
  func steps(for key: Key, into steps: inout [Step], structures: inout [UInt64], bytes: PackedBytes)
    -> UInt32?
  {
    bytes.count = 0
    let failing: UInt32? = storage.withLock { storage in
      guard isOn, let slots = storage.slots else { return nil }
      var index = slots[storage.slot(of: key)]
      // Met only as a successor: its bytes are kept, its steps are not.
      if index >= 0 && storage.entries![Int(index)].firstStep < 0 { index = -1 }
      storage.lookups += 1
      if index >= 0 {
        storage.reused += 1
        storage.hits += 1
      }
      if storage.lookups == lookupBlock {
        let slot = storage.blocksJudged % Self.judgedBlocks
        storage.windowHits += storage.hits - storage.blockHits[slot]
        storage.blockHits[slot] = storage.hits
        storage.blocksJudged += 1
        let windowLookups = min(storage.blocksJudged, Self.judgedBlocks) * lookupBlock
        guard storage.windowHits * 5 >= windowLookups else {
          on.store(false, ordering: .relaxed)
          storage.deallocate()
          return nil
        }
        storage.lookups = 0
        storage.hits = 0
      }
      guard index >= 0 else { return nil }
      let entry = storage.entries![Int(index)]
      let count = Int(entry.stepCount)
      // Sized once and written in place, under the lock: an append checks the array's
      // uniqueness and capacity each time.
      steps.resize(to: count, filling: Step(start: Step.cut, count: 0, variablesAt: 0))
      structures.resize(to: count, filling: 0)
      steps.withUnsafeMutableBufferPointer { steps in
        structures.withUnsafeMutableBufferPointer { structures in
          for position in 0..<count {
            let step = storage.steps![Int(entry.firstStep) + position]
            guard step.successor >= 0 else {
              steps[position] = Step(
                start: step.successor, count: 0, variablesAt: 0, lastStatementAt: step.lastStatementAt)
              structures[position] = 0
              continue
            }
            let successor = storage.entries![Int(step.successor)]
            structures[position] = successor.key.first
            steps[position] = Step(
              start: Int32(bytes.count), count: successor.byteCount, variablesAt: successor.variablesAt,
              lastStatementAt: step.lastStatementAt)
            let start = storage.bytes! + Int(successor.firstByte)
            bytes.append(UnsafeBufferPointer(start: start, count: Int(successor.byteCount)))
          }
        }
      }
      return entry.failing
    }
    if failing == nil {
      steps.removeAll(keepingCapacity: true)
      structures.removeAllKeepingStorage()
    }
    return failing
  }

  /// Keeps `steps`, whose successors' bytes are `kept` and structures `successors` (one key
  /// per step with a successor, in order), and the state invariants its states break
  /// (`failing`) for `key`, unless an entry for it is there already (another worker
  /// expanded a state of the same structure meanwhile). Each successor's bytes are kept
  /// under its own structure's key, unless they are there already. Empties the cache first
  /// when the entry might not fit. The keys are made by the caller, outside the lock.
  func keep(_ steps: [Step], successors: [Key], bytes kept: PackedBytes, failing: UInt32, for key: Key) {
    precondition(
      successors.count == steps.count { $0.start >= 0 }, "one structure per step with a successor")
    storage.withLock { storage in
      guard isOn else { return }
      // Room for the whole budget at once; refused, no cache.
      if storage.slots == nil && !storage.allocate(slotCount: slotCount, byteCapacity: byteBudget) {
        on.store(false, ordering: .relaxed)
        return
      }
      // An entry larger than the whole budget is not kept.
      let bytes = kept.buffer
      guard bytes.count <= storage.byteCapacity else { return }
      // At most: every successor's bytes new, an entry for this structure and one per step
      // with a successor (a cut or a step not reusable names none).
      let newEntries = 1 + successors.count
      let size =
        storage.byteCount + bytes.count + MemoryLayout<KeptStep>.stride * (storage.stepCount + steps.count)
        + MemoryLayout<Entry>.stride * (storage.entryCount + newEntries)
      if size > byteBudget || storage.byteCount + bytes.count > storage.byteCapacity
        || 2 * (storage.entryCount + newEntries) > slotCount
      {
        storage.entryCount = 0
        storage.stepCount = 0
        storage.byteCount = 0
        storage.slots!.update(repeating: -1, count: slotCount)
      }
      let own = storage.slots![storage.slot(of: key)]
      guard own < 0 || storage.entries![Int(own)].firstStep < 0 else { return }
      guard storage.reserve(entries: storage.entryCount + newEntries, steps: storage.stepCount + steps.count)
      else {
        on.store(false, ordering: .relaxed)
        storage.deallocate()
        return
      }
      let entry = own >= 0 ? own : storage.insert(key)
      let firstStep = storage.stepCount
      do {
        let bytes = UnsafeRawBufferPointer(bytes)
        var successor = 0
        for step in steps {
          var kept = KeptStep(successor: step.start, lastStatementAt: step.lastStatementAt)
          if step.start >= 0 {
            let start = Int(step.start)
            kept.successor = storage.successor(
              successors[successor],
              bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<start + Int(step.count)]),
              variablesAt: step.variablesAt)
            successor += 1
          }
          (storage.steps! + storage.stepCount).initialize(to: kept)
          storage.stepCount += 1
        }
      }
      storage.entries![Int(entry)].failing = failing
      storage.entries![Int(entry)].firstStep = Int32(firstStep)
      storage.entries![Int(entry)].stepCount = Int32(steps.count)
    }
  }
}
