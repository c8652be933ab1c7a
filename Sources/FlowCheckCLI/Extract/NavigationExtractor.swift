/// Builds a `.flow` draft from an app's Swift sources: the coordinators of one library, the
/// screens they create and show, the children they start, the taps that reach them and their
/// async work. It reads syntax only (no types are resolved), so where the code leaves
/// something open (a condition, a controller it cannot name, a coordinator made with several
/// presenters) the draft says so in a `// TODO:` rather than guess.
final class NavigationExtractor {
  let code: SwiftCodeBase
  let library: ExtractLibrary

  /// The coordinator classes, sorted by name.
  private(set) var coordinatorClasses: [String] = []
  /// For a library whose kind is the object a coordinator is made with: the kinds each class
  /// is made with; a class made with several is drafted once per kind.
  var kindsByClass: [String: [String]] = [:]
  /// Classes made outside every coordinator (an app or scene delegate, `main.swift`).
  var madeOutside: [String: SwiftCodeBase.Location] = [:]
  /// Screens met, with where each is declared or first made.
  var screens: [String: SwiftCodeBase.Location] = [:]
  var flags: [(name: String, condition: String, location: SwiftCodeBase.Location)] = []
  var usedNames: Set<String> = []
  /// The flag of each condition already met, by place and text.
  var flagsByPlace: [String: String] = [:]
  /// The messages screens send up the responder chain: message → screens.
  var messagesSent: [String: Set<String>] = [:]
  /// Children started with how their root is given (the `root` clause).
  var childRoots: [String: String] = [:]
  /// Events from closures assigned to a screen's `onX` during a walk: (screen, event, body).
  var closureEvents:
    [(screen: String, event: String, body: [FlowDraft.Statement], location: SwiftCodeBase.Location)] =
      []

  /// Screens' direct calls of their coordinator's methods, by coordinator class.
  var screenCalls: [String: Set<ScreenCall>] = [:]
  /// Methods app code outside the coordinators calls on one: the app's events.
  var appEvents: Set<AppEvent> = []
  /// Methods of each coordinator class its parent calls (`call C.m`).
  var childCalls: [String: Set<String>] = [:]
  /// What a coordinator's screen getter does that the draft leaves out.
  var screenPropertyNotes: [FlowDraft.Statement] = []
  /// Messages the coordinator being drafted handles without navigating.
  var quietMessages: [(name: String, location: SwiftCodeBase.Location)] = []

  init(code: SwiftCodeBase, library: ExtractLibrary) {
    self.code = code
    self.library = library
    coordinatorClasses = code.types.values.filter { type in
      type.isClass && !library.vocabulary.coordinatorBases.contains(type.name)
        && code.inherits(type.name, from: library.vocabulary.coordinatorBases)
    }.map(\.name).sorted()
  }

  /// The draft of the app `appName`, or nil when the sources hold no coordinator of the library.
  func draft(appName: String = "Extracted") -> FlowDraft? {
    guard !coordinatorClasses.isEmpty else { return nil }
    scanConstructions()
    scanMessages()
    scanScreenCalls()
    var coordinators: [FlowDraft.Coordinator] = []
    var classes: [String] = []
    for name in coordinatorClasses {
      let kinds = kindsByClass[name] ?? [""]
      for kind in kinds.isEmpty ? [""] : kinds {
        coordinators.append(coordinator(name, kind: kind, split: kinds.count > 1))
        classes.append(name)
      }
    }
    for index in coordinators.indices where childCalls[classes[index]] != nil {
      coordinators[index].members = Self.merged(
        coordinators[index].members + calledMethods(of: classes[index], kind: coordinators[index].kind))
    }
    coordinators.sort { $0.name < $1.name }
    let window = windowCoordinator(among: coordinators)
    var notes: [FlowDraft.Statement] = []
    if window.candidates.count > 1, let location = coordinators.first?.location {
      notes.append(
        .todo(
          "several coordinators are made outside a coordinator: \(window.candidates.joined(separator: ", ")); "
            + "the window's is a guess", location))
    }
    if let name = window.name, let index = coordinators.firstIndex(where: { $0.name == name }) {
      if library.vocabulary.rootArgument != nil {
        coordinators[index].members.removeAll { $0.header.hasPrefix("root ") }
        coordinators[index].notes.removeAll {
          if case .todo(let text, _) = $0 { return text.hasPrefix("how its root") }
          return false
        }
        coordinators[index].members.insert(
          FlowDraft.Member(header: "root window", body: nil, location: coordinators[index].location), at: 0)
      }
    }
    let home = window.name.flatMap { name in coordinators.first { $0.name == name } }.flatMap(firstScreen)
    let events = drafts(of: appEvents, window: window.name)
    return FlowDraft(
      appName: Self.flowName(appName), library: library.name, window: window.name, home: home,
      screens: screens.map { FlowDraft.Screen(name: $0.key, location: $0.value) }.sorted {
        $0.name < $1.name
      },
      coordinators: coordinators, events: events, flags: flags, notes: notes)
  }

  // MARK: Names

  /// The flow name of a coordinator class: `CartCoordinator` → `Cart`; drafted once per
  /// kind when made with several (`ViewCoordinator` with a `ModalPresenter` → `ViewModal`).
  func coordinatorName(_ className: String, kind: String = "", split: Bool = false) -> String {
    var name =
      className.hasSuffix("Coordinator") && className != "Coordinator"
      ? String(className.dropLast("Coordinator".count)) : className
    if split {
      var short = kind
      for suffix in [kindSuffix] where !suffix.isEmpty && short.hasSuffix(suffix) && short != suffix {
        short = String(short.dropLast(suffix.count))
      }
      name += short
    }
    return Self.flowName(name)
  }

