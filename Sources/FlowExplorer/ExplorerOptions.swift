/// Bounds and settings of one exhaustive exploration.
///
/// Hitting any limit ends the search with ``Completion/incomplete(reason:)``, never with
/// ``Completion/complete``: a bounded search is not a proof.
public struct ExplorerOptions: Sendable, Equatable {
  /// Largest number of actions in a trace. States deeper than this are not stored; if any
  /// state at this depth has a successor that was not seen, the result is incomplete.
  public var maxDepth: Int?
  /// Largest number of distinct states stored.
  public var maxStates: Int?
  /// Wall-clock budget, checked between small batches of states.
  public var maxSeconds: Double?
  /// Peak resident memory of the process (Linux: `VmHWM` of `/proc/self/status`).
  public var maxMemoryBytes: Int?
  /// Worker threads. Any value gives the same counts and traces; only speed differs.
  public var threads: Int
  /// End at the first violation found (still a shortest trace) instead of finding the
  /// shortest trace of every property.
  public var stopAtFirstViolation: Bool
  /// End once every property is decided: each `always`, `step` and `deadlockFree` violated
  /// and each `sometimes` witnessed, when no `canReach` property waits for the whole graph.
  /// More states could then change no verdict, only the counts.
  public var stopsWhenEveryPropertyIsDecided = false
  /// Replace the exact visited table by a SPIN-style bitstate array (supertrace): much less
  /// memory per state, but states may be missed. `nil` means exact.
  public var bitstate: Bitstate?
  /// Polled with the time limit: once requested, the search ends incomplete.
  public var stopRequest: StopRequest?
  /// Told the search's progress where the time limit is checked; nil for none.
  public var progress: ProgressObserver<ExplorationProgress>?

  /// Settings of bitstate (supertrace) hashing.
  public struct Bitstate: Sendable, Equatable {
    /// The bit array holds `2^log2Bits` bits (`2^log2Bits / 8` bytes); 10...40.
    public var log2Bits: Int
    /// Bits set per state, each from a different hash of the fingerprint; 1...4.
    public var hashCount: Int
    /// Diversifies the search, as SPIN's swarm does (`flowcheck check --swarm K/N`). 0, the
    /// default, is the plain bitstate search. Any other seed (1) mixes the fingerprint with
    /// the seed before its bits are taken, so different seeds lose different states to bit
    /// collisions, and (2) changes the order in which each state's new successors enter the
    /// visited set and the next level: a rotation by a seed- and state-dependent offset,
    /// reversed for about half the states. The search stays breadth-first, so a violation's
    /// trace is still a shortest one among the states this search visited.
    public var seed: UInt64

    /// Creates bitstate settings; SPIN's default is 3 hash functions.
    public init(log2Bits: Int = 30, hashCount: Int = 3, seed: UInt64 = 0) {
      precondition((10...40).contains(log2Bits), "bitstate 'log2Bits' must be in 10...40")
      precondition((1...4).contains(hashCount), "bitstate 'hashCount' must be in 1...4")
      self.log2Bits = log2Bits
      self.hashCount = hashCount
      self.seed = seed
    }
  }

  /// Creates options; by default nothing is bounded and one thread works.
  public init(
    maxDepth: Int? = nil,
    maxStates: Int? = nil,
    maxSeconds: Double? = nil,
    maxMemoryBytes: Int? = nil,
    threads: Int = 1,
    stopAtFirstViolation: Bool = false,
    bitstate: Bitstate? = nil
  ) {
    precondition(threads >= 1, "'threads' must be at least 1")
    precondition((maxDepth ?? 0) >= 0, "'maxDepth' must not be negative")
    precondition((maxStates ?? 0) >= 0, "'maxStates' must not be negative")
    self.maxDepth = maxDepth
    self.maxStates = maxStates
    self.maxSeconds = maxSeconds
    self.maxMemoryBytes = maxMemoryBytes
    self.threads = threads
    self.stopAtFirstViolation = stopAtFirstViolation
    self.bitstate = bitstate
  }
}
