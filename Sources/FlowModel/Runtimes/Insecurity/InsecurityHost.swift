import FlowLanguage

/// How far Insecurity got with one entry of its host's stack (`FrameState`).
public enum EntryState: Int, Sendable, BitwiseCopyable {
  /// Started, not finalized.
  case live = 0
  /// `finish(r)` or `dismiss()` was called (`finishedByCompletion`).
  case finished = 1
  /// Its presented controller's `parentModalViewController` became nil (`finishedByKVO`):
  /// a swipe-down.
  case kvo = 2
  /// Its controller was deallocated (`finishedByDeinit`): a pop.
  case deinitialized = 3
}

/// What one entry of the host's stack is.
public enum EntryKind: Int, Sendable, BitwiseCopyable {
  /// A frame of a coordinator presented modally: `vc` is its view controller.
  case modalFrame = 0
  /// A frame of a coordinator presented in a new navigation controller: `vc` is the
  /// navigation controller, `root` the coordinator's view controller at its bottom.
  case navigationFrame = 1
  /// The placeholder frame (`RootNavigationCrutchCoordinator`) the host makes for pushes on
  /// a navigation root: no coordinator; `vc` and `root` are the window's navigation
  /// controller and its first view controller.
  case rootNavigationFrame = 2
  /// A coordinator pushed onto the navigation controller of the frame it belongs to (the
  /// nearest frame below it): `vc` is its view controller.
  case pushed = 3
}

/// One entry of the host's stack: a frame, or a pushed child of the frame before it.
public struct HostEntry: Hashable, Sendable {
  public var kind: EntryKind
  public var state: EntryState
  /// The coordinator, held strongly (nil for the root navigation frame).
  public var coordinator: CoordinatorID?
  /// Weak `viewController`: the controller the host observes.
  public var vc: ObjectID?
  /// Weak `previousViewController`: the presenter of a frame, the controller below a pushed
  /// child (popped to when it finishes).
  public var prev: ObjectID?
  /// Weak `rootController` of a navigation frame.
  public var root: ObjectID?
  /// The coordinator whose completion block receives the result (held strongly by the
  /// completion), and the block (`CheckedFlow.completionBlocks`); nil for a start without one.
  public var parent: CoordinatorID?
  public var completion: Int?

  /// A frame, as opposed to a pushed child.
  public var isFrame: Bool { kind != .pushed }
  /// A frame whose entries above it may be pushed children.
  public var hasNavigation: Bool { kind == .navigationFrame || kind == .rootNavigationFrame }
}

extension HostEntry {
  /// Its kind and state, the coordinator, the three weak controllers, the completion's
  /// parent and block. Links to dropped instances are cleared, as the host's weak
  /// references are.
  mutating func fields(_ fields: inout some FieldVisitor) {
    var kindAndState = kind.rawValue | state.rawValue << 2
    fields.bits(&kindAndState, count: 4)
    kind = EntryKind(rawValue: kindAndState & 3) ?? .modalFrame
    state = EntryState(rawValue: kindAndState >> 2 & 3) ?? .live
    fields.coordinator(&coordinator, .strong)
    fields.object(&vc)
    fields.object(&prev)
    fields.object(&root)
    fields.coordinator(&parent, .strong)
    fields.number(&completion)
  }
}

/// The deferred start in the host's one slot (`_scheduledStartRoutine`): a child already
/// made, waiting for the purge of the batch it was started in.
public struct DeferredStart: Hashable, Sendable, BitwiseCopyable {
  public var child: CoordinatorID
  public var context: StartContext
  public var animated: Bool
  public var parent: CoordinatorID
  public var completion: Int?
}

extension DeferredStart: FieldGroup {
  public init() { self.init(child: -1, context: .standard, animated: false, parent: -1, completion: nil) }

  /// The child and its parent, both required (held by the slot); the context, `animated:`
  /// and the completion block.
  public mutating func fields(_ fields: inout some FieldVisitor) {
    fields.coordinator(&child, .strong)
    fields.coordinator(&parent, .strong)
    var contextIndex = Int(context.index)
    fields.number(&contextIndex)
    context = StartContext(UInt8(truncatingIfNeeded: contextIndex))
    fields.flag(&animated)
    fields.number(&completion)
  }
}

/// The host's `stage`: whether finishes are being batched (the completions of one
/// finalization running) or purged. Always `ready` between steps; not packed.
public enum HostStage: Sendable, BitwiseCopyable {
  case ready, batching, purging
}

/// The animated transitions the host itself started and that are still running: during
/// them UIKit takes no touches, and what the host asks of UIKit then is ignored.
///
/// Without `limits { inflight 1 }` each is the host's own work, and a new one replaces the
/// one before (the end of the replaced one then does nothing). With it, they are UIKit's
/// transitions in flight, each ending with its own end event, so a pop can run during a
/// dismissal and both are kept.
public struct HostTransition: OptionSet, Hashable, Sendable, BitwiseCopyable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let none: HostTransition = []
  /// `popToViewController(prev, animated: true)` of a finished pushed child.
  public static let pop = HostTransition(rawValue: 1)
  /// `prev.dismiss(animated: true)` of a finished frame.
  public static let dismissal = HostTransition(rawValue: 2)
}

