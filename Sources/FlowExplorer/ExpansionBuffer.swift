/// What one worker computed for a chunk of the frontier, waiting to be merged.
///
/// Workers expand states (properties, actions, successors, fingerprints) into a buffer, and
/// the merge reads the buffers in chunk order, so states are numbered exactly as a single
/// thread numbers them. Workers only read the visited set, to find which successors it holds
/// already (see ``expand(_:of:in:checks:fingerprintingSources:knownIn:scratch:)``).
///
/// `@unchecked Sendable`: each buffer is written by exactly one thread while it expands a
/// chunk, and read by the merging thread only once the `ChunkPipeline` says that chunk is
/// expanded, which orders the accesses; buffers are never touched by two threads at once.
/// A class, so a worker fills its buffer in place and the storage is reused across chunks.
/// Its properties are `@exclusivity(unchecked)` for the same reason: one thread at a time.
@usableFromInline final class ExpansionBuffer<System: TransitionSystem>: @unchecked Sendable {
  /// What happened to one expanded state; `…End` fields are cumulative positions in the
  /// record arrays, so a source's records are `previous.end..<end`.
  @usableFromInline struct Source {
    @usableFromInline var successorEnd: Int32
    @usableFromInline var hitEnd: Int32
    @usableFromInline var stepEnd: Int32
    @usableFromInline var cuts: Int32
    /// End of its successors not found in the visited set, in ``ExpansionBuffer/unknown``.
    @usableFromInline var unknownEnd: Int32 = 0
    /// How many of its successors were found in the visited set, and their marks combined:
    /// the merge counts them at once instead of one by one.
    @usableFromInline var knownCount: Int32 = 0
    @usableFromInline var knownMarks: UInt8 = 0
    @usableFromInline var flags: UInt8

    @inlinable init(successorEnd: Int32, hitEnd: Int32, stepEnd: Int32, cuts: Int32, flags: UInt8) {
      self.successorEnd = successorEnd
      self.hitEnd = hitEnd
      self.stepEnd = stepEnd
      self.cuts = cuts
      self.flags = flags
    }

    @inlinable static var terminal: UInt8 { 1 }
    @inlinable static var deadlock: UInt8 { 2 }
    /// Terminal only because it follows a violation (``TransitionSystem/followsViolation(_:)``).
    @inlinable static var afterViolation: UInt8 { 4 }
  }

  /// A step property broken by the action at position `action` of its source, at `site`
  /// (``ViolationCode``).
  @usableFromInline struct StepHit {
    @usableFromInline var action: UInt32
    @usableFromInline var property: Int32
    @usableFromInline var site: Int

    @inlinable init(action: UInt32, property: Int32, site: Int) {
      self.action = action
      self.property = property
      self.site = site
    }
  }

  @usableFromInline @exclusivity(unchecked) var sources: [Source] = []
  /// In the frontier's store, not as states: storing them is work the workers share, while
  /// the merge, on one thread, only copies the new ones.
  @usableFromInline @exclusivity(unchecked) var successors = System.Frontier()
  @usableFromInline @exclusivity(unchecked) var fingerprints: [UInt64] = []
  /// Per successor, its slot in the visited set when the expansion found it there (a known
  /// state), else -1.
  @usableFromInline @exclusivity(unchecked) var knownSlots: [Int] = []
  /// Per successor, its marks in the visited set when the expansion looked it up (0 when it
  /// was not found): marks only grow, and those the merge misses this way only leave more
  /// states open in the state graph, never a different verdict.
  @usableFromInline @exclusivity(unchecked) var knownMarks: [UInt8] = []
  /// The successors not found in the visited set (all of them when none was looked up), as
  /// indices into `fingerprints`, ascending, each source's from the previous source's
  /// ``Source/unknownEnd``: most successors are known states, and these are the only ones
  /// the merge reads one by one.
  @usableFromInline @exclusivity(unchecked) var unknown: [Int32] = []
  /// The visited set's ``VisitedSet/generation`` when `knownSlots` and `sourceSlots` were
  /// found: they hold while it is the set's.
  @usableFromInline @exclusivity(unchecked) var visitedGeneration = 0
  /// Per expanded state, its own fingerprint, when the expansion was asked for them.
  @usableFromInline @exclusivity(unchecked) var sourceFingerprints: [UInt64] = []
  /// Per expanded state, its slot in the visited set, when the expansion fingerprinted the
  /// sources and looked their successors up: the merge marks the sources found to reach a
  /// target there.
  @usableFromInline @exclusivity(unchecked) var sourceSlots: [Int] = []
  @usableFromInline @exclusivity(unchecked) var actionIndices: [UInt32] = []
  /// Per expanded state, the properties its checks hit, as ``ViolationCode``s: an `always`
  /// property at the site ``TransitionSystem/site(ofBroken:in:)`` gives.
  @usableFromInline @exclusivity(unchecked) var hits: [Int] = []
  @usableFromInline @exclusivity(unchecked) var stepHits: [StepHit] = []
  /// Scratch for `actions(in:into:)`.
  @usableFromInline @exclusivity(unchecked) var actions: [System.Action] = []
  /// Scratch for `successor(of:via:violations:)`.
  @usableFromInline @exclusivity(unchecked) var stepScratch: [Int] = []

