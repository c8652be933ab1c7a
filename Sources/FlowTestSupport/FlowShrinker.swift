// Shrinking for the property tests: a failing generated flow is cut down to a small flow that
// still fails before it is printed, so that a failure shows the few lines that matter rather
// than the whole random flow.

/// A flow made by ``FlowGenerator``: its text, and the plan it was rendered from.
public struct GeneratedFlow {
  /// The text, as the generator rendered it.
  public let text: String
  let plan: FlowGenerator.Plan
  let decorates: Bool
}

/// Greedy shrinking of failing inputs, by hand (no packages).
///
/// Every shrinker here works the same way: from the current input it tries the candidates
/// one edit smaller, in a fixed order, and takes the first for which `stillFails` holds; it
/// starts again from that one, and stops when no candidate fails or when `budget`
/// candidates have been tried. A candidate is kept only when `stillFails` says so, so the
/// predicate must also reject inputs that are not of the kind it tests (a flow that does not
/// resolve, say): the shrinkers do not know what the test needs.
///
/// The result is deterministic: the same input and predicate give the same smallest input.
public enum FlowShrinker {
  /// The smallest failing input found, and what it took.
  public struct Outcome<Input> {
    /// The smallest input for which the predicate held (the original when nothing smaller
    /// did).
    public var input: Input
    /// Candidates tried.
    public var attempts = 0
    /// Candidates taken, each smaller than the one before.
    public var reductions = 0
  }

  /// Shrinks a generated flow for which `stillFails` holds.
  ///
  /// First on the generator's plan: the layout decorations dropped; a coordinator dropped
  /// with the coordinators it starts, its screens and every statement, property and event
  /// that names them; a screen dropped with its handlers and what names it; an app event, a
  /// property or `expect pass` dropped; a variable dropped with what uses it; a handler,
  /// `popBack`, `didFinish` or `identifier` dropped; a statement dropped, a block replaced by
  /// its body or its `else` branch, an `else` dropped; a screen attribute dropped. Then on
  /// the text that gives: runs of lines dropped, halving the run until single lines.
  /// - Returns: the smallest failing text.
  /// - Complexity: at most `budget` calls of `stillFails`.
  public static func shrink(
    _ flow: GeneratedFlow, budget: Int = 400, stillFails: (String) -> Bool
  ) -> Outcome<String> {
    var current = PlanCandidate(plan: flow.plan, decorates: flow.decorates)
    var text = flow.text
    var outcome = Outcome(input: text)
    var start = 0
    search: while outcome.attempts < budget {
      let candidates = current.smaller()
      for offset in candidates.indices {
        let index = (start + offset) % candidates.count
        let candidateText = candidates[index].text
        guard candidateText != text else { continue }
        outcome.attempts += 1
        if stillFails(candidateText) {
          current = candidates[index]
          text = candidateText
          outcome.reductions += 1
          start = index
          continue search
        }
        if outcome.attempts >= budget { break search }
      }
      break
    }
    let lines = shrink(text: text, budget: budget - outcome.attempts, stillFails: stillFails)
    return Outcome(
      input: lines.input, attempts: outcome.attempts + lines.attempts,
      reductions: outcome.reductions + lines.reductions)
  }

  /// Shrinks any text for which `stillFails` holds by dropping runs of its lines.
  /// - Complexity: at most `budget` calls of `stillFails`.
  public static func shrink(text: String, budget: Int = 400, stillFails: (String) -> Bool) -> Outcome<String>
  {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    // The text's final newline is kept, so that it is not a reduction of its own.
    let endsWithNewline = lines.last == ""
    let body = endsWithNewline ? Array(lines.dropLast()) : lines
    func joined(_ lines: [String]) -> String {
      lines.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }
    let outcome = shrink(body, budget: budget) { stillFails(joined($0)) }
    return Outcome(input: joined(outcome.input), attempts: outcome.attempts, reductions: outcome.reductions)
  }

  /// Shrinks any list for which `stillFails` holds by dropping runs of its elements: runs of
  /// half its length first, then of a quarter, and so on down to single elements, which are
  /// tried again until none can go.
  /// - Complexity: at most `budget` calls of `stillFails`.
  public static func shrink<Element>(
    _ elements: [Element], budget: Int = 400, stillFails: ([Element]) -> Bool
  ) -> Outcome<[Element]> {
    var outcome = Outcome(input: elements)
    var run = max(1, elements.count / 2)
    while outcome.attempts < budget && !outcome.input.isEmpty {
      var removedAny = false
      var start = 0
      while start < outcome.input.count && outcome.attempts < budget {
        var candidate = outcome.input
        candidate.removeSubrange(start..<min(candidate.count, start + run))
        outcome.attempts += 1
        if stillFails(candidate) {
          outcome.input = candidate
          outcome.reductions += 1
          removedAny = true
        } else {
          start += run
        }
      }
      if run > 1 {
        run = max(1, min(run / 2, outcome.input.count / 2))
      } else if !removedAny {
        break
      }
    }
    return outcome
  }
}