/// Insecurity's app-wide state: the `WindowHost` and its current `InsecurityHost`, with the
/// host's one global stack of frames. Plain data: the stack is kept in parallel inline lists
/// (ids stored plus one, 0 for nil), read and written through `HostEntry` values.
public struct InsecurityHost: RuntimeLibraryState {
  /// The window host's current `InsecurityHost` exists and is not killed (`notDead`).
  public var isAlive = false
  /// The host was made with a navigation root (`InsecurityHost(navigation:)`).
  public var rootIsNavigation = false
  /// Weak root: the window child's view controller or navigation controller.
  public var root: ObjectID?
  /// The coordinator the window coordinator started last: its view controller is the
  /// window's root.
  public var windowChild: CoordinatorID?
  /// The host's stage during a step.
  public var stage: HostStage = .ready
  /// The one-slot deferred start.
  public var deferred: DeferredStart?
  /// The 0.25 s timer that runs the deferred start after a pushed child's animated pop.
  public var timerArmed = false
  /// The host's own transition in flight.
  public var transition: HostTransition = .none
  /// Without `limits { inflight 1 }`, the controller the host's dismissal in `transition` was
  /// asked of: the world removed the dismissed chain at once, but until the animation ends
  /// UIKit still reports it as that controller's `presentedViewController`, which
  /// `sendOffNewNavigation` reads (`InsecurityHost.swift:646`). Nil otherwise: with UIKit's
  /// transitions in flight the world keeps the link itself until the dismissal ends.
  public var dismissalPresenter: ObjectID?
  /// Coordinators whose pushed controllers were deallocated by one multi-level pop and whose
  /// deinit observers have not run yet: UIKit frees them in an order the app cannot
  /// control, so each order is its own event.
  public var awaitingDeinit = IDList()
  /// Coordinators whose view controller is alive: its closures (`onDone = { self.finish(…) }`)
  /// hold the coordinator.
  public var heldByScreens = IDList()

  private var kinds = IDList()
  private var coordinatorsOfEntries = IDList()
  private var vcs = IDList()
  private var prevs = IDList()
  private var roots = IDList()
  private var parents = IDList()
  private var completions = IDList()

  public init() {}

  // MARK: The stack

  /// Entries, from the bottom of the global stack to its top.
  public var count: Int { kinds.count }

  public subscript(index: Int) -> HostEntry {
    get {
      let word = kinds[index]
      return HostEntry(
        kind: EntryKind(rawValue: word & 3)!, state: EntryState(rawValue: (word >> 2) & 3)!,
        coordinator: Self.optional(coordinatorsOfEntries[index]), vc: Self.optional(vcs[index]),
        prev: Self.optional(prevs[index]), root: Self.optional(roots[index]),
        parent: Self.optional(parents[index]), completion: Self.optional(completions[index]))
    }
    set {
      kinds[index] = newValue.kind.rawValue | newValue.state.rawValue << 2
      coordinatorsOfEntries[index] = Self.stored(newValue.coordinator)
      vcs[index] = Self.stored(newValue.vc)
      prevs[index] = Self.stored(newValue.prev)
      roots[index] = Self.stored(newValue.root)
      parents[index] = Self.stored(newValue.parent)
      completions[index] = Self.stored(newValue.completion)
    }
  }

  public var entries: [HostEntry] { (0..<count).map { self[$0] } }

  public mutating func append(_ entry: HostEntry) {
    kinds.append(0)
    for list in [\InsecurityHost.coordinatorsOfEntries, \.vcs, \.prevs, \.roots, \.parents, \.completions] {
      self[keyPath: list].append(0)
    }
    self[count - 1] = entry
  }

  /// An entry of zeros (a live modal frame with no links), for unpacking to fill in: the
  /// lists appended to one by one, as key paths would cost an allocation per entry.
  private mutating func appendBlankEntry() {
    kinds.append(0)
    coordinatorsOfEntries.append(0)
    vcs.append(0)
    prevs.append(0)
    roots.append(0)
    parents.append(0)
    completions.append(0)
  }

  /// Keeps the first `n` entries.
  public mutating func truncate(to n: Int) {
    let drop = count - n
    guard drop > 0 else { return }
    kinds.removeLast(drop)
    coordinatorsOfEntries.removeLast(drop)
    vcs.removeLast(drop)
    prevs.removeLast(drop)
    roots.removeLast(drop)
    parents.removeLast(drop)
    completions.removeLast(drop)
  }

  /// The entry of coordinator `c`.
  public func index(of c: CoordinatorID) -> Int? {
    (0..<count).first { coordinatorsOfEntries[$0] == c + 1 }
  }

  /// The index of the frame entry `index` belongs to (itself for a frame).
  public func frame(of index: Int) -> Int {
    var i = index
    while i > 0 && !self[i].isFrame { i -= 1 }
    return i
  }