  @inlinable init() {}

  /// Empties the buffer, keeping its storage.
  @inlinable func reset() {
    sources.removeAll(keepingCapacity: true)
    successors.removeAll(keepingCapacity: true)
    fingerprints.removeAll(keepingCapacity: true)
    knownSlots.removeAll(keepingCapacity: true)
    knownMarks.removeAll(keepingCapacity: true)
    unknown.removeAll(keepingCapacity: true)
    sourceFingerprints.removeAll(keepingCapacity: true)
    sourceSlots.removeAll(keepingCapacity: true)
    actionIndices.removeAll(keepingCapacity: true)
    hits.removeAll(keepingCapacity: true)
    stepHits.removeAll(keepingCapacity: true)
  }

  /// Expands `frontier[range]` into this (reset) buffer: evaluates `checks` on each state,
  /// then, unless it is terminal, computes every enabled action's successor and fingerprint;
  /// with `fingerprintingSources`, also each state's own fingerprint. `scratch` is the
  /// calling thread's (see ``WorkerScratch``).
  ///
  /// With `visited` (a set that ``VisitedSet/allowsConcurrentLookup``), then looks every
  /// successor's fingerprint up in it (`knownSlots`, `knownMarks`), and every source's when
  /// fingerprinting them (`sourceSlots`): most successors are known states, and finding
  /// them here takes that work off the merge, which one thread does for all. The set only
  /// grows, so the merge would find them known too. All of a chunk's lookups come after its
  /// expansion, its slots touched first, so that their cache misses overlap.
  ///
  /// The arrays are moved into locals for the loop: class properties would pay a dynamic
  /// exclusivity check on every append.
  /// - Complexity: O(states × actions) calls into `system`; no allocation once warm.
  @inlinable func expand<Visited: VisitedSet>(
    _ range: Range<Int>,
    of frontier: System.Frontier,
    in system: System,
    checks: [PropertyPlan<System.State>.StateCheck],
    fingerprintingSources: Bool = false,
    knownIn visited: Visited?,
    scratch: WorkerScratch<System>
  ) {
    var sources = take(&self.sources)
    var successors = System.Frontier()
    swap(&successors, &self.successors)
    var fingerprints = take(&self.fingerprints)
    var sourceFingerprints = take(&self.sourceFingerprints)
    var actionIndices = take(&self.actionIndices)
    var hits = take(&self.hits)
    var stepHits = take(&self.stepHits)
    var actions = take(&self.actions)
    var stepScratch = take(&self.stepScratch)
    var systemScratch = scratch.take(from: system)
    for position in range {
      let state = system.prepared(frontier[position], scratch: &systemScratch)
      if fingerprintingSources { sourceFingerprints.append(system.fingerprint(of: state)) }
      for check in checks where check.isHit(state) {
        let property = Int(check.property)
        guard check.role == .always else {
          hits.append(property)
          continue
        }
        // Broken where it came from already: no new violation.
        guard let site = system.site(ofBroken: property, in: state) else { continue }
        hits.append(ViolationCode.code(property: property, site: site))
      }
      var flags: UInt8 = 0
      var cuts: Int32 = 0
      if system.isTerminal(state) {
        flags = Source.terminal | (system.followsViolation(state) ? Source.afterViolation : 0)
      } else {
        actions.removeAll(keepingCapacity: true)
        system.expand(
          state, actions: &actions, violations: &stepScratch, successors: &successors, scratch: &systemScratch
        ) { index, fingerprint, violations in
          for code in violations {
            stepHits.append(
              StepHit(
                action: UInt32(index), property: Int32(ViolationCode.property(code)),
                site: ViolationCode.site(code)))
          }
          if let fingerprint {
            fingerprints.append(fingerprint)
            actionIndices.append(UInt32(index))
          } else {
            cuts += 1
          }
        }
        if actions.isEmpty { flags = Source.deadlock }
        precondition(actions.count <= Int(UInt16.max) + 1, "more than 65536 actions in one state")
      }
      sources.append(
        Source(
          successorEnd: Int32(successors.count), hitEnd: Int32(hits.count),
          stepEnd: Int32(stepHits.count), cuts: cuts, flags: flags))
    }
    if let visited {
      visitedGeneration = visited.generation
      visited.findConcurrently(fingerprints, slots: &knownSlots, marks: &knownMarks)
      if fingerprintingSources {
        visited.findConcurrently(sourceFingerprints, slots: &sourceSlots)
      }
    }
    sortOutKnown(&sources, lookedUp: knownSlots.count == fingerprints.count)
    self.sources = sources
    self.successors = successors
    self.fingerprints = fingerprints
    self.sourceFingerprints = sourceFingerprints
    self.actionIndices = actionIndices
    self.hits = hits
    self.stepHits = stepHits
    self.actions = actions
    self.stepScratch = stepScratch
    scratch.keep(systemScratch)
  }
}