/// A plan with the layout it is rendered with, and the plans one edit smaller.
private struct PlanCandidate {
  typealias Plan = FlowGenerator.Plan
  typealias Step = FlowGenerator.Step

  var plan: Plan
  var decorates: Bool

  /// The plan's text. Decorations come from a fixed seed: the original's came from the
  /// generator's sequence, which a smaller plan no longer follows.
  var text: String {
    var generator = FlowGenerator(seed: 0)
    generator.decorates = decorates
    var plan = plan
    return generator.render(&plan)
  }

  /// Every candidate one edit smaller, the edits that remove most first.
  func smaller() -> [PlanCandidate] {
    var plans: [Plan] = []
    // Coordinators (not the window's), each with the ones it starts.
    for index in plan.coordinators.indices.dropFirst().reversed() {
      plans.append(plan.droppingCoordinator(index))
    }
    // Screens, but the home screen.
    for coordinator in plan.coordinators.indices {
      for screen in plan.coordinators[coordinator].screens where coordinator > 0 || screen != plan.home {
        plans.append(plan.droppingScreen(screen))
      }
    }
    for index in plan.events.indices {
      var smaller = plan
      smaller.events.remove(at: index)
      plans.append(smaller)
    }
    for index in plan.properties.indices {
      var smaller = plan
      smaller.properties.remove(at: index)
      plans.append(smaller)
    }
    if plan.expectPass {
      var smaller = plan
      smaller.expectPass = false
      plans.append(smaller)
    }
    for variable in plan.globals.map(\.name) + plan.coordinators.flatMap({ $0.locals.map(\.name) }) {
      plans.append(plan.droppingVariable(variable))
    }
    for (c, coordinator) in plan.coordinators.enumerated() {
      for handler in coordinator.handlers.indices {
        var smaller = plan
        smaller.coordinators[c].handlers.remove(at: handler)
        plans.append(smaller)
      }
      for handler in coordinator.messageHandlers.indices {
        var smaller = plan
        smaller.coordinators[c].messageHandlers.remove(at: handler)
        plans.append(smaller)
      }
      var smaller = plan
      if coordinator.popBack != nil {
        smaller.coordinators[c].popBack = nil
        plans.append(smaller)
        smaller = plan
      }
      if coordinator.didFinish != nil {
        smaller.coordinators[c].didFinish = nil
        plans.append(smaller)
        smaller = plan
      }
      if coordinator.identifier != nil {
        smaller.coordinators[c].identifier = nil
        plans.append(smaller)
      }
    }
    for place in plan.bodyPlaces {
      for body in Self.smaller(plan[body: place]) {
        var smaller = plan
        smaller[body: place] = body
        plans.append(smaller)
      }
    }
    for (s, screen) in plan.screens.enumerated() {
      for attribute in screen.attributes.indices {
        var smaller = plan
        smaller.screens[s].attributes.remove(at: attribute)
        plans.append(smaller)
      }
    }
    let undecorated = decorates ? [PlanCandidate(plan: plan, decorates: false)] : []
    return undecorated + plans.map { PlanCandidate(plan: $0, decorates: decorates) }
  }

  /// Every version of `steps` one edit smaller: a statement dropped, a block replaced by its
  /// body or by its `else` branch, an `else` dropped, or one of these inside a block.
  static func smaller(_ steps: [Step]) -> [[Step]] {
    var results: [[Step]] = []
    for index in steps.indices {
      var dropped = steps
      dropped.remove(at: index)
      results.append(dropped)
    }
    for (index, step) in steps.enumerated() {
      guard case .block(let header, let body, let otherwise) = step else { continue }
      var inlined = steps
      inlined.replaceSubrange(index...index, with: body)
      results.append(inlined)
      if let otherwise {
        var elseInlined = steps
        elseInlined.replaceSubrange(index...index, with: otherwise)
        results.append(elseInlined)
        var withoutElse = steps
        withoutElse[index] = .block(header: header, body: body, otherwise: nil)
        results.append(withoutElse)
        for smallerElse in smaller(otherwise) {
          var edited = steps
          edited[index] = .block(
            header: header, body: body, otherwise: smallerElse.isEmpty ? nil : smallerElse)
          results.append(edited)
        }
      }
      for smallerBody in smaller(body) {
        var edited = steps
        edited[index] = .block(header: header, body: smallerBody, otherwise: otherwise)
        results.append(edited)
      }
    }
    return results
  }
}

/// Where a plan keeps a list of statements.
private enum BodyPlace {
  case start(Int)
  case handler(Int, Int)
  case message(Int, Int)
  case popBack(Int)
  case didFinish(Int)
  case event(Int)
}

