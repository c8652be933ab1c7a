import Dispatch

/// One exhaustive breadth-first exploration (see ``Explorer``).
///
/// Memory per stored state: its fingerprint in the visited set, its parent (about a byte:
/// `ParentLinks`) and the position of the action that reached it (a byte:
/// `ActionPositions`). Full states live only in the two frontier arrays (`current` level and
/// `next` level). With a `canReach` property, also a byte of marks per slot of the visited
/// set, a target bit per property, and the states left open with their successors
/// (`StateGraph`).
@usableFromInline struct BreadthFirstSearch<System: TransitionSystem, Visited: VisitedSet> {
  @usableFromInline typealias State = System.State
  @usableFromInline typealias Buffer = ExpansionBuffer<System>

  /// Where a property was first broken (or a `sometimes` first witnessed): a state, and for
  /// a step property the action taken from it.
  @usableFromInline struct Site {
    @usableFromInline var state: Int
    @usableFromInline var action: Int?

    @inlinable init(state: Int, action: Int?) {
      self.state = state
      self.action = action
    }
  }

  /// Parent of an initial state.
  @inlinable static var rootParent: UInt32 { UInt32.max }

  @usableFromInline let system: System
  @usableFromInline let options: ExplorerOptions
  /// This search's room for its report if memory runs out, while it runs.
  @usableFromInline var reserve: MemoryReserve.Hold?
  @usableFromInline let plan: PropertyPlan<State>
  @usableFromInline let visited: Visited
  @usableFromInline let recordsGraph: Bool
  @usableFromInline let startTime: UInt64

  // Stored states, numbered in BFS order.
  @usableFromInline var initialStates: [State] = []
  /// For each distinct initial state (states `0..<roots.count`): its position in `initialStates`.
  @usableFromInline var roots: [Int] = []
  @usableFromInline let parents = ParentLinks()
  @usableFromInline let actionIndices = ActionPositions()
  @usableFromInline var stateCount = 0

  // The frontier: the full states of the level being expanded and of the next one.
  @usableFromInline var current = System.Frontier()
  @usableFromInline var next = System.Frontier()
  @usableFromInline var levelSizes: [Int] = []

  // Counters.
  @usableFromInline var transitions = 0
  @usableFromInline var cutTransitions = 0
  @usableFromInline var terminalStates = 0
  @usableFromInline var statesAfterViolations = 0
  /// States `0..<expandedPrefix` were fully expanded and merged.
  @usableFromInline var expandedPrefix = 0

  // Findings, per property index.
  @usableFromInline var violationSites: [Site?]
  /// Per property index, a step or `always` property's violations at sites (``ViolationCode``) other
  /// than its first one's, each with the first place it was broken there, in the order
  /// found; `violationSiteKeys` the sites already found, the first one's included.
  @usableFromInline var otherViolationSites: [[(key: Int, site: Site)]]
  @usableFromInline var violationSiteKeys: [Set<Int>]
  @usableFromInline var witnessSites: [Int?]
  @usableFromInline var violationCount = 0
  /// `sometimes` properties witnessed so far.
  @usableFromInline var witnessCount = 0

  /// The graph, only when `recordsGraph`.
  @usableFromInline let graph = StateGraph()
  /// Per `canReach` property: the states known to reach its target, the targets themselves
  /// first, then those ``closeEdges(of:fingerprint:successorMarks:successors:visitedSlot:)``
  /// marks.
  @usableFromInline var targets: [Bitset]
  /// States with a successor beyond the depth bound: they might reach a target.
  @usableFromInline var unknownSuccessors = Bitset()
  /// Terminal states, when the graph is recorded: neither a target nor a state that fails
  /// to reach one (see ``checkCanReach()``).
  @usableFromInline var terminalSources = Bitset()

