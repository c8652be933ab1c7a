/// What the flag words of a packed state say, bit by bit: `FlowState`'s packing writes them,
/// its unpacking and the explorer's queries on packed states (`FlowSystem.isTerminal(_:)`)
/// read them, all from here.
///
/// A packed state is, in words: the state's flags (`StateFlags`), the number of globals and
/// their values, the number of objects and each object (a kind tag, `ObjectFlags`, then the
/// links the flags say are set), the window's root, the deferred navigation calls when the
/// flags say so, the number of coordinators and each one (`CoordinatorHead`, the runtime's
/// fields, its locals), the app coordinator, the pending completions and the runtime's
/// app-wide state. `PackedEncoding.variables(in:)` relies on the globals coming second and
/// on the flags word taking one byte (below 255: bits 0 to 7 at most).
enum PackedLayout {
  /// The first word of a packed state.
  struct StateFlags: OptionSet {
    let rawValue: Int

    static let crashed = StateFlags(rawValue: 1)
    /// Kept beyond a declared bound (its trace is kept, it is not expanded).
    static let beyondBounds = StateFlags(rawValue: 2)
    /// Navigation calls deferred by a push or pop in flight follow the window's root.
    static let deferredNavigations = StateFlags(rawValue: 4)
    /// Reached by a step that broke a property (set only when not exploring past violations).
    static let afterViolation = StateFlags(rawValue: 8)

    /// What ends the search at a state whatever its analysis says.
    static let terminal: StateFlags = [.crashed, .beyondBounds, .afterViolation]
  }

  /// An object's word after its kind tag: its presentation style and modal transition, and
  /// which of its links follow (in this order: children, selected index for a tab bar
  /// controller, presented, delegate, associated coordinator, owner, transition's origin).
  struct ObjectFlags: OptionSet {
    let rawValue: Int

    static let modalInPresentation = ObjectFlags(rawValue: 1 << 2)
    static let hasChildren = ObjectFlags(rawValue: 1 << 3)
    static let hasPresented = ObjectFlags(rawValue: 1 << 4)
    static let hasDelegate = ObjectFlags(rawValue: 1 << 5)
    static let hasAssociatedCoordinator = ObjectFlags(rawValue: 1 << 6)
    static let hasOwner = ObjectFlags(rawValue: 1 << 7)
    static let hasNavigationTransitionFrom = ObjectFlags(rawValue: 1 << 10)

    init(rawValue: Int) { self.rawValue = rawValue }

    /// The style (`PresentationStyle.packedIndex`, two bits) and the modal transition's raw
    /// value (two bits, from bit 8), no link.
    init(styleIndex: Int, modalTransition: Int) {
      rawValue = styleIndex | modalTransition << 8
    }

    var styleIndex: Int { rawValue & 3 }
    var modalTransition: Int { rawValue >> 8 & 3 }

    /// These flags, with `flag` too when `condition` holds.
    @inline(__always) func adding(_ flag: ObjectFlags, if condition: Bool) -> ObjectFlags {
      condition ? union(flag) : self
    }
  }

  /// An object's kind tag, its first word: 0 a navigation controller, 1 a tab bar
  /// controller, 2 + n the flow's screen n.
  static func kindTag(_ kind: UIKitObjectKind) -> Int {
    switch kind {
    case .navigationController: 0
    case .tabBarController: 1
    case .screen(let screen): 2 + screen
    }
  }

  static func kind(tag: Int) -> UIKitObjectKind {
    tag == 0 ? .navigationController : tag == 1 ? .tabBarController : .screen(tag - 2)
  }

  /// A coordinator's first word: its declaration, whether it was on screen, whether locals
  /// follow its runtime's fields.
  struct CoordinatorHead {
    let rawValue: Int

    /// Declarations a head can hold.
    static var declarationLimit: Int { 1 << 14 }

    init(rawValue: Int) { self.rawValue = rawValue }

    init(declaration: Int, wasOnScreen: Bool, hasLocals: Bool) {
      rawValue = declaration &<< 2 | (wasOnScreen ? 2 : 0) | (hasLocals ? 1 : 0)
    }

    var declaration: Int { rawValue >> 2 }
    var wasOnScreen: Bool { rawValue & 2 != 0 }
    var hasLocals: Bool { rawValue & 1 != 0 }
  }
}