  /// The top frame's index.
  public var topFrame: Int? { count == 0 ? nil : frame(of: count - 1) }

  /// Sets every weak reference to `vc` to nil: it was deallocated.
  public mutating func forgetObject(_ vc: ObjectID) {
    for list in [\InsecurityHost.vcs, \.prevs, \.roots] {
      for i in 0..<count where self[keyPath: list][i] == vc + 1 { self[keyPath: list][i] = 0 }
    }
    if root == vc { root = nil }
    if dismissalPresenter == vc { dismissalPresenter = nil }
  }

  /// The host is killed or replaced: its stack, slot, timer and transition go with it.
  public mutating func discardHost() {
    isAlive = false
    truncate(to: 0)
    deferred = nil
    timerArmed = false
    transition = .none
    dismissalPresenter = nil
    awaitingDeinit.removeAll()
    root = nil
  }

  private static func optional(_ stored: Int) -> Int? { stored == 0 ? nil : stored - 1 }
  private static func stored(_ id: Int?) -> Int { id.map { $0 + 1 } ?? 0 }

  // MARK: RuntimeReferences

  /// Entries hold their coordinators and their completions' parents; the slot its child
  /// and parent; live view controllers their coordinators. The window child is held by its
  /// view controller, the window's root.
  public var heldCoordinators: IDList {
    var held = IDList()
    for i in 0..<count {
      if coordinatorsOfEntries[i] > 0 { held.append(coordinatorsOfEntries[i] - 1) }
      if parents[i] > 0 { held.append(parents[i] - 1) }
    }
    if let deferred {
      held.append(deferred.child)
      held.append(deferred.parent)
    }
    for c in heldByScreens { held.append(c) }
    for c in awaitingDeinit { held.append(c) }
    if let windowChild { held.append(windowChild) }
    return held
  }

  /// The host holds every view controller weakly.
  public var heldObjects: IDList { IDList() }

  /// What the host stores; `stage` is `ready` between steps, so not stored. The window
  /// child is forgotten when freed. The stack's entries are visited one by one, through
  /// `HostEntry` values.
  public mutating func fields(_ fields: inout some FieldVisitor) {
    fields.flag(&isAlive)
    fields.flag(&rootIsNavigation)
    fields.flag(&timerArmed)
    var running = transition.rawValue
    fields.bits(&running, count: 2)
    if running != transition.rawValue { transition = HostTransition(rawValue: running) }
    fields.object(&root)
    fields.object(&dismissalPresenter)
    fields.coordinator(&windowChild, .weak)
    fields.group(&deferred)
    fields.coordinators(&awaitingDeinit)
    fields.coordinatorSet(&heldByScreens)
    var entryCount = count
    fields.number(&entryCount)
    // Only unpacking changes the count: it starts from an empty stack.
    while count < entryCount { appendBlankEntry() }
    for index in 0..<entryCount {
      let before = self[index]
      var entry = before
      entry.fields(&fields)
      // Written back only when the visitor changed it: packing only reads.
      if entry != before { self[index] = entry }
    }
  }

  /// The host's stack in a trace, one entry a line, bottom first.
  public func describe(
    flow: CheckedFlow, objectName: (ObjectID) -> String, coordinatorName: (CoordinatorID) -> String
  ) -> [String] {
    guard isAlive else { return windowChild == nil ? [] : ["host: killed"] }
    func name(_ id: ObjectID?) -> String { id.map { objectName($0) } ?? "nil" }
    var lines = ["host stack (root \(name(root))):"]
    for entry in entries {
      let who = entry.coordinator.map(coordinatorName) ?? ""
      var line: String
      switch entry.kind {
      case .rootNavigationFrame: line = "  root navigation frame: \(name(entry.vc))"
      case .modalFrame: line = "  frame \(who): \(name(entry.vc)) presented by \(name(entry.prev))"
      case .navigationFrame:
        line = "  frame \(who): \(name(entry.vc)) presented by \(name(entry.prev))"
      case .pushed: line = "    pushed \(who): \(name(entry.vc)), pops back to \(name(entry.prev))"
      }
      if entry.state != .live { line += " [\(entry.state.word)]" }
      lines.append(line)
    }
    if let deferred { lines.append("  deferred start: \(coordinatorName(deferred.child))") }
    if transition != .none {
      let names = [(HostTransition.pop, "pop"), (.dismissal, "dismissal")].filter {
        transition.contains($0.0)
      }
      lines.append("  animating: the host's \(names.map(\.1).joined(separator: " and "))")
    }
    if !awaitingDeinit.isEmpty {
      lines.append("  controllers to free: " + awaitingDeinit.map(coordinatorName).joined(separator: ", "))
    }
    return lines
  }
}

extension EntryState {
  /// The state in a trace.
  public var word: String {
    switch self {
    case .live: "live"
    case .finished: "finished"
    case .kvo: "dismissed (KVO)"
    case .deinitialized: "deallocated"
    }
  }
}