extension ExpansionBuffer {
  /// Fills in each source's known successors (count and marks) and lists the others in
  /// `unknown`, from `knownSlots` and `knownMarks` when the successors were `lookedUp` (else
  /// every one is unknown): work per successor done here, on the expanding threads, so that
  /// the merge, on one thread for all, reads only the unknown ones.
  @inlinable func sortOutKnown(_ sources: inout [Source], lookedUp looked: Bool) {
    var unknown = take(&self.unknown)
    var successor = 0
    for offset in sources.indices {
      let end = Int(sources[offset].successorEnd)
      var knownCount: Int32 = 0
      var knownMarks: UInt8 = 0
      while successor < end {
        if looked && knownSlots[successor] >= 0 {
          knownCount += 1
          knownMarks |= self.knownMarks[successor]
        } else {
          unknown.append(Int32(successor))
        }
        successor += 1
      }
      sources[offset].knownCount = knownCount
      sources[offset].knownMarks = knownMarks
      sources[offset].unknownEnd = Int32(unknown.count)
    }
    self.unknown = unknown
  }
}

/// A thread's scratch for ``TransitionSystem/expand(_:actions:violations:successors:scratch:_:)``,
/// made on first use and kept from chunk to chunk and level to level.
///
/// One per thread, not one per buffer: a model's scratch may hold a private copy of what
/// every step reads (`FlowSystem` keeps one of the flow, so that threads do not share its
/// reference counts), and a ring has eight buffers per thread.
///
/// `@unchecked Sendable`: used by one thread at a time; a level's helpers are done (the
/// explorer waits for them) before the next level hands the scratches out again.
@usableFromInline final class WorkerScratch<System: TransitionSystem>: @unchecked Sendable {
  @usableFromInline @exclusivity(unchecked) var scratch: System.ExpansionScratch?

  @inlinable init() {}

  /// The scratch, moved out (made now if there is none yet).
  @inlinable func take(from system: System) -> System.ExpansionScratch {
    defer { scratch = nil }
    return scratch ?? system.makeExpansionScratch()
  }

  /// Puts the scratch back for the next chunk.
  @inlinable func keep(_ scratch: System.ExpansionScratch) { self.scratch = scratch }
}

/// Moves an array out of `storage`, leaving it empty, without copying its elements.
@inlinable @inline(__always) func take<Element>(_ storage: inout [Element]) -> [Element] {
  var taken: [Element] = []
  swap(&taken, &storage)
  return taken
}
