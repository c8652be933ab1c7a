import Testing

@testable import FlowModel

@Suite("World presentation")
struct WorldPresentationTests {
  @Test func theWindowRootStartsTheModalChain() {
    var builder = WorldBuilder()
    let home = builder.screen()
    builder.root(home)
    let world = builder.world
    #expect(world.windowRoot == home)
    #expect(world.modalChain() == [home])
    #expect(world.visibleTop() == home)
    #expect(world.isInWindowHierarchy(home))
  }

  @Test func settingTheSameRootAgainChangesNothing() {
    var builder = WorldBuilder()
    let home = builder.screen()
    builder.root(home)
    let (after, effects) = builder.world.after { $0.setWindowRoot(home, effects: &$1) }
    #expect(after == builder.world)
    #expect(effects == WorldEffects())
  }

  @Test func replacingTheRootTearsDownTheOldHierarchyTopFirst() {
    var builder = WorldBuilder()
    let stack = builder.screens(2)
    let nav = builder.nav(stack)
    builder.root(nav)
    let sheet = builder.screen()
    builder.present(sheet, from: stack[1])
    let cover = builder.screen(style: .fullScreen)
    builder.present(cover, from: sheet)
    let login = builder.screen()
    let (after, effects) = builder.world.after { $0.setWindowRoot(login, effects: &$1) }
    #expect(after.windowRoot == login)
    #expect(after.modalChain() == [login])
    #expect(after[nav].presented == nil && after[sheet].presenting == nil && after[sheet].presented == nil)
    #expect(after[cover].presenting == nil)
    #expect(Array(after[nav].children) == stack, "a torn-down navigation controller keeps its stack")
    #expect(
      effects.callbacks == [
        .removedFromHierarchy(cover), .removedFromHierarchy(sheet), .removedFromHierarchy(nav),
        .removedFromHierarchy(stack[1]), .removedFromHierarchy(stack[0]),
      ])
  }

  @Test func theEffectivePresenterIsThePresentationRoot() {
    var builder = WorldBuilder()
    let stack = builder.screens(2)
    let nav = builder.nav(stack)
    let tabs = builder.tabBar([nav])
    builder.root(tabs)
    let sheet = builder.screen()
    let (after, effects) = builder.world.after {
      $0.present(sheet, from: stack[0], animated: true, effects: &$1)
    }
    #expect(effects == WorldEffects(), "presenting emits no callback")
    #expect(after[tabs].presented == sheet)
    #expect(after[sheet].presenting == tabs)
    #expect(after[stack[0]].presented == nil)
    #expect(after.modalChain() == [tabs, sheet])
    #expect(after.visibleTop() == sheet)
    #expect(after.isInWindowHierarchy(sheet))
  }

  @Test func aPresentedNavigationControllerShowsItsTop() {
    var builder = WorldBuilder()
    let home = builder.screen()
    builder.root(home)
    let flow = builder.screens(2)
    let nav = builder.nav(flow)
    builder.present(nav, from: home)
    #expect(builder.world.visiblePath() == [nav, flow[1]])
    #expect(builder.world.presentationRoot(of: flow[1]) == nav)
  }

  /// The window shows `home`, which presents a chain of `length` screens.
  private func chainWorld(length: Int = 3) -> (world: World, home: ObjectID, chain: [ObjectID]) {
    var builder = WorldBuilder()
    let home = builder.screen()
    builder.root(home)
    let chain = builder.screens(length)
    var presenter = home
    for vc in chain {
      builder.present(vc, from: presenter)
      presenter = vc
    }
    return (builder.world, home, chain)
  }

  @Test func dismissingFromAPresenterRemovesWhatItPresentsAndAbove() {
    let (world, home, chain) = chainWorld()
    let (after, effects) = world.after { $0.dismiss(from: chain[0], animated: true, effects: &$1) }
    #expect(after.modalChain() == [home, chain[0]])
    #expect(effects.callbacks == [.removedFromHierarchy(chain[2]), .removedFromHierarchy(chain[1])])
  }

  /// A chain longer than an inline id list (31) goes whole: one step can build such a chain
  /// before the `presented` bound cuts it. Regression: the teardown once kept the chain in an
  /// `IDList`, which dropped everything past the 31st controller.
  @Test func dismissingAVeryLongChainRemovesAllOfIt() {
    let (world, home, chain) = chainWorld(length: 40)
    let (after, effects) = world.after { $0.dismiss(from: home, animated: true, effects: &$1) }
    #expect(after.modalChain() == [home])
    #expect(chain.allSatisfy { after[$0].presenting == nil && after[$0].presented == nil })
    #expect(effects.callbacks == chain.reversed().map { .removedFromHierarchy($0) })
  }

  @Test func dismissingTheTopForwardsToItsPresenter() {
    let (world, home, chain) = chainWorld()
    let (after, effects) = world.after { $0.dismiss(from: chain[2], animated: false, effects: &$1) }
    #expect(after.modalChain() == [home, chain[0], chain[1]])
    #expect(after[chain[1]].presented == nil)
    #expect(effects.callbacks == [.removedFromHierarchy(chain[2])])
  }

  @Test func dismissingFromTheRootRemovesTheWholeChain() {
    let (world, home, chain) = chainWorld()
    let (after, effects) = world.after { $0.dismiss(from: home, animated: true, effects: &$1) }
    #expect(after.modalChain() == [home])
    #expect(
      effects.callbacks == [
        .removedFromHierarchy(chain[2]), .removedFromHierarchy(chain[1]), .removedFromHierarchy(chain[0]),
      ])
  }

  @Test func dismissingFromAChildOfAPresentedContainerDismissesTheContainer() {
    var builder = WorldBuilder()
    let home = builder.screen()
    builder.root(home)
    let flow = builder.screens(2)
    let nav = builder.nav(flow)
    builder.present(nav, from: home)
    let (after, effects) = builder.world.after { $0.dismiss(from: flow[1], animated: true, effects: &$1) }
    #expect(after.modalChain() == [home])
    #expect(Array(after[nav].children) == flow)
    #expect(!after.isInWindowHierarchy(flow[0]))
    #expect(
      effects.callbacks == [
        .removedFromHierarchy(nav), .removedFromHierarchy(flow[1]), .removedFromHierarchy(flow[0]),
      ])
  }

  @Test func programmaticDismissalNeverCallsThePresentationDelegate() {
    let (world, home, _) = chainWorld()
    let (_, effects) = world.after { $0.dismiss(from: home, animated: true, effects: &$1) }
    #expect(effects.callbacks.count == 3, "one removal per dismissed controller")
    for callback in effects.callbacks {
      guard case .removedFromHierarchy = callback else {
        Issue.record("unexpected \(callback)")
        continue
      }
    }
  }

  @Test func aDismissedControllerCanBePresentedAgain() {
    let (world, home, chain) = chainWorld()
    var (after, _) = world.after { $0.dismiss(from: home, animated: true, effects: &$1) }
    (after, _) = after.after { $0.present(chain[1], from: home, animated: true, effects: &$1) }
    #expect(after.modalChain() == [home, chain[1]])
  }
}