  @usableFromInline var stopReason: LimitReason?
  @usableFromInline var sawStatesBeyondDepth = false
  @usableFromInline var lastMemoryCheck: UInt64 = 0
  @usableFromInline var lastProgress: UInt64 = 0
  /// Time the merging thread spent in ``merge(_:firstState:atDepthBound:)``, and waiting for
  /// work (``ExplorationResult/mergeSeconds``, ``ExplorationResult/mergerIdleSeconds``).
  @usableFromInline var mergeNanoseconds: UInt64 = 0
  @usableFromInline var mergerIdleNanoseconds: UInt64 = 0

  @inlinable init(system: System, options: ExplorerOptions, plan: PropertyPlan<State>, visited: Visited) {
    self.system = system
    self.options = options
    self.plan = plan
    self.visited = visited
    recordsGraph = plan.needsGraph && visited.keepsMarks
    startTime = ResourceUsage.nanoseconds()
    violationSites = Array(repeating: nil, count: plan.names.count)
    otherViolationSites = Array(repeating: [], count: plan.names.count)
    violationSiteKeys = Array(repeating: [], count: plan.names.count)
    witnessSites = Array(repeating: nil, count: plan.names.count)
    targets = Array(repeating: Bitset(), count: plan.canReachProperties.count)
  }

  // MARK: - Search

  /// Runs the search to the end or to a limit.
  @inlinable mutating func run() -> ExplorationResult<System.Action> {
    // Room for the report if memory runs out (`MemoryReserve`); without even that, no search.
    reserve = MemoryReserve.hold()
    if reserve == nil || !MemoryReserve.checkHeadroom() { stopReason = .outOfMemory }
    defer { reserve?.drop() }
    if stopReason == nil { seedInitialStates() }
    let buffers = (0..<options.threads * Self.chunksPerWorker).map { _ in Buffer() }
    let scratches = (0..<options.threads).map { _ in WorkerScratch<System>() }
    var levelStart = 0
    var depth = 0
    while !current.isEmpty && stopReason == nil {
      let atBound = options.maxDepth.map { depth >= $0 } ?? false
      expandLevel(startingAt: levelStart, atDepthBound: atBound, buffers: buffers, scratches: scratches)
      if stopReason != nil { break }
      // The states before this level have all of their successors merged now.
      if recordsGraph { resolveOpenStates(before: levelStart) }
      if atBound {
        if sawStatesBeyondDepth { stopReason = .depth }
        break
      }
      levelStart += current.count
      swap(&current, &next)
      next.removeAll(keepingCapacity: true)
      if !current.isEmpty {
        depth += 1
        levelSizes.append(current.count)
      }
    }
    current = System.Frontier()
    next = System.Frontier()
    return result()
  }

  /// Stores the distinct initial states as states `0..<roots.count` (depth 0).
  @inlinable mutating func seedInitialStates() {
    initialStates = system.initialStates()
    for (position, state) in initialStates.enumerated() {
      let fingerprint = system.fingerprint(of: state)
      if let maxStates = options.maxStates, stateCount == maxStates {
        if visited.find(fingerprint) == nil { stopReason = .states }
        continue
      }
      guard visited.insert(fingerprint).isNew else { continue }
      roots.append(position)
      parents.append(Self.rootParent)
      actionIndices.append(0)
      current.append(state)
      stateCount += 1
    }
    levelSizes.append(current.count)
    if stopReason != nil { current = System.Frontier() }
  }

  /// Buffers per thread in the pipeline's ring (see ``ChunkPipeline``): enough that a worker
  /// seldom finds the ring full while the merging thread expands a chunk of its own.
  @inlinable static var chunksPerWorker: Int { 8 }

  /// States per chunk. A buffer keeps every successor of its chunk, known ones included,
  /// until the merge, and with several threads a ring of them is alive: peak memory grows
  /// with the chunk far beyond what the buffers hold, while the speed hardly depends on it,
  /// so chunks are small.
  @inlinable static var chunkSize: Int { 64 }