extension FlowGenerator.Plan {
  fileprivate typealias Step = FlowGenerator.Step

  /// The home screen: the window coordinator's first.
  fileprivate var home: String? { coordinators.first?.screens.first }

  fileprivate var bodyPlaces: [BodyPlace] {
    var places: [BodyPlace] = []
    for (c, coordinator) in coordinators.enumerated() {
      places.append(.start(c))
      places += coordinator.handlers.indices.map { .handler(c, $0) }
      places += coordinator.messageHandlers.indices.map { .message(c, $0) }
      if coordinator.popBack != nil { places.append(.popBack(c)) }
      if coordinator.didFinish != nil { places.append(.didFinish(c)) }
    }
    return places + events.indices.map { .event($0) }
  }

  fileprivate subscript(body place: BodyPlace) -> [Step] {
    get {
      switch place {
      case .start(let c): coordinators[c].start
      case .handler(let c, let h): coordinators[c].handlers[h].body
      case .message(let c, let m): coordinators[c].messageHandlers[m].body
      case .popBack(let c): coordinators[c].popBack ?? []
      case .didFinish(let c): coordinators[c].didFinish?.body ?? []
      case .event(let e): events[e].body
      }
    }
    set {
      switch place {
      case .start(let c): coordinators[c].start = newValue
      case .handler(let c, let h): coordinators[c].handlers[h].body = newValue
      case .message(let c, let m): coordinators[c].messageHandlers[m].body = newValue
      case .popBack(let c): coordinators[c].popBack = newValue
      case .didFinish(let c): coordinators[c].didFinish?.body = newValue
      case .event(let e): events[e].body = newValue
      }
    }
  }

  /// Without coordinator `index` and the coordinators it starts, their screens, and what
  /// names any of them.
  fileprivate func droppingCoordinator(_ index: Int) -> Self {
    var dropped: Set<Int> = [index]
    var changed = true
    while changed {
      changed = false
      for (c, coordinator) in coordinators.enumerated() where !dropped.contains(c) {
        if let parent = coordinator.parent, dropped.contains(parent) {
          dropped.insert(c)
          changed = true
        }
      }
    }
    var names: Set<String> = []
    for c in dropped {
      names.insert(coordinators[c].name)
      names.formUnion(coordinators[c].screens)
    }
    var result = self
    result.screens.removeAll { names.contains($0.name) }
    // Renumber the links between the coordinators that stay.
    let kept = coordinators.indices.filter { !dropped.contains($0) }
    let newIndex = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($0.element, $0.offset) })
    result.coordinators = kept.map { c in
      var coordinator = coordinators[c]
      coordinator.parent = coordinator.parent.flatMap { newIndex[$0] }
      coordinator.children = coordinator.children.compactMap { newIndex[$0] }
      return coordinator
    }
    result.removeReferences(to: names)
    return result
  }

  /// Without `screen`, its handlers, and what names it.
  fileprivate func droppingScreen(_ screen: String) -> Self {
    var result = self
    result.screens.removeAll { $0.name == screen }
    for c in result.coordinators.indices {
      result.coordinators[c].screens.removeAll { $0 == screen }
      result.coordinators[c].handlers.removeAll { $0.screen == screen }
    }
    result.removeReferences(to: [screen])
    return result
  }

  /// Without the global or local variable `name` and what uses it.
  fileprivate func droppingVariable(_ name: String) -> Self {
    var result = self
    result.globals.removeAll { $0.name == name }
    for c in result.coordinators.indices { result.coordinators[c].locals.removeAll { $0.name == name } }
    result.removeReferences(to: [name])
    return result
  }

  /// Drops every statement, block, property and app event that names one of `names`, and a
  /// `didFinish`'s child when it is one.
  fileprivate mutating func removeReferences(to names: Set<String>) {
    func mentions(_ text: String) -> Bool {
      text.split { !($0.isLetter || $0.isNumber || $0 == "_") }.contains { names.contains(String($0)) }
    }
    func without(_ steps: [Step]) -> [Step] {
      steps.compactMap { step in
        switch step {
        case .simple(let text):
          return mentions(text) ? nil : step
        case .block(let header, let body, let otherwise):
          if mentions(header) { return nil }
          let kept = otherwise.map(without)
          return .block(header: header, body: without(body), otherwise: kept?.isEmpty == true ? nil : kept)
        }
      }
    }
    for place in bodyPlaces { self[body: place] = without(self[body: place]) }
    events.removeAll { $0.condition.map(mentions) == true }
    properties.removeAll(where: mentions)
    for c in coordinators.indices {
      if let child = coordinators[c].didFinish?.child, names.contains(child) {
        coordinators[c].didFinish?.child = nil
      }
    }
  }
}
