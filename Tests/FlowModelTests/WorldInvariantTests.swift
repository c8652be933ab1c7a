import Testing

@testable import FlowModel

@Suite("World invariants")
struct WorldInvariantTests {
  /// The window shows `nav` holding `[a, b]`, which presents `sheet`; `free` and `tabBar`
  /// (one tab, `tab`) are detached.
  private struct Parts {
    var world: World
    let nav: ObjectID, a: ObjectID, b: ObjectID, sheet: ObjectID, free: ObjectID
    let tabBar: ObjectID, tab: ObjectID

    init() {
      var builder = WorldBuilder()
      a = builder.screen()
      b = builder.screen()
      nav = builder.nav([a, b])
      builder.root(nav)
      sheet = builder.screen()
      builder.present(sheet, from: b)
      free = builder.screen()
      tab = builder.screen()
      tabBar = builder.tabBar([tab])
      world = builder.world
    }
  }

  enum Corruption: String, CaseIterable {
    case childDisownsContainer, containerForgetsChild, duplicateChild, screenWithChildren
    case stackHoldsContainer, presentationDisagrees, childPresents, rootIsAChild
    case containmentCycle, presentationCycle, detachedPresenter, selectionOutOfRange
    case danglingReference
  }

  @Test func theBuiltWorldIsConsistent() {
    #expect(Parts().world.checkInvariants() == [])
  }

  @Test(arguments: Corruption.allCases)
  func eachCorruptionIsReported(corruption: Corruption) {
    var parts = Parts()
    let (nav, a, sheet, free, tabBar, tab) = (
      parts.nav, parts.a, parts.sheet, parts.free, parts.tabBar, parts.tab
    )
    let expected: String
    switch corruption {
    case .childDisownsContainer:
      parts.world[a].container = nil
      expected = "'#\(a)' is a child of '#\(nav)' but its container is none"
    case .containerForgetsChild:
      parts.world[free].container = nav
      expected = "'#\(free)' names '#\(nav)' as container but is not among its children"
    case .duplicateChild:
      parts.world[nav].children.append(a)
      expected = "'#\(a)' appears twice among the children of '#\(nav)'"
    case .screenWithChildren:
      parts.world[free].children = [tab]
      parts.world[tabBar].children = []
      parts.world[tab].container = free
      expected = "screen '#\(free)' has children"
    case .stackHoldsContainer:
      parts.world[nav].children.append(tabBar)
      parts.world[tabBar].container = nav
      expected = "navigation stack of '#\(nav)' holds container '#\(tabBar)'"
    case .presentationDisagrees:
      parts.world[sheet].presenting = free
      expected = "'#\(nav)' presents '#\(sheet)' whose presenter is '#\(free)'"
    case .childPresents:
      parts.world[nav].presented = nil
      parts.world[a].presented = sheet
      parts.world[sheet].presenting = a
      expected = "child '#\(a)' takes part in a presentation; only presentation roots do"
    case .rootIsAChild:
      parts.world[tabBar].children.append(nav)
      parts.world[nav].container = tabBar
      expected = "window root '#\(nav)' is a child of '#\(tabBar)'"
    case .containmentCycle:
      parts.world[tabBar].children.append(tabBar)
      parts.world[tabBar].container = tabBar
      expected = "'#\(tabBar)' contains itself"
    case .presentationCycle:
      parts.world[free].presented = tabBar
      parts.world[tabBar].presenting = free
      parts.world[tabBar].presented = free
      parts.world[free].presenting = tabBar
      expected = "'#\(free)' presents itself through its presenters"
    case .detachedPresenter:
      parts.world[tabBar].presented = free
      parts.world[free].presenting = tabBar
      expected = "'#\(tabBar)' presents outside the window hierarchy"
    case .selectionOutOfRange:
      parts.world[tabBar].selectedIndex = 1
      expected = "tab bar '#\(tabBar)' selects index 1 of 1 tabs"
    case .danglingReference:
      parts.world[free].presenting = 99
      expected = "'#\(free)' refers to '#99', which does not exist"
    }
    let problems = parts.world.checkInvariants()
    #expect(problems.contains(expected), "\(problems)")
    #expect(problems.allSatisfy { $0.first?.isUppercase != true && !$0.hasSuffix(".") })
  }
}