  /// Expands the level in `current`, whose states are numbered from `levelStart`, merging
  /// successors into `next`.
  ///
  /// With one thread, or fewer than 128 states per thread, the calling
  /// thread expands and merges chunk after chunk. Otherwise `threads - 1` helpers expand
  /// chunks into a ring of buffers while the calling thread merges them in chunk order and,
  /// when the next one is not expanded yet, expands one itself (``ChunkPipeline``).
  @inlinable mutating func expandLevel(
    startingAt levelStart: Int, atDepthBound: Bool, buffers: [Buffer], scratches: [WorkerScratch<System>]
  ) {
    let frontier = current
    let count = frontier.count
    let checks = activeChecks()
    let threads = options.threads
    let system = self.system
    guard threads > 1 && count >= threads * 128 else {
      var position = 0
      let buffer = buffers[0]
      while position < count && stopReason == nil {
        let range = position..<min(count, position + Self.chunkSize)
        buffer.reset()
        buffer.expand(
          range, of: frontier, in: system, checks: checks, fingerprintingSources: recordsGraph,
          knownIn: knownSuccessors, scratch: scratches[0])
        timedMerge(buffer, firstState: levelStart + range.lowerBound, atDepthBound: atDepthBound)
        position = range.upperBound
        current.discard(before: position)
        checkResources()
      }
      return
    }

    let chunk = Self.chunkSize
    let fingerprintingSources = recordsGraph
    let pipeline = ChunkPipeline(count: (count + chunk - 1) / chunk, slots: buffers.count)
    let known = knownSuccessors.map { SharedVisitedSet(set: $0) }
    let reserve = self.reserve
    /// Expands chunk `index` into its buffer with `scratch`, the calling thread's.
    @Sendable func expand(_ index: Int, _ scratch: WorkerScratch<System>) {
      // Memory ran out: no chunk is expanded any more, for the reserve to go to the report.
      if reserve?.exhausted ?? false {
        pipeline.cancel()
        pipeline.expanded(index)
        return
      }
      let buffer = buffers[index % buffers.count]
      buffer.reset()
      buffer.expand(
        index * chunk..<min(count, (index + 1) * chunk), of: frontier, in: system, checks: checks,
        fingerprintingSources: fingerprintingSources, knownIn: known?.set, scratch: scratch)
      pipeline.expanded(index)
    }
    // A helper the system cannot start is left out: the merging thread expands what no
    // helper takes.
    let helpers = (1..<threads).compactMap { helper in
      let scratch = scratches[helper]
      return WorkerThread.start {
        while let index = pipeline.take() { expand(index, scratch) }
      }
    }
    work: while true {
      let asked = ResourceUsage.nanoseconds()
      let task = pipeline.nextMergerTask()
      mergerIdleNanoseconds += ResourceUsage.nanoseconds() - asked
      switch task {
      case .finished: break work
      case .expand(let index): expand(index, scratches[0])
      case .merge(let index):
        let buffer = buffers[index % buffers.count]
        if known != nil && !atDepthBound {
          // The expansions read the visited set: it must not grow under them. Only the
          // successors not found known at expansion can be new.
          let inserts = buffer.unknown.count
          if !visited.hasRoom(forInserting: inserts) {
            // Serial work too: counted with the merge, as a growth inside an insert is.
            let start = ResourceUsage.nanoseconds()
            pipeline.pauseExpansions()
            let grown = visited.reserve(forInserting: inserts)
            pipeline.resumeExpansions()
            mergeNanoseconds += ResourceUsage.nanoseconds() - start
            // Refused the memory to grow: the chunk is not merged, and the search stops
            // with the states it holds.
            guard grown else {
              stopReason = stopReason ?? .outOfMemory
              pipeline.cancel()
              continue work
            }
          }
        }
        timedMerge(buffer, firstState: levelStart + index * chunk, atDepthBound: atDepthBound)
        checkResources()
        if stopReason != nil {
          pipeline.cancel()
        } else {
          pipeline.merged(index)
          // Every chunk up to this one is expanded: their states are read no more.
          current.discard(before: (index + 1) * chunk)
        }
      }
    }
    for helper in helpers { helper.join() }
    // The pipeline may have been cancelled by an expansion that found memory exhausted.
    if reserve?.exhausted ?? false { stopReason = stopReason ?? .outOfMemory }
  }

