import FlowTestSupport
import Testing

@testable import FlowExplorer
@testable import FlowModel

/// The canonical numbering on states whose objects carry other numbers than their canonical
/// ones, as a step leaves them: the numbering visits objects in the order a plain
/// breadth-first traversal does, and the canonical form does not depend on the numbers.
@Suite struct CanonicalNumberingTests {
  @Test func renumberedObjectsGiveTheSameCanonicalForm() {
    ModelPropertyTests.check("renumbered objects") { flow in
      var problems = ModelPropertyTests.Problems()
      var random = SplitMix64(seed: 977)
      var compared = 0
      for packed in ModelPropertyTests.firstStates(FlowSystem<Radianttap>(flow: flow), count: 120) {
        let state = FlowState<Radianttap>(packed: packed.words)
        guard !state.crashed, state.world.objects.count > 1 else { continue }
        var permutation = Array(state.world.objects.indices)
        for index in permutation.indices.reversed() {
          permutation.swapAt(index, random.next(below: index + 1))
        }
        let scrambled = Self.renumberingObjects(of: state, by: permutation)
        var attached = 0
        var expected = state
        expected.beyondBounds = false
        problems.expect(
          scrambled.canonical(attachedCount: &attached) == expected,
          "renumbered by \(permutation), a state has another canonical form")
        let order = scrambled.withCanonicalNumbering { form in
          (0..<form.objects.count).map { form.objects.order[$0] }
        }
        let breadthFirst = Self.breadthFirstObjectOrder(of: scrambled)
        problems.expect(order == breadthFirst, "objects numbered \(order), breadth first \(breadthFirst)")
        compared += 1
      }
      problems.expect(compared > 0, "no state with two objects compared")
      return problems
    }
  }

  /// `state` with object `id` renumbered `permutation[id]`, every link to it too.
  static func renumberingObjects(of state: FlowState<Radianttap>, by permutation: [Int]) -> FlowState<
    Radianttap
  > {
    var result = state
    let new = { (old: Int?) in old.map { permutation[$0] } }
    for (old, object) in state.world.objects.enumerated() {
      var moved = object
      moved.children = IDList(object.children.map { permutation[$0] })
      moved.container = new(object.container)
      moved.presented = new(object.presented)
      moved.presenting = new(object.presenting)
      moved.navigationTransitionFrom = new(object.navigationTransitionFrom)
      result.world.objects[permutation[old]] = moved
      result.owners[permutation[old]] = state.owners[old]
    }
    result.world.windowRoot = new(state.world.windowRoot)
    result.world.deferredNavigations = state.world.deferredNavigations.map { entry in
      DeferredNavigation(
        nav: permutation[entry.nav], stack: IDList(entry.stack.map { permutation[$0] }),
        animated: entry.animated, events: entry.events)
    }
    for c in result.coordinators.indices {
      result.coordinators[c].root = permutation[state.coordinators[c].root]
      result.coordinators[c].shadow = IDList(state.coordinators[c].shadow.map { permutation[$0] })
    }
    return result
  }

  /// The objects in the order the canonical form lists them, by a plain queue: the window's
  /// hierarchy breadth first (each object's children in order, then what it presents), then
  /// from each coordinator in canonical order its root and its shadow stack, each with what
  /// it leads to.
  static func breadthFirstObjectOrder(of state: FlowState<Radianttap>) -> [Int] {
    var order: [Int] = []
    var seen = Set<Int>()
    func visit(from root: Int) {
      var queue = [root]
      while !queue.isEmpty {
        let object = queue.removeFirst()
        guard object < state.world.objects.count, seen.insert(object).inserted else { continue }
        order.append(object)
        queue += state.world.objects[object].children
        if let presented = state.world.objects[object].presented { queue.append(presented) }
      }
    }
    if let root = state.world.windowRoot { visit(from: root) }
    // A push or pop in flight: its `from` controller, then the controllers of its deferred calls.
    for nav in order {
      guard let from = state.world.objects[nav].navigationTransitionFrom else { continue }
      visit(from: from)
      for entry in state.world.deferredNavigations where entry.nav == nav {
        for vc in entry.stack { visit(from: vc) }
      }
    }
    let coordinators = state.withCanonicalNumbering { form in
      (0..<form.coordinators.count).map { form.coordinators.order[$0] }
    }
    for c in coordinators {
      visit(from: state.coordinators[c].root)
      for vc in state.coordinators[c].shadow { visit(from: vc) }
    }
    return order
  }
}
