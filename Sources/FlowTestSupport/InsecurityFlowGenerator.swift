// Random valid flows under the Insecurity runtime, for property tests of the model and the
// explorer. Seeded and deterministic; small enough to be explored exhaustively.

/// Generates the text of random, valid `library insecurity` flows.
///
/// Every flow has:
/// - the window coordinator App and 2–4 coordinators, each a ModalCoordinator,
///   NavigationCoordinator or AdaptiveCoordinator with one screen of its own (sometimes
///   `retained`), some with result values;
/// - App starting the first as the window's root (in a new navigation controller when it
///   can be pushed onto);
/// - on each screen 1–3 handlers drawn from `start` (of any coordinator but the window's, in
///   a context its kind allows, sometimes not animated, sometimes with a completion that
///   tests the result or finishes the parent), `finish` / `finish(v)`, `dismiss`,
///   assignments, `if`/`else` on the variable and `after … { finish }` (also right after a
///   start, so that a finish can land while the host animates);
/// - `home` the first screen, and sometimes a `never` property.
public struct InsecurityFlowGenerator: Sendable {
  public var random: SeededRandom

  public init(seed: UInt64) {
    random = SeededRandom(seed: seed)
  }

  static let screenPool = ["Home", "List", "Detail", "Edit", "Pay"]
  static let kindPool = ["NavigationCoordinator", "ModalCoordinator", "AdaptiveCoordinator"]
  static let eventPool = ["open", "next", "done", "close", "more"]
  static let contexts = ["current", "modal", "newNavigation", "navigationFallback"]

  struct Coordinator {
    var name: String
    var kind: String
    var results: [String]
  }

  public mutating func validFlowText() -> String {
    let count = random.int(in: 2...4)
    var coordinators: [Coordinator] = []
    for index in 0..<count {
      let kind = random.element(of: Self.kindPool)
      let results = random.chance(0.4) ? ["ok", "failed"].prefix(random.int(in: 1...2)).map { $0 } : []
      coordinators.append(Coordinator(name: Self.screenPool[index], kind: kind, results: results))
    }
    var text = "app Random {\n  library insecurity\n  window App\n  home Home\n"
    text += "  limits { stack 3, presented 2, coordinators 4, pending 1 }\n}\n\n"
    for c in coordinators {
      text += random.chance(0.2) ? "screen \(c.name) { modalInPresentation }\n" : "screen \(c.name)\n"
    }
    text += "\nvar flag = false\n\n"
    text += "coordinator App: WindowCoordinator {\n  start { start \(rootStart(coordinators[0])) }\n}\n"
    for c in coordinators {
      text += "\ncoordinator \(c.name): \(c.kind) {\n"
      text += "  viewController \(c.name)\(random.chance(0.25) ? " retained" : "")\n"
      if !c.results.isEmpty { text += "  result \(c.results.joined(separator: ", "))\n" }
      var events: Set<String> = []
      for _ in 0..<random.int(in: 1...3) {
        let event = random.element(of: Self.eventPool)
        guard events.insert(event).inserted else { continue }
        text += "  on \(c.name).\(event) { \(randomStatement(in: c, coordinators: coordinators)) }\n"
      }
      text += "}\n"
    }
    if random.chance(0.5) {
      text += "\nnever top == \(random.element(of: coordinators).name) && flag\n"
    }
    return text
  }

  /// The window's start of its first child, in a form its kind allows.
  mutating func rootStart(_ c: Coordinator) -> String {
    switch c.kind {
    case "ModalCoordinator": return c.name
    case "NavigationCoordinator": return "\(c.name) in: newNavigation"
    default: return "\(c.name) in: \(random.chance(0.5) ? "modal" : "newNavigation")"
    }
  }

  /// `finish` in the form `c`'s results ask for.
  mutating func finish(_ c: Coordinator) -> String {
    c.results.isEmpty ? "finish" : "finish(\(random.element(of: c.results)))"
  }

  mutating func randomStatement(in c: Coordinator, coordinators: [Coordinator]) -> String {
    switch random.int(in: 0...8) {
    case 0, 1, 2: return start(from: c, coordinators: coordinators)
    case 3: return finish(c)
    case 4: return "dismiss"
    case 5: return "flag = !flag"
    case 6: return "if flag { \(finish(c)) } else { flag = true }"
    case 7: return "\(start(from: c, coordinators: coordinators)); after later { \(finish(c)) }"
    default: return "after later { \(finish(c)) }"
    }
  }

  /// A `start` of some coordinator from `parent`, in a context the kinds allow, sometimes
  /// with a completion.
  mutating func start(from parent: Coordinator, coordinators: [Coordinator]) -> String {
    let child = random.element(of: coordinators)
    var text = "start \(child.name)"
    switch child.kind {
    case "NavigationCoordinator":
      if parent.kind != "NavigationCoordinator" || random.chance(0.3) { text += " in: newNavigation" }
    case "AdaptiveCoordinator":
      text += " in: \(random.element(of: Self.contexts))"
    default: break
    }
    if random.chance(0.15) { text += " animated: false" }
    switch random.int(in: 0...3) {
    case 0:
      let value = child.results.isEmpty ? "nil" : random.element(of: child.results + ["nil"])
      text += " { r in if r == \(value) { flag = true } else { flag = false } }"
    case 1:
      text += " { r in if r != nil { \(finish(parent)) } }"
    default: break
    }
    return text
  }
}