  /// The visited set, for the expansions to leave out the successors it holds already
  /// (``ExpansionBuffer/expand(_:of:in:checks:fingerprintingSources:knownIn:scratch:)``);
  /// nil when it allows no lookup from other threads.
  @inlinable var knownSuccessors: Visited? { visited.allowsConcurrentLookup ? visited : nil }

  /// The state predicates still worth evaluating: `always` properties not yet broken, or
  /// broken at a site (``TransitionSystem/site(ofBroken:in:)``), where they may yet be broken
  /// at another; `sometimes` not yet witnessed; every `canReach` target.
  @inlinable func activeChecks() -> [PropertyPlan<State>.StateCheck] {
    plan.checks.filter { check in
      let property = Int(check.property)
      switch check.role {
      case .always:
        return violationSites[property] == nil || violationSiteKeys[property].contains { $0 != 0 }
      case .sometimes: return witnessSites[property] == nil
      case .target, .none: return true
      }
    }
  }

  /// ``merge(_:firstState:atDepthBound:)``, its time added to `mergeNanoseconds`: the clock
  /// is read twice per chunk, not per state.
  @inlinable mutating func timedMerge(_ buffer: Buffer, firstState: Int, atDepthBound: Bool) {
    let start = ResourceUsage.nanoseconds()
    merge(buffer, firstState: firstState, atDepthBound: atDepthBound)
    mergeNanoseconds += ResourceUsage.nanoseconds() - start
  }

