import FlowLanguage

/// A canonical `FlowState` packed into one array of 16-bit words: what the explorer's
/// frontier holds and what fingerprints are computed on. One heap object per state.
public struct PackedState: Hashable, Sendable {
  public var words: [UInt16]
  /// Bit i set: state invariant i (see `StateInvariant`) fails in this state. Derived from
  /// `words`, so it takes no part in the fingerprint.
  public var failing: UInt64
  /// Truth of each of the flow's own properties, bit per property. Derived too.
  public var holds: UInt64
  /// Whether `failing` and `holds` have been computed (`FlowSystem.prepared(_:)`).
  public var isAnalysed: Bool
  /// The state the words encode, when `FlowSystem.prepared(_:)` has just unpacked it, so
  /// that `expand` does not unpack it again. Derived, and never stored in the frontier.
  public var unpacked: FlowState?

  public init(words: [UInt16], failing: UInt64 = 0, holds: UInt64 = 0, isAnalysed: Bool = true) {
    self.words = words
    self.failing = failing
    self.holds = holds
    self.isAnalysed = isAnalysed
  }

  public static func == (lhs: PackedState, rhs: PackedState) -> Bool { lhs.words == rhs.words }
  public func hash(into hasher: inout Hasher) { hasher.combine(words) }
}

/// Packing and unpacking. Optional ids are stored plus one (0 is nil); signed values as
/// their 16-bit pattern. An object's reverse links (`container`, `presenting`) are not
/// stored: they follow from the forward ones (`children`, `presented`), which every `World`
/// operation keeps consistent with them (`World.checkInvariants()`), and unpacking sets them
/// again; `selectedIndex` is stored for tab bar controllers only (it is 0 for the others).
/// A state is about a quarter fewer words, to write, hash, store and read.
extension FlowState {
  public func packed() -> [UInt16] {
    var bytes: [UInt8] = []
    pack(as: nil, markedOnScreen: nil, beyondBounds: beyondBounds, into: &bytes)
    return bytes.withUnsafeBufferPointer(PackedEncoding.decode)
  }

  /// Replaces `bytes` by the words of the canonical form that `numbering` describes (the
  /// state itself when nil) in `PackedEncoding`, written straight from this state: links are
  /// renumbered and links to dropped instances cleared as they are written, so no renumbered
  /// copy is built. Coordinators in `markedOnScreen` (old numbers) are written as
  /// `wasOnScreen`. `bytes` keeps its storage: the explorer packs every successor into the
  /// same buffer, then hashes and stores those bytes as they are.
  func pack(
    as numbering: CanonicalNumbering?, markedOnScreen: CoordinatorMarks?, beyondBounds: Bool,
    into bytes: inout [UInt8]
  ) {
    let objectCount = numbering?.objects.count ?? world.objects.count
    let coordinatorCount = numbering?.coordinators.count ?? coordinators.count
    func oldObject(_ position: Int) -> Int { numbering?.objects.order[position] ?? position }
    func oldCoordinator(_ position: Int) -> Int { numbering?.coordinators.order[position] ?? position }
    func newObject(_ old: Int) -> Int? { numbering == nil ? old : numbering!.objects[old] }
    func newCoordinator(_ old: Int) -> Int? { numbering == nil ? old : numbering!.coordinators[old] }
    var pending = self.pending
    if let numbering, !pending.isEmpty {
      pending = numbering.sortedPending.compactMap { entry in
        numbering.coordinators[entry.coordinator].map { PendingCompletion(task: entry.task, coordinator: $0) }
      }.sorted()
    }

    var size = 8 + globals.count + 2 * pending.count
    for position in 0..<objectCount { size += 8 + world.objects[oldObject(position)].children.count }
    for position in 0..<coordinatorCount {
      let c = oldCoordinator(position)
      size += 8 + coordinators[c].children.count + coordinators[c].shadow.count + coordinators[c].locals.count
    }
    // Written through a pointer into storage of the right size: appending word by word,
    // with a capacity check each time, was a tenth of the search.
    size *= PackedEncoding.maximumBytesPerWord
    bytes.removeAll(keepingCapacity: true)
    bytes.append(contentsOf: repeatElement(0, count: size))
    let written = bytes.withUnsafeMutableBufferPointer { buffer in
      var i = 0
      func put(_ value: Int) {
        let word = UInt16(truncatingIfNeeded: value)
        if word < 255 {
          buffer[i] = UInt8(word)
          i += 1
        } else {
          buffer[i] = 255
          buffer[i + 1] = UInt8(truncatingIfNeeded: word)
          buffer[i + 2] = UInt8(truncatingIfNeeded: word >> 8)
          i += 3
        }
      }
      func put(optional value: Int?) { put(value.map { $0 + 1 } ?? 0) }
      func put(list: some Collection<Int>) {
        put(list.count)
        for value in list { put(value) }
      }
      /// A list of ids renumbered by `renumber`, dropping those it maps to nil. Its count,
      /// written last, is one byte: an `IDList` holds fewer than 255.
      func put(list: IDList, _ renumber: (Int) -> Int?) {
        let start = i
        put(0)
        var kept = 0
        for value in list {
          guard let new = renumber(value) else { continue }
          put(new)
          kept += 1
        }
        buffer[start] = UInt8(kept)
      }
      put((crashed ? 1 : 0) | (beyondBounds ? 2 : 0))
      put(list: globals)
      put(objectCount)
      for position in 0..<objectCount {
        let id = oldObject(position)
        let object = world.objects[id]
        switch object.kind {
        case .navigationController: put(0)
        case .tabBarController: put(1)
        case .screen(let screen): put(2 + screen)
        }
        put(object.style.packedIndex | (object.modalInPresentation ? 8 : 0))
        put(list: object.children, newObject)
        if object.isTabBarController { put(object.selectedIndex) }
        put(optional: object.presented.flatMap(newObject))
        put(optional: object.delegate.flatMap(newCoordinator))
        put(optional: object.parentCoordinator.flatMap(newCoordinator))
        put(optional: owners[id].flatMap(newCoordinator))
      }
      put(optional: world.windowRoot.flatMap(newObject))
      put(coordinatorCount)
      for position in 0..<coordinatorCount {
        let old = oldCoordinator(position)
        let c = coordinators[old]
        let wasOnScreen = c.wasOnScreen || markedOnScreen?[old] == true
        put(c.declaration)
        put(optional: c.parent.flatMap(newCoordinator))
        put(list: c.children, newCoordinator)
        put(newObject(c.root)!)
        put(list: c.shadow, newObject)
        put((c.isStarted ? 1 : 0) | (wasOnScreen ? 2 : 0) | (min(c.finishNotices, 3) << 2))
        put(list: c.locals)
      }
      put(optional: appCoordinator.flatMap(newCoordinator))
      put(pending.count)
      for entry in pending {
        put(entry.task)
        put(entry.coordinator)
      }
      precondition(i <= size, "packed state larger than computed")
      return i
    }
    bytes.removeLast(size - written)
  }

