import Testing

@testable import FlowModel

@Suite("World tab bar")
struct WorldTabBarTests {
  @Test func addedTabsKeepTheirOrderAndTheFirstIsSelected() {
    var builder = WorldBuilder()
    let tabs = builder.screens(3)
    let tabBar = builder.world.makeTabBarController()
    var world = builder.world
    for tab in tabs {
      let (after, effects) = world.after { $0.addTab(tab, to: tabBar, effects: &$1) }
      #expect(effects == WorldEffects())
      world = after
    }
    #expect(Array(world[tabBar].children) == tabs)
    #expect(world[tabBar].selectedIndex == 0)
    #expect(tabs.allSatisfy { world[$0].container == tabBar })
  }

  @Test func aProgrammaticSelectionCallsNoDelegate() {
    var builder = WorldBuilder()
    let tabs = builder.screens(2)
    let tabBar = builder.tabBar(tabs)
    builder.root(tabBar)
    let (after, effects) = builder.world.after { $0.select(tab: 1, of: tabBar, effects: &$1) }
    #expect(after[tabBar].selectedIndex == 1)
    #expect(after.visibleTop() == tabs[1])
    #expect(effects == WorldEffects())
  }

  @Test func selectingTheSelectedTabProgrammaticallyChangesNothing() {
    var builder = WorldBuilder()
    let stack = builder.screens(2)
    let nav = builder.nav(stack)
    let tabBar = builder.tabBar([nav])
    builder.root(tabBar)
    let (after, effects) = builder.world.after { $0.select(tab: 0, of: tabBar, effects: &$1) }
    #expect(after == builder.world)
    #expect(effects == WorldEffects())
  }

  @Test func aTabBarWithoutTabsShowsItself() {
    var builder = WorldBuilder()
    let tabBar = builder.tabBar([])
    builder.root(tabBar)
    #expect(builder.world.visibleTop() == tabBar)
    #expect(builder.world.gestures() == [])
  }
}