  /// Merges one expanded chunk, whose first source is state `firstState`, in order: records
  /// findings, counts, inserts new successors into the visited set and `next`.
  /// Stops, between or inside sources, as soon as a limit says so.
  @inlinable mutating func merge(_ buffer: Buffer, firstState: Int, atDepthBound: Bool) {
    let sourceSlots = buffer.sourceSlots.count == buffer.sources.count
    // Read out of the buffer once: each read of a class's array property retains it.
    let unknownAtExpansion = buffer.unknown
    let successors = buffer.successors
    let fingerprints = buffer.fingerprints
    let successorActions = buffer.actionIndices
    visited.prefetch(fingerprints, unknown: unknownAtExpansion)
    var successor = 0
    var unknownFirst = 0
    let seed = options.bitstate?.seed ?? 0
    var hit = 0
    var step = 0
    for (offset, summary) in buffer.sources.enumerated() {
      let source = firstState + offset
      let isTerminal = summary.flags & Buffer.Source.terminal != 0
      while hit < Int(summary.hitEnd) {
        let code = buffer.hits[hit]
        let property = ViolationCode.property(code)
        hit += 1
        switch plan.roles[property] {
        case .always:
          recordViolation(property, Site(state: source, action: nil), at: ViolationCode.site(code))
        case .sometimes:
          if witnessSites[property] == nil {
            witnessSites[property] = source
            witnessCount += 1
          }
        case .target: if !isTerminal { targets[plan.targetSlot[property]].insert(source) }
        case .none: break
        }
      }
      if isTerminal {
        terminalStates += 1
        if summary.flags & Buffer.Source.afterViolation != 0 {
          statesAfterViolations += 1
          // Not explored, it may well lead to a target: it counts as reaching every one, as
          // a state beyond the depth bound does, so that no state is reported for failing
          // to reach a target only because its way there passes a violation.
          for slot in targets.indices { targets[slot].insert(source) }
        } else if recordsGraph {
          terminalSources.insert(source)
        }
      }
      if summary.flags & Buffer.Source.deadlock != 0 {
        for property in plan.deadlockProperties {
          recordViolation(property, Site(state: source, action: nil))
        }
      }
      while step < Int(summary.stepEnd) {
        let stepHit = buffer.stepHits[step]
        step += 1
        // Beyond the depth bound: a trace would be longer than `maxDepth`.
        if !atDepthBound {
          recordViolation(
            Int(stepHit.property), Site(state: source, action: Int(stepHit.action)), at: stepHit.site)
        }
      }
      cutTransitions += Int(summary.cuts)
      let first = successor
      let end = Int(summary.successorEnd)
      let unknown = unknownAtExpansion[unknownFirst..<Int(summary.unknownEnd)]
      /// The marks of the successors, combined: what they are known to reach. Those found
      /// in the visited set when they were expanded come with their marks then.
      var successorMarks = summary.knownMarks
      // Only the unknown successors are taken one by one, in the seed's order; the known
      // ones are counted.
      let order = SuccessorOrder(seed: seed, source: source, first: first, end: end)
      let split = order.split(of: unknown)
      for turn in 0..<unknown.count {
        let index = Int(
          unknown[unknownFirst + order.unknownPosition(at: turn, count: unknown.count, split: split)])
        let fingerprint = fingerprints[index]
        if atDepthBound {
          transitions += 1
          if let marks = visited.find(fingerprint) {
            successorMarks |= marks
          } else {
            sawStatesBeyondDepth = true
            if recordsGraph { unknownSuccessors.insert(source) }
          }
        } else {
          precondition(stateCount < Int(UInt32.max), "more than 4294967294 states")
          let inserted = visited.insert(fingerprint)
          if inserted.isNew {
            if let maxStates = options.maxStates, stateCount >= maxStates {
              // Counted as a merge taking every successor in turn would have.
              transitions += order.knownSuccessors(before: index, knownSlots: buffer.knownSlots)
              stopReason = .states
              return
            }
            parents.append(UInt32(source))
            actionIndices.append(Int(successorActions[index]))
            next.append(from: successors, at: index)
            stateCount += 1
          }
          transitions += 1
          successorMarks |= inserted.marks
        }
      }
      transitions += Int(summary.knownCount)
      successor = end
      unknownFirst = Int(summary.unknownEnd)
      if recordsGraph {
        closeEdges(
          of: source, fingerprint: buffer.sourceFingerprints[offset], successorMarks: successorMarks,
          successors: fingerprints[first..<end],
          // An insert may have grown the set since the lookup (with one thread: see `expandLevel`).
          visitedSlot: sourceSlots && buffer.visitedGeneration == visited.generation
            ? buffer.sourceSlots[offset] : -1)
      }
      expandedPrefix = source + 1
      // Merged in state order whatever the thread count: the same state stops the search.
      if options.stopAtFirstViolation && violationCount > 0 {
        stopReason = .firstViolation
        return
      }
      if options.stopsWhenEveryPropertyIsDecided && everyPropertyIsDecided {
        stopReason = .everyPropertyDecided
        return
      }
    }
  }

