import FlowLanguage

/// Index of a UIKit object (a view controller) in `World.objects`.
///
/// Ids are never reused within a step; the runtime compacts and renumbers them between steps.
public typealias ObjectID = Int

/// What kind of view controller a `UIKitObject` models.
public enum UIKitObjectKind: Hashable, Sendable, BitwiseCopyable {
  /// A content view controller showing one of the flow's screens (the index of that screen).
  case screen(Int)
  /// A `UINavigationController`: its `children` are `viewControllers`, bottom to top.
  case navigationController
  /// A `UITabBarController`: its `children` are its tabs in order.
  case tabBarController
}

/// One view controller in the world, with the UIKit relations it takes part in.
///
/// Relations are stored on both ends (`container`/`children`, `presenting`/`presented`) and
/// kept consistent by every `World` operation; `World.checkInvariants()` verifies them.
public struct UIKitObject: Hashable, Sendable, BitwiseCopyable {
  public var kind: UIKitObjectKind
  /// `modalPresentationStyle`, used when this controller is presented.
  public var style: PresentationStyle
  /// `isModalInPresentation`: a sheet showing it refuses the swipe-down.
  public var modalInPresentation: Bool
  /// Navigation controller: `viewControllers`, bottom to top. Tab bar controller: tabs in order.
  public var children: IDList
  /// Tab bar controller only: `selectedIndex` (0 while it has no tabs).
  public var selectedIndex: Int {
    get { Int(storedSelectedIndex) }
    set { storedSelectedIndex = Int32(newValue) }
  }
  /// The navigation or tab bar controller this one is a child of (`parent`).
  public var container: ObjectID? {
    get { Self.link(storedContainer) }
    set { storedContainer = Self.stored(newValue) }
  }
  /// `presentedViewController`; only a presentation root (no container) ever has one.
  public var presented: ObjectID? {
    get { Self.link(storedPresented) }
    set { storedPresented = Self.stored(newValue) }
  }
  /// `presentingViewController`, set on the presented controller.
  public var presenting: ObjectID? {
    get { Self.link(storedPresenting) }
    set { storedPresenting = Self.stored(newValue) }
  }
  /// Navigation controller's `delegate`: an opaque id owned by the runtime (weak in UIKit).
  public var delegate: Int? {
    get { Self.link(storedDelegate) }
    set { storedDelegate = Self.stored(newValue) }
  }
  /// One coordinator a runtime may associate with the controller, as an Objective-C
  /// associated object (weak): an opaque id whose meaning belongs to the runtime. The world
  /// only keeps it, renumbers it with the coordinators and clears it when that one is freed.
  public var associatedCoordinator: Int? {
    get { Self.link(storedAssociatedCoordinator) }
    set { storedAssociatedCoordinator = Self.stored(newValue) }
  }

  /// The presentation or dismissal of this controller that is still animating (only with
  /// `limits { inflight 1 }`): from `present(_:animated: true)` or `dismiss(animated: true)`
  /// to the end of the animation (`Gesture.animationEnds`).
  public var modalTransition: ModalTransition? {
    get { ModalTransition(rawValue: storedModalTransition) }
    set { storedModalTransition = newValue?.rawValue ?? 0 }
  }

  /// Navigation controller only: the push or pop of this stack that is still animating
  /// (only with `limits { inflight 1 }`), named by the transition's `from` controller, the
  /// top before it began (the transition coordinator holds it until the end, also when it
  /// was popped). `viewControllers` already has its new value; `didShow` comes with
  /// `Gesture.navigationAnimationEnds`. Nil when no navigation transition animates.
  public var navigationTransitionFrom: ObjectID? {
    get { Self.link(storedNavigationTransitionFrom) }
    set { storedNavigationTransitionFrom = Self.stored(newValue) }
  }

  // Stored as 32-bit values, -1 for nil (ids fit in 16 bits: a packed state stores them so):
  // an `Int?` takes 16 bytes, and every step copies every object of the state.
  private var storedSelectedIndex: Int32 = 0
  private var storedContainer: Int32 = -1
  private var storedPresented: Int32 = -1
  private var storedPresenting: Int32 = -1
  private var storedDelegate: Int32 = -1
  private var storedAssociatedCoordinator: Int32 = -1
  private var storedModalTransition: UInt8 = 0
  private var storedNavigationTransitionFrom: Int32 = -1

  @inline(__always) private static func link(_ stored: Int32) -> Int? { stored < 0 ? nil : Int(stored) }

  // The links as stored, -1 for none: for packing, which renumbers them through maps whose
  // entry -1 is -1 (see `Renumbering`).
  var containerOrMinusOne: Int { Int(storedContainer) }
  var presentingOrMinusOne: Int { Int(storedPresenting) }
  var presentedOrMinusOne: Int { Int(storedPresented) }
  var delegateOrMinusOne: Int { Int(storedDelegate) }
  var associatedCoordinatorOrMinusOne: Int { Int(storedAssociatedCoordinator) }
  var navigationTransitionFromOrMinusOne: Int { Int(storedNavigationTransitionFrom) }
  @inline(__always) private static func stored(_ link: Int?) -> Int32 { link.map { Int32($0) } ?? -1 }

  public init(
    kind: UIKitObjectKind, style: PresentationStyle = .pageSheet, modalInPresentation: Bool = false,
    children: IDList = IDList(), selectedIndex: Int = 0, container: ObjectID? = nil,
    presented: ObjectID? = nil, presenting: ObjectID? = nil, delegate: Int? = nil,
    associatedCoordinator: Int? = nil
  ) {
    self.kind = kind
    self.style = style
    self.modalInPresentation = modalInPresentation
    self.children = children
    self.selectedIndex = selectedIndex
    self.container = container
    self.presented = presented
    self.presenting = presenting
    self.delegate = delegate
    self.associatedCoordinator = associatedCoordinator
  }

  /// True for `UINavigationController`.
  public var isNavigationController: Bool { kind == .navigationController }
  /// True for `UITabBarController`.
  public var isTabBarController: Bool { kind == .tabBarController }
  /// True for controllers that hold children (navigation and tab bar controllers).
  public var isContainer: Bool { !isScreen }
  /// True for a content view controller showing one of the flow's screens.
  public var isScreen: Bool {
    if case .screen = kind { return true }
    return false
  }
  /// The flow's screen index, for a content view controller.
  public var screen: Int? {
    if case .screen(let index) = kind { return index }
    return nil
  }
}

/// A modal transition of one controller that has begun and not ended: UIKit sets
/// `presentedViewController` when `present` is called and clears it when a dismissal's
/// animation is over, and meanwhile `isBeingPresented` or `isBeingDismissed` is true.
public enum ModalTransition: UInt8, Hashable, Sendable, BitwiseCopyable {
  /// Animating in: presented, but the user still sees and touches what it covers.
  case presenting = 1
  /// Animating out: still presented and on screen until the animation ends.
  case dismissing = 2
}
