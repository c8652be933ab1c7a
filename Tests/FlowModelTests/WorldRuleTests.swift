import Testing

@testable import FlowModel

/// A world for rule tests: the window shows `nav` holding `[a, b]`; free screens `free` and
/// `spare`; a detached `otherNav` holding `[c, d]`; a detached `tabBar` with tabs `[t0, t1]`.
private struct RuleWorld {
  var builder = WorldBuilder()
  let nav: ObjectID, a: ObjectID, b: ObjectID, free: ObjectID, spare: ObjectID
  let otherNav: ObjectID, c: ObjectID, d: ObjectID
  let tabBar: ObjectID, t0: ObjectID, t1: ObjectID

  init() {
    a = builder.screen()
    b = builder.screen()
    nav = builder.nav([a, b])
    builder.root(nav)
    free = builder.screen()
    spare = builder.screen()
    c = builder.screen()
    d = builder.screen()
    otherNav = builder.nav([c, d])
    t0 = builder.screen()
    t1 = builder.screen()
    tabBar = builder.tabBar([t0, t1])
  }

  typealias Operation = (inout World, inout WorldEffects) -> Void

  /// Prepares the world if needed and returns an operation that breaks `rule`.
  mutating func breaking(_ rule: UIKitRule) -> Operation {
    let (nav, a, free, otherNav, c, tabBar) = (nav, a, free, otherNav, c, tabBar)
    switch rule {
    case .pushSameController:
      return { $0.push(a, on: nav, animated: true, effects: &$1) }
    case .pushNavigationController:
      return { $0.push(otherNav, on: nav, animated: true, effects: &$1) }
    case .pushTabBarController:
      return { $0.push(tabBar, on: nav, animated: false, effects: &$1) }
    case .duplicateViewControllers:
      return { $0.setViewControllers([a, free, a], of: nav, animated: true, effects: &$1) }
    case .popToMissingController:
      return { $0.popTo(free, in: nav, animated: true, effects: &$1) }
    case .alreadyHasParent:
      return { $0.push(c, on: nav, animated: true, effects: &$1) }
    case .windowRootHasParent:
      return { $0.setWindowRoot(a, effects: &$1) }
    case .containmentCycle:
      return { $0.addTab(tabBar, to: tabBar, effects: &$1) }
    case .presentAlreadyPresented:
      builder.present(free, from: a)
      return { $0.present(free, from: nav, animated: true, effects: &$1) }
    case .presentActiveController:
      return { $0.present(a, from: nav, animated: true, effects: &$1) }
    case .presentWhileAlreadyPresenting:
      builder.present(free, from: a)
      let spare = spare
      return { $0.present(spare, from: a, animated: true, effects: &$1) }
    case .presentFromDetachedController:
      return { $0.present(free, from: c, animated: true, effects: &$1) }
    case .popRoot:
      builder.world.popToRoot(otherNav, animated: false)
      return { $0.pop(otherNav, animated: true, effects: &$1) }
    case .dismissNothing:
      return { $0.dismiss(from: a, animated: true, effects: &$1) }
    case .selectMissingTab:
      return { $0.select(tab: 2, of: tabBar, effects: &$1) }
    case .presentWhileTransitionInProgress:
      builder.world.presentInFlight(free, from: a)
      let spare = spare
      return { $0.present(spare, from: free, animated: true, effects: &$1) }
    case .dismissWhileTransitionInProgress:
      builder.world.presentInFlight(free, from: a)
      return { $0.dismiss(from: free, animated: true, effects: &$1) }
    }
  }

