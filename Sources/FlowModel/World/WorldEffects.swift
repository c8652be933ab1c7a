/// What a world operation or gesture did besides changing the world: the callbacks UIKit
/// delivers, in order, and the UIKit rules the operation broke.
///
/// A runtime passes one `WorldEffects` through every operation of a step and reacts to the
/// callbacks afterwards (or in between, draining `callbacks`).
public struct WorldEffects: Equatable, Sendable {
  /// Callbacks in the order UIKit delivers them.
  public var callbacks: [WorldCallback] = []
  /// UIKit rules broken, in the order they were broken.
  public var brokenRules: [UIKitRuleBreak] = []
  /// The kinds of callback `callbacks` gets; the others are not emitted at all. The world
  /// emits every kind by default; a step asks only for those its coordinator runtime
  /// observes (`CoordinatorRuntime.observedCallbacks`), so that a callback nobody reacts to
  /// is never queued, walked and dropped.
  public var observed: WorldCallback.Kinds = .all
  /// Whether an animated `present` or `dismiss` stays in flight until its animation ends
  /// (`limits { inflight 1 }`) instead of completing at once.
  public var keepsModalTransitionsInFlight = false
  /// Whether an animated push or pop stays in flight until its animation ends (the same
  /// `limits { inflight 1 }`): `didShow` comes then, not within the operation.
  public var keepsNavigationTransitionsInFlight = false
  public init() {}

  /// Whether callbacks of `kind` are emitted.
  @inline(__always) public func observes(_ kind: WorldCallback.Kinds) -> Bool { observed.contains(kind) }

  /// True when a broken rule is a crash in a real app.
  public var crashed: Bool { brokenRules.contains { $0.rule.isCrash } }

  mutating func emit(_ callback: WorldCallback) {
    guard observed.contains(callback.kind) else { return }
    callbacks.append(callback)
  }

  mutating func breakRule(_ rule: UIKitRule, _ detail: String, objects: [ObjectID]) {
    brokenRules.append(UIKitRuleBreak(rule: rule, detail: detail, objects: objects))
  }
}

/// A callback UIKit delivers to app code, for runtimes to observe.
public enum WorldCallback: Hashable, Sendable {
  /// `navigationController(_:willShow:animated:)`; also sent when an interactive pop begins.
  case navigationWillShow(nav: ObjectID, shown: ObjectID, animated: Bool)
  /// `navigationController(_:didShow:animated:)`. `transition` is the transition coordinator:
  /// nil exactly when not animated (UIKit has no `transitionCoordinator` then).
  case navigationDidShow(nav: ObjectID, shown: ObjectID, animated: Bool, transition: TransitionContext?)
  /// `presentationControllerDidAttemptToDismiss(_:)`: a swipe on a modal-in-presentation sheet.
  case presentationDidAttemptToDismiss(ObjectID)
  /// `presentationControllerWillDismiss(_:)`: only for the user's swipe-down.
  case presentationWillDismiss(ObjectID)
  /// `presentationControllerDidDismiss(_:)`: only for the user's swipe-down, never for
  /// programmatic dismissal.
  case presentationDidDismiss(ObjectID)
  /// `tabBarController(_:didSelect:)`: only for the user's taps, also on the selected tab.
  case tabDidSelect(tabBar: ObjectID, selected: ObjectID)
  /// A controller left the window hierarchy (for the runtime's bookkeeping: release, deinit).
  case removedFromHierarchy(ObjectID)
  /// A controller's last strong reference went away: its `deinit` (and the end of every
  /// weak reference and KVO observation of it). The world cannot see the app's references,
  /// so the step emits it (`FlowStep.releaseUnreachableObjects()`), never a world operation.
  case deallocated(ObjectID)

