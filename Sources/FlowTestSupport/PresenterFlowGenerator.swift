// Random valid flows under the JLCoordinator runtime (`library presenter`), for property
// tests of the model and the explorer. Seeded and deterministic; small enough to be
// explored exhaustively.

/// Generates the text of random, valid `library presenter` flows.
///
/// Every flow has:
/// - 2–6 screens, some `modalInPresentation`, and one Bool variable;
/// - 1–3 coordinators: the first owns the window with an InitialPresenter or an
///   InitialNavigationPresenter; each other one has a ModalPresenter, a
///   ModalNavigationPresenter, a NavigationPresenter or its parent's presenter
///   (`ParentPresenter`) and is started
///   by a `startChild` in a handler of an earlier coordinator;
/// - every screen owned by one coordinator: `start` presents its first, a handler of an
///   earlier screen of the same coordinator presents each other one;
/// - overrides: usually `didDismiss { stop }` (sometimes for one screen only, sometimes
///   missing), sometimes `didPresent` and `didStop` toggling the variable;
/// - handlers drawn from `present`, `dismiss` (sometimes not animated), `dismissRoot`,
///   `stop`, assignments, `if`/`else` on the variable and `after … { dismiss }`;
/// - `home` the first screen, and sometimes a `never` property.
public struct PresenterFlowGenerator: Sendable {
  public var random: SeededRandom

  public init(seed: UInt64) {
    random = SeededRandom(seed: seed)
  }

  static let screenPool = ["Home", "List", "Detail", "Edit", "Confirm", "Help"]
  static let coordinatorPool = ["App", "Editor", "Picker"]
  static let eventPool = ["close", "done", "more", "back"]

  public mutating func validFlowText() -> String {
    let screenCount = random.int(in: 2...6)
    let coordinatorCount = min(random.int(in: 1...3), screenCount)
    let screens = Array(Self.screenPool.prefix(screenCount))
    var owner = Array(0..<coordinatorCount)
    while owner.count < screenCount { owner.append(random.int(in: 0...(coordinatorCount - 1))) }
    owner.sort()
    var kinds = [random.chance(0.5) ? "InitialPresenter" : "InitialNavigationPresenter"]
    var parents = [0]
    for c in 1..<max(coordinatorCount, 1) where c < coordinatorCount {
      let parent = random.int(in: 0...(c - 1))
      parents.append(parent)
      kinds.append(
        random.element(of: [
          "ModalPresenter", "ModalNavigationPresenter", "NavigationPresenter", "ParentPresenter",
        ]))
    }

    var text = "app Random {\n  library presenter\n  window App\n  home Home\n"
    text += "  limits { stack 3, presented 2, coordinators 3, pending 1 }\n}\n\n"
    for name in screens {
      text += random.chance(0.25) ? "screen \(name) { modalInPresentation }\n" : "screen \(name)\n"
    }
    text += "\nvar flag = false\n"
    for c in 0..<coordinatorCount {
      let own = screens.indices.filter { owner[$0] == c }
      text += "\ncoordinator \(Self.coordinatorPool[c]): \(kinds[c]) {\n"
      text += "  start { present \(screens[own[0]]) }\n"
      var events: Set<String> = []
      for (position, screen) in own.enumerated() {
        if position + 1 < own.count {
          text += "  on \(screens[screen]).next { present \(screens[own[position + 1]]) }\n"
          events.insert(screens[screen] + ".next")
        }
        for child in 1..<max(coordinatorCount, 1) where child < coordinatorCount && parents[child] == c {
          let key = screens[screen] + ".open"
          guard !events.contains(key), random.chance(0.6) || position == own.count - 1 else { continue }
          events.insert(key)
          text += "  on \(key) { startChild \(Self.coordinatorPool[child]) }\n"
        }
        for _ in 0..<random.int(in: 0...2) {
          let key = screens[screen] + "." + random.element(of: Self.eventPool)
          guard !events.contains(key) else { continue }
          events.insert(key)
          text += "  on \(key) { \(randomStatement(ownScreens: own.map { screens[$0] })) }\n"
        }
      }
      switch random.int(in: 0...5) {
      case 0: break
      case 1: text += "  didDismiss \(screens[own[0]]) { stop }\n"
      default: text += "  didDismiss { stop }\n"
      }
      if random.chance(0.2) { text += "  didPresent { flag = !flag }\n" }
      if random.chance(0.2) { text += "  didStop { flag = true }\n" }
      text += "}\n"
    }
    if random.chance(0.5) {
      text += "\nnever top == \(random.element(of: screens)) && flag\n"
    }
    return text
  }

  mutating func randomStatement(ownScreens: [String]) -> String {
    switch random.int(in: 0...7) {
    case 0, 1: return "dismiss"
    case 2: return "dismiss animated: false"
    case 3: return "present \(random.element(of: ownScreens))"
    case 4: return "flag = !flag"
    case 5: return "if flag { dismissRoot } else { flag = true }"
    case 6: return "stop"
    default: return "after save { dismiss }"
    }
  }
}
