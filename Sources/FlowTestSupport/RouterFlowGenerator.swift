// Random valid flows under the router runtime, for property tests of the model and the
// explorer. Seeded and deterministic; small enough to be explored exhaustively.

/// Generates the text of random, valid `library router` flows.
///
/// Every flow has:
/// - 2–6 screens, some `modalInPresentation`, and one Bool variable;
/// - 1–3 coordinators: the first owns the window with an AppDelegateRouter or a
///   NavigationRouter; each other one has a ModalNavigationRouter or a NavigationRouter (the
///   latter only under a parent with a navigation controller) and is presented by a
///   `presentChild` in a handler of an earlier coordinator, sometimes with an
///   `onDismissed { … }` block;
/// - every screen owned by one coordinator: `start` presents its first, a handler of an
///   earlier screen of the same coordinator presents each other one;
/// - handlers drawn from `present`, `dismiss` (sometimes not animated), `presentChild`,
///   assignments, `if`/`else` on the variable and `after … { dismiss }`;
/// - `home` the first screen, and sometimes a `never` property.
public struct RouterFlowGenerator: Sendable {
  public var random: SeededRandom

  public init(seed: UInt64) {
    random = SeededRandom(seed: seed)
  }

  static let screenPool = ["Home", "List", "Detail", "Edit", "Confirm", "Help"]
  static let coordinatorPool = ["App", "Editor", "Picker"]
  static let eventPool = ["next", "close", "open", "done", "more"]

  public mutating func validFlowText() -> String {
    let screenCount = random.int(in: 2...6)
    let coordinatorCount = min(random.int(in: 1...3), screenCount)
    let screens = Array(Self.screenPool.prefix(screenCount))
    // Screen i belongs to coordinator owner[i]; each coordinator owns at least one, and its
    // screens are contiguous so that the first is the one its `start` presents.
    var owner = Array(0..<coordinatorCount)
    while owner.count < screenCount { owner.append(random.int(in: 0...(coordinatorCount - 1))) }
    owner.sort()
    var kinds = [random.chance(0.5) ? "AppDelegateRouter" : "NavigationRouter"]
    var parents = [0]
    for c in 1..<max(coordinatorCount, 1) where c < coordinatorCount {
      let parent = random.int(in: 0...(c - 1))
      parents.append(parent)
      let canShareStack = kinds[parent] != "AppDelegateRouter"
      kinds.append(canShareStack && random.chance(0.5) ? "NavigationRouter" : "ModalNavigationRouter")
    }

    var text = "app Random {\n  library router\n  window App\n  home Home\n"
    // Some flows keep animated transitions in flight; the others say `inflight 0`, which is
    // no longer the default.
    let inflight = random.chance(0.3) ? ", inflight 1" : ", inflight 0"
    text += "  limits { stack 3, presented 2, coordinators 3, pending 1\(inflight) }\n}\n\n"
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
        // The next screen of this coordinator is presented from this one.
        if position + 1 < own.count {
          text += "  on \(screens[screen]).next { present \(screens[own[position + 1]]) }\n"
          events.insert(screens[screen] + ".next")
        }
        // Children of this coordinator are presented from its screens.
        for child in 1..<max(coordinatorCount, 1) where child < coordinatorCount && parents[child] == c {
          let key = screens[screen] + ".open"
          guard !events.contains(key), random.chance(0.6) || position == own.count - 1 else { continue }
          events.insert(key)
          let animated = random.chance(0.2) ? " animated: false" : ""
          let block = random.chance(0.4) ? " onDismissed { flag = !flag }" : ""
          text += "  on \(key) { presentChild \(Self.coordinatorPool[child])\(animated)\(block) }\n"
        }
        for _ in 0..<random.int(in: 0...2) {
          let event = random.element(of: Self.eventPool.filter { $0 != "next" && $0 != "open" })
          let key = screens[screen] + "." + event
          guard !events.contains(key) else { continue }
          events.insert(key)
          text += "  on \(key) { \(randomStatement(ownScreens: own.map { screens[$0] })) }\n"
        }
      }
      text += "}\n"
    }
    if random.chance(0.5) {
      text += "\nnever top == \(random.element(of: screens)) && flag\n"
    }
    return text
  }

  mutating func randomStatement(ownScreens: [String]) -> String {
    switch random.int(in: 0...5) {
    case 0: return "dismiss"
    case 1: return "dismiss animated: false"
    case 2: return "present \(random.element(of: ownScreens))"
    case 3: return "flag = !flag"
    case 4: return "if flag { dismiss } else { flag = true }"
    default: return "after save { dismiss }"
    }
  }
}