  /// Ends the recorded successors of `source`, which is merged and whose fingerprint is
  /// `fingerprint`: a state known to reach a `canReach` target (it is one, or has a
  /// successor known to reach it, or has successors beyond the depth bound) is marked as
  /// reaching it, in `targets` and in the visited set; one known to reach every target
  /// keeps no edges, the others stay open in the graph.
  ///
  /// Marks are exact: a state is marked only when it reaches the target, so the check at the
  /// end finds the same states reaching as it would on the whole graph, where the marked ones
  /// are targets. The visited set keeps eight marks: with more `canReach` properties, the
  /// states reach the others only by being targets, and more of them stay open.
  /// `successorMarks` are the successors' marks combined; `successors` their fingerprints
  /// (those beyond the depth bound included: a state that has one is never left open);
  /// `visitedSlot` the source's in the visited set, when known (else -1).
  @inlinable mutating func closeEdges(
    of source: Int, fingerprint: UInt64, successorMarks: UInt8, successors: ArraySlice<UInt64>,
    visitedSlot: Int
  ) {
    var reachesAll = true
    var marks: UInt8 = 0
    let beyondBound = unknownSuccessors.contains(source)
    for slot in targets.indices {
      let viaSuccessor = slot < 8 && successorMarks & (1 << UInt8(slot)) != 0
      if beyondBound || viaSuccessor || targets[slot].contains(source) {
        targets[slot].insert(source)
        if slot < 8 { marks |= 1 << UInt8(slot) }
      } else {
        reachesAll = false
      }
    }
    if marks != 0 {
      if visitedSlot >= 0 {
        #if FLOWCHECK_INTERNAL_CHECKS
          // A slot from before the set moved would mark another state as reaching.
          precondition(visited.holds(fingerprint, atSlot: visitedSlot), "a source's slot is stale")
        #endif
        visited.addMarks(marks, atSlot: visitedSlot)
      } else {
        visited.addMarks(marks, to: fingerprint)
      }
    }
    graph.close(source, fingerprint: fingerprint, isOpen: !reachesAll, successors: successors)
  }

  /// Whether every property is violated or, `sometimes`, witnessed, with no `canReach`
  /// property (decided only on the whole graph).
  @inlinable var everyPropertyIsDecided: Bool {
    plan.canReachProperties.isEmpty && violationCount + witnessCount == plan.names.count
  }

  /// Records that `property` is broken at `site`, a place in the model (``ViolationCode``;
  /// 0 for none): the first violation of a property, and the first at each other site.
  /// Merged in state order, so the first at a site has a shortest trace to it.
  @inlinable mutating func recordViolation(_ property: Int, _ site: Site, at key: Int = 0) {
    guard violationSites[property] == nil else {
      if violationSiteKeys[property].insert(key).inserted {
        otherViolationSites[property].append((key, site))
      }
      return
    }
    violationSites[property] = site
    violationSiteKeys[property].insert(key)
    violationCount += 1
  }

  /// Stops on a stop request and on the time and memory limits; memory is read at most
  /// every 20 ms. Under an address-space limit, headroom is probed each time
  /// (`MemoryReserve.checkHeadroom()`).
  @inlinable mutating func checkResources() {
    if let stop = options.stopRequest, stop.requested != 0 { stopReason = stopReason ?? .interrupted }
    MemoryReserve.checkHeadroom()
    if reserve?.exhausted ?? false { stopReason = stopReason ?? .outOfMemory }
    let now = ResourceUsage.nanoseconds()
    if let maxSeconds = options.maxSeconds, Double(now - startTime) / 1e9 > maxSeconds {
      stopReason = stopReason ?? .time
    }
    if let maxMemory = options.maxMemoryBytes, lastMemoryCheck == 0 || now - lastMemoryCheck > 20_000_000 {
      lastMemoryCheck = now
      if ResourceUsage.peakResidentBytes() > maxMemory { stopReason = stopReason ?? .memory }
    }
    if let progress = options.progress, now - lastProgress >= progress.interval {
      lastProgress = now
      progress.observe(
        ExplorationProgress(
          states: stateCount, depth: max(0, levelSizes.count - 1), elapsedNanoseconds: now - startTime,
          peakResidentBytes: ResourceUsage.peakResidentBytes()))
    }
  }
}

/// The visited set as the expanding threads see it: they only call
/// ``VisitedSet/findConcurrently(_:slots:marks:)`` on it, which the set allows while the
/// merging thread inserts (``VisitedSet/allowsConcurrentLookup``), and the merging thread
/// grows it only while no chunk is being expanded (``ChunkPipeline/pauseExpansions()``).
@usableFromInline struct SharedVisitedSet<Visited: VisitedSet>: @unchecked Sendable {
  @usableFromInline let set: Visited

  @inlinable init(set: Visited) { self.set = set }
}
