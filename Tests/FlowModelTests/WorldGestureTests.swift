import FlowLanguage
import Testing

@testable import FlowModel

@Suite("World gestures")
struct WorldGestureTests {
  /// The window shows a tab bar: tab 0 a navigation controller holding `depth` screens,
  /// tab 1 a screen.
  private func tabbedWorld(depth: Int) -> (
    world: World, tabBar: ObjectID, nav: ObjectID, stack: [ObjectID], other: ObjectID
  ) {
    var builder = WorldBuilder()
    let stack = builder.screens(depth)
    let nav = builder.nav(stack)
    let other = builder.screen()
    let tabBar = builder.tabBar([nav, other])
    builder.root(tabBar)
    return (builder.world, tabBar, nav, stack, other)
  }

  @Test func gesturesComeInAFixedOrder() {
    let (world, tabBar, nav, _, _) = tabbedWorld(depth: 4)
    #expect(
      world.gestures() == [
        .backButton(nav: nav), .swipeBack(nav: nav, completes: true), .swipeBack(nav: nav, completes: false),
        .backMenu(nav: nav, toIndex: 0), .backMenu(nav: nav, toIndex: 1),
        .selectTab(tabBar: tabBar, index: 0), .selectTab(tabBar: tabBar, index: 1),
      ])
  }

  @Test func aRootWithoutAStackOffersOnlyTabs() {
    let (world, tabBar, _, _, _) = tabbedWorld(depth: 1)
    #expect(world.gestures() == [.selectTab(tabBar: tabBar, index: 0), .selectTab(tabBar: tabBar, index: 1)])
  }

  @Test func anUnselectedStackOffersNoBackGesture() {
    let (world, tabBar, _, _, _) = tabbedWorld(depth: 3)
    let (after, _) = world.after { $0.select(tab: 1, of: tabBar, effects: &$1) }
    #expect(after.gestures() == [.selectTab(tabBar: tabBar, index: 0), .selectTab(tabBar: tabBar, index: 1)])
  }

  @Test func aSheetCoversEverythingBelowIt() {
    let (world, tabBar, _, stack, _) = tabbedWorld(depth: 3)
    var builder = WorldBuilder()
    builder.world = world
    let flow = builder.screens(2)
    let sheetNav = builder.nav(flow)
    builder.present(sheetNav, from: stack[2])
    #expect(builder.world[tabBar].presented == sheetNav)
    #expect(
      builder.world.gestures() == [
        .backButton(nav: sheetNav), .swipeBack(nav: sheetNav, completes: true),
        .swipeBack(nav: sheetNav, completes: false), .swipeDown(presented: sheetNav),
      ])
  }

  @Test(arguments: [PresentationStyle.fullScreen, .overFullScreen])
  func onlySheetsCanBeSwipedDown(style: PresentationStyle) {
    var builder = WorldBuilder()
    let home = builder.screen()
    builder.root(home)
    let cover = builder.screen(style: style)
    builder.present(cover, from: home)
    #expect(builder.world.gestures() == [])
  }

  @Test func aSheetStyledWindowRootCannotBeSwipedDown() {
    var builder = WorldBuilder()
    let home = builder.screen(style: .formSheet)
    builder.root(home)
    #expect(builder.world.gestures() == [])
  }

  @Test func theBackButtonPopsAnimated() {
    let (world, _, nav, stack, _) = tabbedWorld(depth: 2)
    let (after, effects) = world.after { $0.perform(.backButton(nav: nav), effects: &$1) }
    #expect(after[nav].children == [stack[0]])
    #expect(
      effects.callbacks == [
        .navigationWillShow(nav: nav, shown: stack[0], animated: true),
        .removedFromHierarchy(stack[1]),
        .navigationDidShow(
          nav: nav, shown: stack[0], animated: true,
          transition: TransitionContext(from: stack[1], to: stack[0], isInteractive: false)),
      ])
  }

  @Test func aCompletedSwipeBackIsAnInteractivePop() {
    let (world, _, nav, stack, _) = tabbedWorld(depth: 3)
    let (after, effects) = world.after { $0.perform(.swipeBack(nav: nav, completes: true), effects: &$1) }
    #expect(Array(after[nav].children) == Array(stack.prefix(2)))
    #expect(
      effects.callbacks == [
        .navigationWillShow(nav: nav, shown: stack[1], animated: true),
        .removedFromHierarchy(stack[2]),
        .navigationDidShow(
          nav: nav, shown: stack[1], animated: true,
          transition: TransitionContext(from: stack[2], to: stack[1], isInteractive: true)),
      ])
  }

  @Test func aCancelledSwipeBackOnlyAnnouncesTheControllerBelow() {
    let (world, _, nav, stack, _) = tabbedWorld(depth: 3)
    let (after, effects) = world.after { $0.perform(.swipeBack(nav: nav, completes: false), effects: &$1) }
    #expect(after == world)
    #expect(effects.callbacks == [.navigationWillShow(nav: nav, shown: stack[1], animated: true)])
    #expect(effects.brokenRules == [])
  }

  @Test func theBackMenuPopsSeveralLevelsAtOnce() {
    let (world, _, nav, stack, _) = tabbedWorld(depth: 4)
    let (after, effects) = world.after { $0.perform(.backMenu(nav: nav, toIndex: 0), effects: &$1) }
    #expect(after[nav].children == [stack[0]])
    #expect(
      effects.callbacks == [
        .navigationWillShow(nav: nav, shown: stack[0], animated: true),
        .removedFromHierarchy(stack[3]),
        .removedFromHierarchy(stack[2]),
        .removedFromHierarchy(stack[1]),
        .navigationDidShow(
          nav: nav, shown: stack[0], animated: true,
          transition: TransitionContext(from: stack[3], to: stack[0], isInteractive: false)),
      ])
  }

  /// The window shows `home`, which presents `sheet`: a navigation controller holding two
  /// screens, the top one modal-in-presentation when `modalTop`.
  private func sheetWorld(modalSheet: Bool = false, modalTop: Bool = false) -> (
    world: World, home: ObjectID, sheet: ObjectID, flow: [ObjectID]
  ) {
    var builder = WorldBuilder()
    let home = builder.screen()
    builder.root(home)
    let flow = [builder.screen(), builder.screen(modal: modalTop)]
    let sheet = builder.nav(flow, modal: modalSheet)
    builder.present(sheet, from: home)
    return (builder.world, home, sheet, flow)
  }

  @Test func swipingDownASheetDismissesItAndTellsTheDelegate() {
    let (world, home, sheet, flow) = sheetWorld()
    let (after, effects) = world.after { $0.perform(.swipeDown(presented: sheet), effects: &$1) }
    #expect(after.modalChain() == [home])
    #expect(
      effects.callbacks == [
        .presentationWillDismiss(sheet),
        .removedFromHierarchy(sheet), .removedFromHierarchy(flow[1]), .removedFromHierarchy(flow[0]),
        .presentationDidDismiss(sheet),
      ])
  }

  @Test(arguments: [(true, false), (false, true)])
  func aModalInPresentationSheetOnlyReportsTheAttempt(modalSheet: Bool, modalTop: Bool) {
    let (world, _, sheet, _) = sheetWorld(modalSheet: modalSheet, modalTop: modalTop)
    #expect(world.isModalInPresentationEffective(sheet))
    #expect(world.gestures().contains(.swipeDown(presented: sheet)))
    let (after, effects) = world.after { $0.perform(.swipeDown(presented: sheet), effects: &$1) }
    #expect(after == world)
    #expect(effects.callbacks == [.presentationDidAttemptToDismiss(sheet)])
  }

  @Test func aModalInPresentationControllerBelowTheTopDoesNotBlockTheSwipe() {
    var builder = WorldBuilder()
    let home = builder.screen()
    builder.root(home)
    let flow = [builder.screen(modal: true), builder.screen()]
    let sheet = builder.nav(flow)
    builder.present(sheet, from: home)
    #expect(!builder.world.isModalInPresentationEffective(sheet))
  }

  @Test func tappingAnotherTabSelectsItAndTellsTheDelegate() {
    let (world, tabBar, _, _, other) = tabbedWorld(depth: 2)
    let (after, effects) = world.after { $0.perform(.selectTab(tabBar: tabBar, index: 1), effects: &$1) }
    #expect(after[tabBar].selectedIndex == 1)
    #expect(after.visibleTop() == other)
    #expect(effects.callbacks == [.tabDidSelect(tabBar: tabBar, selected: other)])
  }

  @Test func retappingTheSelectedTabPopsItsStackToTheRoot() {
    let (world, tabBar, nav, stack, _) = tabbedWorld(depth: 3)
    let (after, effects) = world.after { $0.perform(.selectTab(tabBar: tabBar, index: 0), effects: &$1) }
    #expect(after[nav].children == [stack[0]])
    #expect(after[tabBar].selectedIndex == 0)
    #expect(
      effects.callbacks == [
        .navigationWillShow(nav: nav, shown: stack[0], animated: true),
        .removedFromHierarchy(stack[2]),
        .removedFromHierarchy(stack[1]),
        .navigationDidShow(
          nav: nav, shown: stack[0], animated: true,
          transition: TransitionContext(from: stack[2], to: stack[0], isInteractive: false)),
        .tabDidSelect(tabBar: tabBar, selected: nav),
      ])
  }

  @Test(arguments: [0, 1])
  func retappingATabWithNothingToPopOnlyTellsTheDelegate(tab: Int) {
    let (world, tabBar, nav, _, other) = tabbedWorld(depth: 1)
    let (start, _) = world.after { $0.select(tab: tab, of: tabBar, effects: &$1) }
    let (after, effects) = start.after { $0.perform(.selectTab(tabBar: tabBar, index: tab), effects: &$1) }
    #expect(after == start)
    #expect(effects.callbacks == [.tabDidSelect(tabBar: tabBar, selected: tab == 0 ? nav : other)])
  }
}