  /// Prepares the world if needed and returns a near-miss of `breaking(rule)` that is legal.
  mutating func keeping(_ rule: UIKitRule) -> Operation {
    let (nav, a, b, free, spare, otherNav, d, tabBar) = (nav, a, b, free, spare, otherNav, d, tabBar)
    switch rule {
    case .pushSameController:
      builder.world.pop(nav, animated: false)
      return { $0.push(b, on: nav, animated: true, effects: &$1) }
    case .pushNavigationController:
      return { $0.present(otherNav, from: a, animated: true, effects: &$1) }
    case .pushTabBarController:
      return { $0.present(tabBar, from: b, animated: true, effects: &$1) }
    case .duplicateViewControllers:
      return { $0.setViewControllers([a, free], of: nav, animated: true, effects: &$1) }
    case .popToMissingController:
      return { $0.popTo(a, in: nav, animated: true, effects: &$1) }
    case .alreadyHasParent:
      builder.world.pop(otherNav, animated: false)
      return { $0.push(d, on: nav, animated: true, effects: &$1) }
    case .windowRootHasParent:
      return { $0.setWindowRoot(free, effects: &$1) }
    case .containmentCycle:
      return { $0.addTab(spare, to: tabBar, effects: &$1) }
    case .presentAlreadyPresented:
      builder.present(free, from: a)
      builder.world.dismiss(from: a, animated: true)
      return { $0.present(free, from: nav, animated: true, effects: &$1) }
    case .presentActiveController:
      return { $0.present(free, from: a, animated: true, effects: &$1) }
    case .presentWhileAlreadyPresenting:
      builder.present(free, from: a)
      return { $0.present(spare, from: free, animated: true, effects: &$1) }
    case .presentFromDetachedController:
      // `a` is below the top of the stack: not visible, but in the window hierarchy.
      return { $0.present(free, from: a, animated: true, effects: &$1) }
    case .popRoot:
      return { $0.pop(otherNav, animated: true, effects: &$1) }
    case .dismissNothing:
      builder.present(free, from: a)
      return { $0.dismiss(from: a, animated: true, effects: &$1) }
    case .selectMissingTab:
      return { $0.select(tab: 1, of: tabBar, effects: &$1) }
    case .presentWhileTransitionInProgress:
      builder.world.presentInFlight(free, from: a)
      builder.world.endAnimation(of: free)
      return { $0.present(spare, from: free, animated: true, effects: &$1) }
    case .dismissWhileTransitionInProgress:
      builder.world.presentInFlight(free, from: a)
      builder.world.endAnimation(of: free)
      return { $0.dismiss(from: free, animated: true, effects: &$1) }
    }
  }
}

extension World {
  /// Presents `vc` from `presenter`, animated and kept in flight (`limits { inflight 1 }`).
  mutating func presentInFlight(_ vc: ObjectID, from presenter: ObjectID) {
    var effects = WorldEffects()
    effects.keepsModalTransitionsInFlight = true
    present(vc, from: presenter, animated: true, effects: &effects)
    #expect(effects.brokenRules == [])
    #expect(objects[vc].modalTransition == .presenting)
  }

  /// Ends the animation of `vc`'s presentation or dismissal.
  mutating func endAnimation(of vc: ObjectID) {
    var effects = WorldEffects()
    perform(.animationEnds(presented: vc), effects: &effects)
    #expect(effects.brokenRules == [])
  }

  /// Runs a setup operation that must break no rule.
  fileprivate mutating func pop(_ nav: ObjectID, animated: Bool) {
    var effects = WorldEffects()
    pop(nav, animated: animated, effects: &effects)
    #expect(effects.brokenRules == [])
  }

  fileprivate mutating func popToRoot(_ nav: ObjectID, animated: Bool) {
    var effects = WorldEffects()
    popToRoot(nav, animated: animated, effects: &effects)
    #expect(effects.brokenRules == [])
  }

  fileprivate mutating func addTab(_ vc: ObjectID, to tabBar: ObjectID) {
    var effects = WorldEffects()
    addTab(vc, to: tabBar, effects: &effects)
    #expect(effects.brokenRules == [])
  }

  fileprivate mutating func dismiss(from vc: ObjectID, animated: Bool) {
    var effects = WorldEffects()
    dismiss(from: vc, animated: animated, effects: &effects)
    #expect(effects.brokenRules == [])
  }
}

@Suite("World UIKit rules")
struct WorldRuleTests {
  static let crashes: [UIKitRule] = [
    .pushSameController, .pushNavigationController, .pushTabBarController, .duplicateViewControllers,
    .popToMissingController, .alreadyHasParent, .windowRootHasParent, .containmentCycle,
    .presentAlreadyPresented, .presentActiveController,
  ]

