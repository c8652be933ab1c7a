import FlowLanguage
import Testing

@testable import FlowModel

/// Builds worlds for the World* suites: every step must keep the world consistent and break
/// no UIKit rule.
struct WorldBuilder {
  var world = World()
  private var nextScreen = 0

  /// A new screen (screen indices count up from 0).
  mutating func screen(style: PresentationStyle = .pageSheet, modal: Bool = false) -> ObjectID {
    defer { nextScreen += 1 }
    return world.makeScreen(nextScreen, style: style, modalInPresentation: modal)
  }

  /// `count` new screens.
  mutating func screens(_ count: Int) -> [ObjectID] {
    (0..<count).map { _ in screen() }
  }

  /// A navigation controller holding `stack`.
  mutating func nav(
    _ stack: [ObjectID], style: PresentationStyle = .pageSheet, modal: Bool = false
  ) -> ObjectID {
    let nav = world.makeNavigationController(style: style, modalInPresentation: modal)
    expectClean { $0.setViewControllers(IDList(stack), of: nav, animated: false, effects: &$1) }
    return nav
  }

  /// A tab bar controller with `tabs`, selecting `selected`.
  mutating func tabBar(_ tabs: [ObjectID], selected: Int = 0) -> ObjectID {
    let tabBar = world.makeTabBarController()
    for tab in tabs { expectClean { $0.addTab(tab, to: tabBar, effects: &$1) } }
    if !tabs.isEmpty { expectClean { $0.select(tab: selected, of: tabBar, effects: &$1) } }
    return tabBar
  }

  mutating func root(_ vc: ObjectID) {
    expectClean { $0.setWindowRoot(vc, effects: &$1) }
  }

  mutating func present(_ vc: ObjectID, from presenter: ObjectID) {
    expectClean { $0.present(vc, from: presenter, animated: true, effects: &$1) }
  }

  private mutating func expectClean(_ operation: (inout World, inout WorldEffects) -> Void) {
    var effects = WorldEffects()
    operation(&world, &effects)
    #expect(effects.brokenRules == [])
    #expect(world.checkInvariants() == [])
  }
}

extension World {
  /// Runs one operation on a copy and returns the world after it and its effects, checking
  /// the invariants and, when a rule was broken, that nothing changed.
  func after(
    _ operation: (inout World, inout WorldEffects) -> Void,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> (World, WorldEffects) {
    var copy = self
    var effects = WorldEffects()
    operation(&copy, &effects)
    #expect(copy.checkInvariants() == [], sourceLocation: sourceLocation)
    if !effects.brokenRules.isEmpty {
      #expect(copy == self, "a broken rule changed the world", sourceLocation: sourceLocation)
      #expect(effects.callbacks == [], sourceLocation: sourceLocation)
    }
    return (copy, effects)
  }
}

@Suite("World scenarios")
struct WorldScenarioTests {
  @Test func anEmptyWorldIsConsistentAndShowsNothing() {
    let world = World()
    #expect(world.checkInvariants() == [])
    #expect(world.modalChain() == [])
    #expect(world.visibleTop() == nil)
    #expect(world.gestures() == [])
    #expect(world.objectsInHierarchy() == [])
  }

  @Test func creationAppendsObjectsWithTheirAttributes() {
    var world = World()
    let screen = world.makeScreen(7, style: .formSheet, modalInPresentation: true)
    let nav = world.makeNavigationController()
    let tabBar = world.makeTabBarController()
    #expect([screen, nav, tabBar] == [0, 1, 2])
    #expect(world[screen].kind == .screen(7))
    #expect(world[screen].screen == 7)
    #expect(world[screen].style == .formSheet)
    #expect(world[screen].modalInPresentation)
    #expect(world[nav].isNavigationController && world[nav].style == .pageSheet)
    #expect(world[tabBar].isTabBarController && world[tabBar].children == [])
    #expect(!world.isInWindowHierarchy(screen))
  }

  /// The visible path and the gestures on it reach the innermost of containers nested deeper
  /// than an inline id list holds (31). Regression: the path was once an `IDList`, cut there.
  @Test func theVisiblePathReachesTheInnermostOfDeeplyNestedTabBars() {
    var builder = WorldBuilder()
    let screens = builder.screens(2)
    let nav = builder.nav(screens)
    var tabBars = [builder.tabBar([nav])]
    for _ in 1..<35 { tabBars.append(builder.tabBar([tabBars[tabBars.count - 1]])) }
    builder.root(tabBars[tabBars.count - 1])
    let world = builder.world
    #expect(world.visiblePath() == tabBars.reversed() + [nav, screens[1]])
    #expect(world.visibleTop() == screens[1])
    let gestures = world.gestures()
    #expect(gestures.contains(.backButton(nav: nav)))
    #expect(gestures.contains(.selectTab(tabBar: tabBars[0], index: 0)))
    #expect(gestures.count { if case .selectTab = $0 { true } else { false } } == tabBars.count)
  }

  @Test func aTabbedAppShowsTheTopOfTheSelectedStack() {
    var builder = WorldBuilder()
    let home = builder.screens(2)
    let account = builder.screen()
    let homeNav = builder.nav(home)
    let accountNav = builder.nav([account])
    let tabs = builder.tabBar([homeNav, accountNav])
    builder.root(tabs)
    let world = builder.world
    #expect(world.visiblePath() == [tabs, homeNav, home[1]])
    #expect(world.visibleTop() == home[1])
    #expect(world.objectsInHierarchy() == [tabs, homeNav, home[0], home[1], accountNav, account])
    #expect(world.isInWindowHierarchy(account))
    #expect(world.navigationController(of: home[1]) == homeNav)
    #expect(world.navigationController(of: homeNav) == nil)
    #expect(world.presentationRoot(of: home[0]) == tabs)
  }
}
