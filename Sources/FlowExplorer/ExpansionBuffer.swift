/// What one worker computed for a chunk of the frontier, waiting to be merged.
///
/// Workers never touch the visited set: they expand states (properties, actions, successors,
/// fingerprints) into a buffer, and the merge reads the buffers in chunk order, so states
/// are numbered exactly as a single thread numbers them.
///
/// `@unchecked Sendable`: each buffer is written by exactly one worker during
/// `concurrentPerform` and read by the merging thread only after `concurrentPerform`
/// returns, which orders the accesses; buffers are never touched by two threads at once.
/// A class, so a worker fills its buffer in place and the storage is reused across chunks.
final class ExpansionBuffer<System: TransitionSystem>: @unchecked Sendable {
  /// What happened to one expanded state; `…End` fields are cumulative positions in the
  /// record arrays, so a source's records are `previous.end..<end`.
  struct Source {
    var successorEnd: Int32
    var hitEnd: Int32
    var stepEnd: Int32
    var cuts: Int32
    var flags: UInt8

    static var terminal: UInt8 { 1 }
    static var deadlock: UInt8 { 2 }
  }

  /// A step property broken by the action at position `action` of its source.
  struct StepHit {
    var action: UInt32
    var property: Int32
  }

  var sources: [Source] = []
  var successors: [System.State] = []
  var fingerprints: [UInt64] = []
  var actionIndices: [UInt32] = []
  var hits: [Int32] = []
  var stepHits: [StepHit] = []
  /// Scratch for `actions(in:into:)`.
  var actions: [System.Action] = []
  /// Scratch for `successor(of:via:violations:)`.
  var stepScratch: [Int] = []

  /// Empties the buffer, keeping its storage.
  func reset() {
    sources.removeAll(keepingCapacity: true)
    successors.removeAll(keepingCapacity: true)
    fingerprints.removeAll(keepingCapacity: true)
    actionIndices.removeAll(keepingCapacity: true)
    hits.removeAll(keepingCapacity: true)
    stepHits.removeAll(keepingCapacity: true)
  }

  /// Expands `frontier[range]` into this (reset) buffer: evaluates `checks` on each state,
  /// then, unless it is terminal, computes every enabled action's successor and fingerprint.
  /// - Complexity: O(states × actions) calls into `system`; no allocation once warm.
  func expand(
    _ range: Range<Int>,
    of frontier: [System.State],
    in system: System,
    checks: [PropertyPlan<System.State>.StateCheck]
  ) {
    for position in range {
      let state = frontier[position]
      for check in checks where check.isHit(state) {
        hits.append(check.property)
      }
      var flags: UInt8 = 0
      var cuts: Int32 = 0
      if system.isTerminal(state) {
        flags = Source.terminal
      } else {
        actions.removeAll(keepingCapacity: true)
        system.actions(in: state, into: &actions)
        if actions.isEmpty { flags = Source.deadlock }
        precondition(actions.count <= Int(UInt16.max) + 1, "more than 65536 actions in one state")
        for index in actions.indices {
          stepScratch.removeAll(keepingCapacity: true)
          let next = system.successor(of: state, via: actions[index], violations: &stepScratch)
          for property in stepScratch {
            stepHits.append(StepHit(action: UInt32(index), property: Int32(property)))
          }
          if let next {
            fingerprints.append(system.fingerprint(of: next))
            successors.append(next)
            actionIndices.append(UInt32(index))
          } else {
            cuts += 1
          }
        }
      }
      sources.append(
        Source(
          successorEnd: Int32(successors.count), hitEnd: Int32(hits.count),
          stepEnd: Int32(stepHits.count), cuts: cuts, flags: flags))
    }
  }
}
