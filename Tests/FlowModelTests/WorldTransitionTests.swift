import Testing

@testable import FlowModel

/// Modal transitions kept in flight (`limits { inflight 1 }`): each UIKit rule of the window
/// between `present`/`dismiss` and the end of their animation.
@Suite("World transitions in flight")
struct WorldTransitionTests {
  /// The window shows `nav` holding `[home]`.
  struct Setup {
    var builder = WorldBuilder()
    let home: ObjectID, nav: ObjectID, sheet: ObjectID, other: ObjectID

    init() {
      home = builder.screen()
      nav = builder.nav([home])
      builder.root(nav)
      sheet = builder.screen()
      other = builder.screen()
    }
  }

  /// `operation` with transitions kept in flight.
  static func inFlight(
    _ operation: @escaping (inout World, inout WorldEffects) -> Void
  ) -> (inout World, inout WorldEffects) -> Void {
    { world, effects in
      effects.keepsModalTransitionsInFlight = true
      operation(&world, &effects)
    }
  }

  @Test func anAnimatedPresentationIsPresentedAtOnceButTheUserStillTouchesWhatItCovers() {
    let setup = Setup()
    let (sheet, home, nav) = (setup.sheet, setup.home, setup.nav)
    let (world, effects) = setup.builder.world.after(
      Self.inFlight { $0.present(sheet, from: home, animated: true, effects: &$1) })
    #expect(effects.callbacks == [] && effects.brokenRules == [])
    // `presentedViewController` is set when `present` is called.
    #expect(world[nav].presented == sheet)
    #expect(world[sheet].modalTransition == .presenting)
    #expect(world.visibleTop() == home)
    #expect(world.gestures() == [.animationEnds(presented: sheet)], "no swipe-down while it animates in")
    var ended = world
    var endEffects = WorldEffects()
    ended.perform(.animationEnds(presented: sheet), effects: &endEffects)
    #expect(endEffects == WorldEffects())
    #expect(ended[sheet].modalTransition == nil)
    #expect(ended.visibleTop() == sheet)
    #expect(ended.gestures() == [.swipeDown(presented: sheet)])
  }

  /// UIKit ignores interaction events while a non-interactive presentation or dismissal
  /// animates: the covered stack's Back, edge swipe and long-press menu, a tab bar's tabs
  /// and the leaving sheet's own Back wait for the end, though the covered screen's buttons
  /// take taps.
  @Test func uikitsOwnControlsWaitForAPresentationOrDismissalToEnd() {
    var builder = WorldBuilder()
    let screens = builder.screens(4)
    let (first, second, third, pushed) = (screens[0], screens[1], screens[2], screens[3])
    let nav = builder.nav([first, second, third])
    let other = builder.nav([builder.screen()])
    let tabBar = builder.tabBar([nav, other])
    builder.root(tabBar)
    let sheetStack = builder.nav([builder.screen(), pushed])
    let world = builder.world
    let idle: [Gesture] = [
      .backButton(nav: nav), .swipeBack(nav: nav, completes: true),
      .swipeBack(nav: nav, completes: false), .backMenu(nav: nav, toIndex: 0),
      .selectTab(tabBar: tabBar, index: 0), .selectTab(tabBar: tabBar, index: 1),
    ]
    #expect(world.gestures() == idle)

    let (presenting, _) = world.after(
      Self.inFlight { $0.present(sheetStack, from: third, animated: true, effects: &$1) })
    #expect(presenting.visibleTop() == third, "the covered screen's buttons take taps")
    #expect(presenting.gestures() == [.animationEnds(presented: sheetStack)])

    var presented = presenting
    var effects = WorldEffects()
    presented.perform(.animationEnds(presented: sheetStack), effects: &effects)
    #expect(
      presented.gestures() == [
        .backButton(nav: sheetStack), .swipeBack(nav: sheetStack, completes: true),
        .swipeBack(nav: sheetStack, completes: false), .swipeDown(presented: sheetStack),
      ])

