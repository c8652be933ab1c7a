import FlowLanguage

/// Index of a UIKit object (a view controller) in `World.objects`.
///
/// Ids are never reused within a step; the runtime compacts and renumbers them between steps.
public typealias ObjectID = Int

/// What kind of view controller a `UIKitObject` models.
public enum UIKitObjectKind: Hashable, Sendable {
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
public struct UIKitObject: Hashable, Sendable {
  public var kind: UIKitObjectKind
  /// `modalPresentationStyle`, used when this controller is presented.
  public var style: PresentationStyle
  /// `isModalInPresentation`: a sheet showing it refuses the swipe-down.
  public var modalInPresentation: Bool
  /// Navigation controller: `viewControllers`, bottom to top. Tab bar controller: tabs in order.
  public var children: IDList
  /// Tab bar controller only: `selectedIndex` (0 while it has no tabs).
  public var selectedIndex: Int
  /// The navigation or tab bar controller this one is a child of (`parent`).
  public var container: ObjectID?
  /// `presentedViewController`; only a presentation root (no container) ever has one.
  public var presented: ObjectID?
  /// `presentingViewController`, set on the presented controller.
  public var presenting: ObjectID?
  /// Navigation controller's `delegate`: an opaque id owned by the runtime (weak in UIKit).
  public var delegate: Int?
  /// radianttap's `parentCoordinator` associated object: an opaque id owned by the runtime (weak).
  public var parentCoordinator: Int?

  public init(
    kind: UIKitObjectKind, style: PresentationStyle = .pageSheet, modalInPresentation: Bool = false,
    children: IDList = [], selectedIndex: Int = 0, container: ObjectID? = nil,
    presented: ObjectID? = nil, presenting: ObjectID? = nil, delegate: Int? = nil,
    parentCoordinator: Int? = nil
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
    self.parentCoordinator = parentCoordinator
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
