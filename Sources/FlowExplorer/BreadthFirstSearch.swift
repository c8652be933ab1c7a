import Dispatch

/// One exhaustive breadth-first exploration (see ``Explorer``).
///
/// Memory per stored state: its fingerprint in the visited set, a parent index (`UInt32`)
/// and an action index (`UInt16`) in dense arrays. Full states live only in the two
/// frontier arrays (`current` level and `next` level). With a `canReach` property, also
/// the successor indices of each expanded state (`UInt32` per transition) and a target bit.
struct BreadthFirstSearch<System: TransitionSystem, Visited: VisitedSet> {
  typealias State = System.State
  typealias Buffer = ExpansionBuffer<System>

  /// Where a property was first broken (or a `sometimes` first witnessed): a state, and for
  /// a step property the action taken from it.
  struct Site {
    var state: Int
    var action: Int?
  }

  /// Parent of an initial state.
  static var rootParent: UInt32 { UInt32.max }

  let system: System
  let options: ExplorerOptions
  let plan: PropertyPlan<State>
  let visited: Visited
  let recordsGraph: Bool
  let startTime: UInt64

  // Stored states, numbered in BFS order.
  var initialStates: [State] = []
  /// For each distinct initial state (states `0..<roots.count`): its position in `initialStates`.
  var roots: [Int] = []
  var parents: [UInt32] = []
  var actionIndices: [UInt16] = []
  var stateCount = 0

  // The frontier: the full states of the level being expanded and of the next one.
  var current: [State] = []
  var next: [State] = []
  var levelSizes: [Int] = []

  // Counters.
  var transitions = 0
  var cutTransitions = 0
  var terminalStates = 0
  /// States `0..<expandedPrefix` were fully expanded and merged.
  var expandedPrefix = 0

  // Findings, per property index.
  var violationSites: [Site?]
  var witnessSites: [Int?]
  var violationCount = 0

  // The graph, only when `recordsGraph`: successors of expanded state `i` are
  // `edges[edgeEnds[i - 1]..<edgeEnds[i]]`.
  var edges: [UInt32] = []
  var edgeEnds: [UInt32] = []
  var targets: [Bitset]
  /// States with a successor beyond the depth bound: they might reach a target.
  var unknownSuccessors = Bitset()

  var stopReason: LimitReason?
  var sawStatesBeyondDepth = false
  var lastMemoryCheck: UInt64 = 0

  init(system: System, options: ExplorerOptions, plan: PropertyPlan<State>, visited: Visited) {
    self.system = system
    self.options = options
    self.plan = plan
    self.visited = visited
    recordsGraph = plan.needsGraph && visited.keepsIndices
    startTime = ResourceUsage.nanoseconds()
    violationSites = Array(repeating: nil, count: plan.names.count)
    witnessSites = Array(repeating: nil, count: plan.names.count)
    targets = Array(repeating: Bitset(), count: plan.canReachProperties.count)
  }

  // MARK: - Search

  /// Runs the search to the end or to a limit.
  mutating func run() -> ExplorationResult<System.Action> {
    seedInitialStates()
    let buffers = (0..<options.threads * Self.chunksPerWorker).map { _ in Buffer() }
    var levelStart = 0
    var depth = 0
    while !current.isEmpty && stopReason == nil {
      let atBound = options.maxDepth.map { depth >= $0 } ?? false
      expandLevel(startingAt: levelStart, atDepthBound: atBound, buffers: buffers)
      if stopReason != nil { break }
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
    current = []
    next = []
    return result()
  }

  /// Stores the distinct initial states as states `0..<roots.count` (depth 0).
  mutating func seedInitialStates() {
    initialStates = system.initialStates()
    for (position, state) in initialStates.enumerated() {
      let fingerprint = system.fingerprint(of: state)
      if let maxStates = options.maxStates, stateCount == maxStates {
        if visited.find(fingerprint) == nil { stopReason = .states }
        continue
      }
      guard visited.insert(fingerprint, index: UInt32(stateCount)).isNew else { continue }
      roots.append(position)
      parents.append(Self.rootParent)
      actionIndices.append(0)
      current.append(state)
      stateCount += 1
    }
    levelSizes.append(current.count)
    if stopReason != nil { current = [] }
  }

  static var chunksPerWorker: Int { 4 }

  /// Expands the level in `current`, whose states are numbered from `levelStart`, merging
  /// successors into `next`. Below ``chunksPerWorker``·threads·64 states or with one thread
  /// the calling thread does everything; otherwise batches of chunks are expanded by
  /// `threads` workers and merged in chunk order.
  mutating func expandLevel(startingAt levelStart: Int, atDepthBound: Bool, buffers: [Buffer]) {
    let frontier = current
    let count = frontier.count
    let checks = activeChecks()
    let threads = options.threads
    let parallel = threads > 1 && count >= threads * Self.chunksPerWorker * 64
    let chunk = parallel ? min(1024, max(64, count / (threads * Self.chunksPerWorker * 4))) : 256
    var position = 0
    while position < count && stopReason == nil {
      if !parallel {
        let range = position..<min(count, position + chunk)
        let buffer = buffers[0]
        buffer.reset()
        buffer.expand(range, of: frontier, in: system, checks: checks)
        merge(buffer, firstState: levelStart + range.lowerBound, atDepthBound: atDepthBound)
        position = range.upperBound
      } else {
        var ranges: [Range<Int>] = []
        while ranges.count < buffers.count && position < count {
          ranges.append(position..<min(count, position + chunk))
          position = ranges[ranges.count - 1].upperBound
        }
        let batch = buffers
        let batchRanges = ranges
        let system = self.system
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
          var index = worker
          while index < batchRanges.count {
            batch[index].reset()
            batch[index].expand(batchRanges[index], of: frontier, in: system, checks: checks)
            index += threads
          }
        }
        for (index, range) in ranges.enumerated() where stopReason == nil {
          merge(batch[index], firstState: levelStart + range.lowerBound, atDepthBound: atDepthBound)
        }
      }
      checkResources()
    }
  }