    let (dismissing, _) = presented.after(
      Self.inFlight { $0.dismiss(from: sheetStack, animated: true, effects: &$1) })
    #expect(dismissing.gestures() == [.animationEnds(presented: sheetStack)])
    var dismissed = dismissing
    dismissed.perform(.animationEnds(presented: sheetStack), effects: &effects)
    #expect(dismissed.gestures() == idle)
  }

  @Test func anAnimatedDismissalKeepsTheSheetOnScreenUntilItsAnimationEnds() {
    var setup = Setup()
    setup.builder.present(setup.sheet, from: setup.home)
    let (sheet, nav) = (setup.sheet, setup.nav)
    let (world, effects) = setup.builder.world.after(
      Self.inFlight { $0.dismiss(from: sheet, animated: true, effects: &$1) })
    #expect(effects.callbacks == [] && effects.brokenRules == [], "nothing leaves the hierarchy yet")
    #expect(world[nav].presented == sheet)
    #expect(world[sheet].modalTransition == .dismissing)
    #expect(world.visibleTop() == sheet, "the sheet animating out is still what the user touches")
    #expect(world.gestures() == [.animationEnds(presented: sheet)])
    var ended = world
    var endEffects = WorldEffects()
    ended.perform(.animationEnds(presented: sheet), effects: &endEffects)
    #expect(endEffects.callbacks == [.removedFromHierarchy(sheet)])
    #expect(ended[nav].presented == nil && ended[sheet].presenting == nil)
    #expect(ended[sheet].modalTransition == nil)
    #expect(ended.checkInvariants() == [])
  }

  @Test func aPresentationWhileOneAnimatesIsIgnoredWithUIKitsWarning() {
    var setup = Setup()
    let (sheet, other, home) = (setup.sheet, setup.other, setup.home)
    setup.builder.world.presentInFlight(sheet, from: home)
    for presenter in [home, sheet] {
      let (world, effects) = setup.builder.world.after(
        Self.inFlight { $0.present(other, from: presenter, animated: true, effects: &$1) })
      #expect(effects.brokenRules.map(\.rule) == [.presentWhileTransitionInProgress])
      #expect(world == setup.builder.world)
    }
  }

  @Test func aDismissalWhileAPresentationOrDismissalAnimatesIsIgnoredWithUIKitsWarning() {
    var setup = Setup()
    let (sheet, home) = (setup.sheet, setup.home)
    setup.builder.world.presentInFlight(sheet, from: home)
    var dismissing = setup.builder.world
    dismissing.endAnimation(of: sheet)
    var effects = WorldEffects()
    effects.keepsModalTransitionsInFlight = true
    dismissing.dismiss(from: sheet, animated: true, effects: &effects)
    #expect(dismissing[sheet].modalTransition == .dismissing)
    for world in [setup.builder.world, dismissing] {
      let (after, effects) = world.after(
        Self.inFlight { $0.dismiss(from: sheet, animated: false, effects: &$1) })
      #expect(effects.brokenRules.map(\.rule) == [.dismissWhileTransitionInProgress])
      #expect(after == world)
    }
  }

  @Test func aNonAnimatedTransitionCompletesAtOnceEvenInFlight() {
    let setup = Setup()
    let (sheet, home, nav) = (setup.sheet, setup.home, setup.nav)
    let (world, _) = setup.builder.world.after(
      Self.inFlight { $0.present(sheet, from: home, animated: false, effects: &$1) })
    #expect(world[sheet].modalTransition == nil)
    #expect(world.visibleTop() == sheet)
    let (dismissed, effects) = world.after(
      Self.inFlight { $0.dismiss(from: sheet, animated: false, effects: &$1) })
    #expect(effects.callbacks == [.removedFromHierarchy(sheet)])
    #expect(dismissed[nav].presented == nil)
  }

  @Test func withoutInFlightAnAnimatedTransitionCompletesWithinTheOperation() {
    let setup = Setup()
    let (sheet, home) = (setup.sheet, setup.home)
    let (world, _) = setup.builder.world.after { $0.present(sheet, from: home, animated: true, effects: &$1) }
    #expect(world[sheet].modalTransition == nil)
    #expect(world.modalTransitionInFlight() == nil)
    #expect(world.gestures() == [.swipeDown(presented: sheet)])
  }

  @Test func replacingTheWindowRootEndsTheTransitionWithTheChain() {
    var setup = Setup()
    let (sheet, other) = (setup.sheet, setup.other)
    setup.builder.world.presentInFlight(sheet, from: setup.home)
    let (world, _) = setup.builder.world.after { $0.setWindowRoot(other, effects: &$1) }
    #expect(world[sheet].modalTransition == nil)
    #expect(world.modalTransitionInFlight() == nil)
  }
}