  /// The kinds of callback, as a set a runtime can say it observes.
  public struct Kinds: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public static let navigationWillShow = Kinds(rawValue: 1 << 0)
    public static let navigationDidShow = Kinds(rawValue: 1 << 1)
    public static let presentationDidAttemptToDismiss = Kinds(rawValue: 1 << 2)
    public static let presentationWillDismiss = Kinds(rawValue: 1 << 3)
    public static let presentationDidDismiss = Kinds(rawValue: 1 << 4)
    public static let tabDidSelect = Kinds(rawValue: 1 << 5)
    public static let removedFromHierarchy = Kinds(rawValue: 1 << 6)
    public static let deallocated = Kinds(rawValue: 1 << 7)
    public static let all: Kinds = [
      .navigationWillShow, .navigationDidShow, .presentationDidAttemptToDismiss, .presentationWillDismiss,
      .presentationDidDismiss, .tabDidSelect, .removedFromHierarchy, .deallocated,
    ]
  }

  /// This callback's kind.
  public var kind: Kinds {
    switch self {
    case .navigationWillShow: .navigationWillShow
    case .navigationDidShow: .navigationDidShow
    case .presentationDidAttemptToDismiss: .presentationDidAttemptToDismiss
    case .presentationWillDismiss: .presentationWillDismiss
    case .presentationDidDismiss: .presentationDidDismiss
    case .tabDidSelect: .tabDidSelect
    case .removedFromHierarchy: .removedFromHierarchy
    case .deallocated: .deallocated
    }
  }
}

/// The transition coordinator's view of an animated navigation transition.
public struct TransitionContext: Hashable, Sendable {
  /// `viewController(forKey: .from)`: the top before the transition.
  public var from: ObjectID
  /// `viewController(forKey: .to)`: the top after it.
  public var to: ObjectID
  /// `isInteractive`: true for the swipe-back gesture.
  public var isInteractive: Bool
  public init(from: ObjectID, to: ObjectID, isInteractive: Bool) {
    self.from = from
    self.to = to
    self.isInteractive = isInteractive
  }
}

/// One broken UIKit rule.
public struct UIKitRuleBreak: Hashable, Sendable {
  public var rule: UIKitRule
  /// What happened, naming objects by id as `'#3'`; `detail(naming:)` renders names.
  public var detail: String
  /// The objects filling `rule.consoleTemplate`'s placeholders `{0}`, `{1}`, … in order
  /// (a few carry one more object than the template names, for the runtime's use).
  public var objects: [ObjectID]

  public init(rule: UIKitRule, detail: String, objects: [ObjectID] = []) {
    self.rule = rule
    self.detail = detail
    self.objects = objects
  }

  /// `detail` with every `#<id>` replaced by `name(id)`. An object whose name an object
  /// named before it has too (a second instance of the same screen or coordinator) is told
  /// apart as `the other 'Sheet'`: `present 'Sheet' from the other 'Sheet'`, not
  /// `present 'Sheet' from 'Sheet'`.
  public func detail(naming name: (ObjectID) -> String) -> String {
    var result = ""
    var digits = ""
    var afterHash = false
    var named: [(name: String, id: ObjectID)] = []
    func flush() {
      if afterHash {
        if let id = Int(digits) {
          let text = name(id)
          if named.contains(where: { $0.name == text && $0.id != id }) {
            // Before its opening quote when it has one.
            if result.last == "'" {
              result.removeLast()
              result += "the other '"
            } else {
              result += "the other "
            }
          } else if !named.contains(where: { $0.id == id }) {
            named.append((text, id))
          }
          result += text
        } else {
          result += "#" + digits
        }
      }
      afterHash = false
      digits = ""
    }
    for character in detail {
      if afterHash, character.isASCII, character.isNumber {
        digits.append(character)
        continue
      }
      flush()
      if character == "#" { afterHash = true } else { result.append(character) }
    }
    flush()
    return result
  }

  /// The console text UIKit prints (or the exception reason), with objects named by `name`.
  public func consoleMessage(naming name: (ObjectID) -> String) -> String {
    var message = rule.consoleTemplate
    for (index, object) in objects.enumerated() {
      message = message.replacing("{\(index)}", with: name(object))
    }
    return message
  }
}