  /// The state predicates still worth evaluating: `always` properties not yet broken,
  /// `sometimes` not yet witnessed, and every `canReach` target.
  func activeChecks() -> [PropertyPlan<State>.StateCheck] {
    plan.checks.filter { check in
      let property = Int(check.property)
      switch check.role {
      case .always: return violationSites[property] == nil
      case .sometimes: return witnessSites[property] == nil
      case .target, .none: return true
      }
    }
  }

  /// Merges one expanded chunk, whose first source is state `firstState`, in order: records
  /// findings, counts, inserts new successors into the visited set and `next`.
  /// Stops, between or inside sources, as soon as a limit says so.
  mutating func merge(_ buffer: Buffer, firstState: Int, atDepthBound: Bool) {
    var successor = 0
    var hit = 0
    var step = 0
    for (offset, summary) in buffer.sources.enumerated() {
      let source = firstState + offset
      while hit < Int(summary.hitEnd) {
        let property = Int(buffer.hits[hit])
        hit += 1
        switch plan.roles[property] {
        case .always: recordViolation(property, Site(state: source, action: nil))
        case .sometimes: if witnessSites[property] == nil { witnessSites[property] = source }
        case .target: targets[plan.targetSlot[property]].insert(source)
        case .none: break
        }
      }
      if summary.flags & Buffer.Source.terminal != 0 { terminalStates += 1 }
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
          recordViolation(Int(stepHit.property), Site(state: source, action: Int(stepHit.action)))
        }
      }
      cutTransitions += Int(summary.cuts)
      while successor < Int(summary.successorEnd) {
        let fingerprint = buffer.fingerprints[successor]
        if atDepthBound {
          transitions += 1
          if let target = visited.find(fingerprint) {
            if recordsGraph { edges.append(target) }
          } else {
            sawStatesBeyondDepth = true
            if recordsGraph { unknownSuccessors.insert(source) }
          }
        } else {
          precondition(stateCount < Int(UInt32.max), "more than 4294967294 states")
          let inserted = visited.insert(fingerprint, index: UInt32(stateCount))
          if inserted.isNew {
            if let maxStates = options.maxStates, stateCount >= maxStates {
              stopReason = .states
              return
            }
            parents.append(UInt32(source))
            actionIndices.append(UInt16(buffer.actionIndices[successor]))
            next.append(buffer.successors[successor])
            stateCount += 1
          }
          transitions += 1
          if recordsGraph { edges.append(inserted.index) }
        }
        successor += 1
      }
      if recordsGraph { edgeEnds.append(UInt32(edges.count)) }
      expandedPrefix = source + 1
      if options.stopAtFirstViolation && violationCount > 0 {
        stopReason = .firstViolation
        return
      }
    }
  }

  mutating func recordViolation(_ property: Int, _ site: Site) {
    guard violationSites[property] == nil else { return }
    violationSites[property] = site
    violationCount += 1
  }

  /// Stops on the time and memory limits; memory is read at most every 20 ms.
  mutating func checkResources() {
    let now = ResourceUsage.nanoseconds()
    if let maxSeconds = options.maxSeconds, Double(now - startTime) / 1e9 > maxSeconds {
      stopReason = stopReason ?? .time
    }
    if let maxMemory = options.maxMemoryBytes, lastMemoryCheck == 0 || now - lastMemoryCheck > 20_000_000 {
      lastMemoryCheck = now
      if ResourceUsage.peakResidentBytes() > maxMemory { stopReason = stopReason ?? .memory }
    }
  }
}