  /// The flow name of a screen class: `HomeViewController` → `Home`.
  static func screenName(_ className: String) -> String {
    for suffix in ["ViewController", "Controller", "VC"]
    where className.hasSuffix(suffix) && className != suffix {
      return flowName(String(className.dropLast(suffix.count)))
    }
    return flowName(className)
  }

  /// A name the flow language accepts: letters, digits and `_`, not a reserved word.
  static func flowName(_ text: String) -> String {
    var name = String(text.map { SwiftSourceText.isIdentifierCharacter($0) && $0.isASCII ? $0 : "_" })
    if name.isEmpty || name.first!.isNumber { name = "_" + name }
    return reserved.contains(name) ? name + "_" : name
  }

  static let reserved: Set<String> = [
    "app", "screen", "var", "coordinator", "event", "always", "never", "reachable", "expect", "root",
    "identifier",
    "start", "on", "handle", "popBack", "didFinish", "viewController", "result", "didPresent", "didDismiss",
    "didStop", "didDismissAllViewControllersTo", "show", "top", "pop", "present", "dismiss", "startChild",
    "stopChild", "presentChild", "finish", "takeover", "activate", "send", "setStack", "selectTab", "call",
    "stop",
    "dismissRoot", "if", "else", "after", "true", "false", "nil",
  ]

  /// A fresh name for an `after` block or a flag: `base`, `base2`, …
  func uniqueName(_ base: String) -> String {
    var name = Self.flowName(base)
    var counter = 2
    while usedNames.contains(name) {
      name = Self.flowName(base) + String(counter)
      counter += 1
    }
    usedNames.insert(name)
    return name
  }

  // MARK: Screens and coordinators

  static let containers: Set<String> = [
    "UINavigationController", "UITabBarController", "UISplitViewController", "UIAlertController",
    "UIActivityViewController", "UISearchController",
  ]
  static let controllerBases: Set<String> = [
    "UIViewController", "UITableViewController", "UICollectionViewController", "UIHostingController",
    "UIPageViewController",
  ]

  /// Whether a type name is a screen: a class of the sources inheriting a view controller
  /// (not a container), or, for a type the sources do not declare, a name ending in
  /// `ViewController` or `Controller` that is not a UIKit container.
  func isScreen(_ name: String) -> Bool {
    if Self.containers.contains(name) || code.inherits(name, from: Self.containers) { return false }
    if isCoordinatorClass(name) { return false }
    if code.types[name] != nil {
      return code.inherits(name, from: Self.controllerBases) || Self.controllerBases.contains(name)
        || (name.hasSuffix("ViewController") && !(code.types[name]?.isProtocol ?? false))
    }
    return name.hasSuffix("ViewController")
      || (name.hasSuffix("Controller") && name.first?.isUppercase == true)
  }

  func isCoordinatorClass(_ name: String) -> Bool { coordinatorClasses.contains(name) }

  /// Notes a screen, at its class's declaration when the sources have it.
  func noteScreen(_ className: String, at location: SwiftCodeBase.Location) -> String {
    let name = Self.screenName(className)
    let declared = code.types[className]?.location ?? location
    if let known = screens[name] { screens[name] = min(known, declared) } else { screens[name] = declared }
    return name
  }

  private func firstScreen(of coordinator: FlowDraft.Coordinator) -> String? {
    func first(_ statements: [FlowDraft.Statement]) -> String? {
      for statement in statements {
        switch statement {
        case .line(let text, _):
          let words = text.split(separator: " ")
          if words.count >= 2, ["show", "root", "present", "top"].contains(String(words[0])),
            screens[String(words[1])] != nil
          {
            return String(words[1])
          }
        case .block(_, _, let body, let orElse, _):
          if let found = first(body) ?? first(orElse ?? []) { return found }
        case .todo: break
        }
      }
      return nil
    }
    for member in coordinator.members {
      if member.header.hasPrefix("viewController ") {
        return String(member.header.split(separator: " ")[1])
      }
      if member.header == "start", let found = first(member.body ?? []) { return found }
    }
    return nil
  }

  /// The window's coordinator: the one of the kind that alone has a start, when the library
  /// has one (a window coordinator class); otherwise the one made outside every coordinator
  /// (the app or scene delegate), the first by name when several are.
  private func windowCoordinator(among coordinators: [FlowDraft.Coordinator]) -> (
    name: String?, candidates: [String]
  ) {
    if let windowKind = library.vocabulary.startOnlyInKind {
      let windows = coordinators.filter { $0.kind == windowKind }.map(\.name)
      return (windows.first, windows)
    }
    let outside = madeOutside.keys.sorted()
    var names: [String] = []
    for className in outside {
      let kinds = kindsByClass[className] ?? []
      if kinds.count > 1 {
        let windowKinds = kinds.filter { kindsOwningTheWindow.contains($0) }
        names += windowKinds.map { coordinatorName(className, kind: $0, split: true) }
      } else {
        names.append(coordinatorName(className))
      }
    }
    if names.isEmpty, let first = coordinators.first?.name { return (first, []) }
    return (names.first, names)
  }

  /// The suffix of the class names that are a kind (`…Presenter`), for a library whose
  /// kind is the object a coordinator is made with; empty otherwise.
  var kindSuffix: String {
    if case .constructionArgument(_, let suffix, _, _, _, _) = library.vocabulary.kinds { return suffix }
    return ""
  }

  /// The kinds that may own the window, for such a library.
  var kindsOwningTheWindow: Set<String> {
    if case .constructionArgument(_, _, _, _, _, let kinds) = library.vocabulary.kinds { return kinds }
    return []
  }
}