  public init(packed w: [UInt16]) {
    var i = 0
    func take() -> Int {
      defer { i += 1 }
      return Int(w[i])
    }
    func signed() -> Int { Int(Int16(bitPattern: UInt16(take()))) }
    func optional() -> Int? {
      let value = take()
      return value == 0 ? nil : value - 1
    }
    func list() -> IDList {
      let count = take()
      var values = IDList()
      for _ in 0..<count { values.append(take()) }
      return values
    }
    func signedList() -> [Int] {
      let count = take()
      return (0..<count).map { _ in signed() }
    }
    func locals() -> LocalValues {
      let count = take()
      var values = LocalValues()
      for _ in 0..<count { values.append(signed()) }
      return values
    }
    let flags = take()
    self.init(globals: signedList())
    self.crashed = flags & 1 != 0
    self.beyondBounds = flags & 2 != 0
    let objectCount = take()
    world.objects.reserveCapacity(objectCount)
    owners.reserveCapacity(objectCount)
    for _ in 0..<objectCount {
      let tag = take()
      let kind: UIKitObjectKind =
        tag == 0 ? .navigationController : tag == 1 ? .tabBarController : .screen(tag - 2)
      let styleBits = take()
      var object = UIKitObject(
        kind: kind, style: PresentationStyle(packedIndex: styleBits & 7),
        modalInPresentation: styleBits & 8 != 0)
      object.children = list()
      if object.isTabBarController { object.selectedIndex = take() }
      object.presented = optional()
      object.delegate = optional()
      object.parentCoordinator = optional()
      world.objects.append(object)
      owners.append(optional())
    }
    // The reverse links, from the forward ones.
    for id in world.objects.indices {
      for child in world.objects[id].children { world.objects[child].container = id }
      if let presented = world.objects[id].presented { world.objects[presented].presenting = id }
    }
    world.windowRoot = optional()
    let coordinatorCount = take()
    coordinators.reserveCapacity(coordinatorCount)
    for _ in 0..<coordinatorCount {
      let declaration = take()
      let parent = optional()
      let children = list()
      let root = take()
      var instance = CoordinatorInstance(declaration: declaration, root: root, locals: LocalValues())
      instance.parent = parent
      instance.children = children
      instance.shadow = list()
      let flags = take()
      instance.isStarted = flags & 1 != 0
      instance.wasOnScreen = flags & 2 != 0
      instance.finishNotices = flags >> 2
      instance.locals = locals()
      coordinators.append(instance)
    }
    appCoordinator = optional()
    let pendingCount = take()
    for _ in 0..<pendingCount {
      let task = take()
      pending.append(PendingCompletion(task: task, coordinator: take()))
    }
  }
}

extension PresentationStyle {
  /// The style's number in a packed state (`allCases` would build an array per use).
  var packedIndex: Int {
    switch self {
    case .pageSheet: 0
    case .formSheet: 1
    case .fullScreen: 2
    case .overFullScreen: 3
    }
  }

  init(packedIndex: Int) {
    switch packedIndex {
    case 0: self = .pageSheet
    case 1: self = .formSheet
    case 2: self = .fullScreen
    default: self = .overFullScreen
    }
  }
}