  @Test(arguments: UIKitRule.allCases)
  func eachRuleIsHardOrSoftAsUIKitBehaves(rule: UIKitRule) {
    #expect(rule.isCrash == Self.crashes.contains(rule))
    if rule.isCrash { #expect(rule.logsToConsole) }
    #expect(!rule.consoleMessage.isEmpty)
    #expect(!rule.consoleMessage.contains("{") && !rule.consoleMessage.contains("}"))
  }

  @Test func theBareMessageStandsInForObjectsWithAnEllipsis() {
    #expect(
      UIKitRule.presentWhileAlreadyPresenting.consoleMessage
        == "Attempt to present <…> on <…> (from <…>) which is already presenting <…>.")
    #expect(
      UIKitRule.pushNavigationController.consoleMessage == "Pushing a navigation controller is not supported")
  }

  @Test(arguments: UIKitRule.allCases)
  func breakingARuleIsRecordedAndChangesNothing(rule: UIKitRule) {
    var setup = RuleWorld()
    let operation = setup.breaking(rule)
    let world = setup.builder.world
    let (after, effects) = world.after(operation)
    #expect(effects.brokenRules.map(\.rule) == [rule])
    #expect(after == world)
    #expect(effects.callbacks == [])
    #expect(effects.crashed == rule.isCrash)
    for broken in effects.brokenRules {
      let message = broken.consoleMessage { "Screen\($0)" }
      #expect(!message.contains("{"), "unfilled placeholder in \(message)")
      #expect(broken.detail.first?.isLowercase == true)
      #expect(!broken.detail.hasSuffix("."))
      #expect(!broken.detail(naming: { "Screen\($0)" }).contains("#"))
    }
  }

  @Test(arguments: UIKitRule.allCases)
  func aLegalNearMissBreaksNoRule(rule: UIKitRule) {
    var setup = RuleWorld()
    let operation = setup.keeping(rule)
    let world = setup.builder.world
    let (after, effects) = world.after(operation)
    #expect(effects.brokenRules == [])
    #expect(after != world)
  }

  /// Further ways to break the containment and presentation rules.
  enum MoreBreaks: String, CaseIterable {
    case pushThePresentedController, pushTheWindowRoot, setAStackWithAForeignChild
    case setAStackWithANavigationController, addATabThatIsAChild, addAnAncestorAsATab
    case presentThePresenterItself, presentTheWindowRoot, presentAContainerOfThePresenter
    case rootAPresentedController, popAnEmptyStack, dismissADetachedController
  }

  @Test(arguments: MoreBreaks.allCases)
  func moreWaysToBreakARule(scenario: MoreBreaks) {
    var setup = RuleWorld()
    let (expected, operation) = Self.prepare(scenario, in: &setup)
    let world = setup.builder.world
    let (after, effects) = world.after(operation)
    #expect(effects.brokenRules.map(\.rule) == [expected])
    #expect(after == world)
  }

  private static func prepare(
    _ scenario: MoreBreaks, in setup: inout RuleWorld
  ) -> (UIKitRule, RuleWorld.Operation) {
    let (nav, a, c, free, otherNav, tabBar) = (
      setup.nav, setup.a, setup.c, setup.free, setup.otherNav, setup.tabBar
    )
    switch scenario {
    case .pushThePresentedController:
      setup.builder.present(free, from: a)
      return (.alreadyHasParent, { $0.push(free, on: otherNav, animated: true, effects: &$1) })
    case .pushTheWindowRoot:
      setup.builder.root(free)
      return (.alreadyHasParent, { $0.push(free, on: otherNav, animated: true, effects: &$1) })
    case .setAStackWithAForeignChild:
      return (.alreadyHasParent, { $0.setViewControllers([a, c], of: nav, animated: false, effects: &$1) })
    case .setAStackWithANavigationController:
      return (
        .pushNavigationController,
        { $0.setViewControllers([a, otherNav], of: nav, animated: false, effects: &$1) }
      )
    case .addATabThatIsAChild:
      return (.alreadyHasParent, { $0.addTab(c, to: tabBar, effects: &$1) })
    case .addAnAncestorAsATab:
      let inner = setup.builder.tabBar([])
      setup.builder.world.addTab(inner, to: tabBar)
      return (.containmentCycle, { $0.addTab(tabBar, to: inner, effects: &$1) })
    case .presentThePresenterItself:
      return (.presentActiveController, { $0.present(free, from: free, animated: true, effects: &$1) })
    case .presentTheWindowRoot:
      return (.presentActiveController, { $0.present(nav, from: free, animated: true, effects: &$1) })
    case .presentAContainerOfThePresenter:
      return (.presentActiveController, { $0.present(otherNav, from: c, animated: true, effects: &$1) })
    case .rootAPresentedController:
      setup.builder.present(free, from: a)
      return (.windowRootHasParent, { $0.setWindowRoot(free, effects: &$1) })
    case .popAnEmptyStack:
      let empty = setup.builder.nav([])
      return (.popRoot, { $0.pop(empty, animated: false, effects: &$1) })
    case .dismissADetachedController:
      return (.dismissNothing, { $0.dismiss(from: c, animated: true, effects: &$1) })
    }
  }

  @Test func aBreakRendersUIKitsMessageWithNames() {
    let broken = UIKitRuleBreak(
      rule: .presentWhileAlreadyPresenting, detail: "present '#4' from '#2': '#1' already presents '#3'",
      objects: [4, 1, 2, 3])
    let names = [1: "Nav", 2: "Home", 3: "Sheet", 4: "Cart"]
    #expect(
      broken.consoleMessage { names[$0]! }
        == "Attempt to present <Cart> on <Nav> (from <Home>) which is already presenting <Sheet>.")
    #expect(broken.detail { names[$0]! } == "present 'Cart' from 'Home': 'Nav' already presents 'Sheet'")
  }
}
