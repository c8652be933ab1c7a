import Testing

@testable import FlowModel

/// Pushes and pops kept in flight (`limits { inflight 1 }`): `didShow` at the end of the
/// animation, taps on the covered screen, and the calls UIKit defers meanwhile.
@Suite("World navigation transitions in flight")
struct WorldNavigationTransitionTests {
  /// The window shows `nav` holding `[home]`; `detail` and `other` are free screens.
  struct Setup {
    var builder = WorldBuilder()
    let home: ObjectID, nav: ObjectID, detail: ObjectID, other: ObjectID

    init() {
      home = builder.screen()
      nav = builder.nav([home])
      builder.root(nav)
      detail = builder.screen()
      other = builder.screen()
    }
  }

  static func inFlight(
    _ operation: @escaping (inout World, inout WorldEffects) -> Void
  ) -> (inout World, inout WorldEffects) -> Void {
    { world, effects in
      effects.keepsModalTransitionsInFlight = true
      effects.keepsNavigationTransitionsInFlight = true
      operation(&world, &effects)
    }
  }

  static func perform(_ gesture: Gesture, on world: World) -> (World, WorldEffects) {
    var world = world
    var effects = WorldEffects()
    effects.keepsModalTransitionsInFlight = true
    effects.keepsNavigationTransitionsInFlight = true
    world.perform(gesture, effects: &effects)
    return (world, effects)
  }

  @Test func anAnimatedPushUpdatesTheStackAtOnceAndSendsDidShowWhenItsAnimationEnds() {
    let setup = Setup()
    let (home, nav, detail) = (setup.home, setup.nav, setup.detail)
    let (world, effects) = setup.builder.world.after(
      Self.inFlight { $0.push(detail, on: nav, animated: true, effects: &$1) })
    #expect(effects.callbacks == [.navigationWillShow(nav: nav, shown: detail, animated: true)])
    #expect(world[nav].children == [home, detail])
    #expect(world[nav].navigationTransitionFrom == home)
    // The user still touches the screen the push covers.
    #expect(world.visibleTop() == home)
    #expect(world.gestures() == [.backButton(nav: nav), .navigationAnimationEnds(nav: nav)])
    let (ended, endEffects) = Self.perform(.navigationAnimationEnds(nav: nav), on: world)
    #expect(
      endEffects.callbacks == [
        .navigationDidShow(
          nav: nav, shown: detail, animated: true,
          transition: TransitionContext(from: home, to: detail, isInteractive: false))
      ])
    #expect(ended[nav].navigationTransitionFrom == nil)
    #expect(ended.visibleTop() == detail)
    #expect(ended.checkInvariants() == [])
  }

  @Test func aPushDuringAPushIsDeferredUntilTheFirstEnds() {
    let setup = Setup()
    let (home, nav, detail, other) = (setup.home, setup.nav, setup.detail, setup.other)
    let (world, effects) = setup.builder.world.after(
      Self.inFlight {
        $0.push(detail, on: nav, animated: true, effects: &$1)
        $0.push(other, on: nav, animated: true, effects: &$1)
      })
    #expect(effects.brokenRules == [])
    #expect(world[nav].children == [home, detail], "viewControllers is not updated synchronously")
    #expect(
      world.deferredNavigations == [
        // Deferred by the event that started the push: no later event counted yet.
        DeferredNavigation(nav: nav, stack: [home, detail, other], animated: true, events: 0)
      ])
    let (ended, endEffects) = Self.perform(.navigationAnimationEnds(nav: nav), on: world)
    #expect(
      endEffects.callbacks == [
        .navigationDidShow(
          nav: nav, shown: detail, animated: true,
          transition: TransitionContext(from: home, to: detail, isInteractive: false)),
        .navigationWillShow(nav: nav, shown: other, animated: true),
      ])
    #expect(ended[nav].children == [home, detail, other])
    #expect(ended[nav].navigationTransitionFrom == detail, "the deferred push animates in turn")
    #expect(ended.deferredNavigations == [])
    let (last, lastEffects) = Self.perform(.navigationAnimationEnds(nav: nav), on: ended)
    #expect(lastEffects.callbacks.count == 1)
    #expect(last.visibleTop() == other)
    #expect(last.checkInvariants() == [])
  }

  @Test func aPopDuringAPushRunsWhenThePushEndsAndReportsThePoppedController() {
    let setup = Setup()
    let (home, nav, detail) = (setup.home, setup.nav, setup.detail)
    let (world, _) = setup.builder.world.after(
      Self.inFlight { $0.push(detail, on: nav, animated: true, effects: &$1) })
    let (popping, popEffects) = Self.perform(.backButton(nav: nav), on: world)
    #expect(popEffects.callbacks == [] && popEffects.brokenRules == [])
    #expect(popping[nav].children == [home, detail])
    let (ended, endEffects) = Self.perform(.navigationAnimationEnds(nav: nav), on: popping)
    #expect(ended[nav].children == [home])
    #expect(endEffects.callbacks.first?.kind == .navigationDidShow)
    #expect(endEffects.callbacks.contains(.removedFromHierarchy(detail)))
    let (last, lastEffects) = Self.perform(.navigationAnimationEnds(nav: nav), on: ended)
    #expect(
      lastEffects.callbacks == [
        .navigationDidShow(
          nav: nav, shown: home, animated: true,
          transition: TransitionContext(from: detail, to: home, isInteractive: false))
      ], "the popped controller is the transition's from, held until the end")
    #expect(last.checkInvariants() == [])
  }

  @Test func aDeferredPopWithNothingLeftToPopIsIgnored() {
    let setup = Setup()
    let (nav, detail) = (setup.nav, setup.detail)
    var (world, _) = setup.builder.world.after(
      Self.inFlight {
        $0.push(detail, on: nav, animated: true, effects: &$1)
        $0.pop(nav, animated: true, effects: &$1)
      })
    var effects = WorldEffects()
    effects.keepsNavigationTransitionsInFlight = true
    world.pop(nav, animated: true, effects: &effects)
    #expect(effects.brokenRules.map(\.rule) == [.popRoot])
  }

  @Test func withoutInFlightTransitionsAPushCompletesWithinTheCall() {
    let setup = Setup()
    let (nav, detail) = (setup.nav, setup.detail)
    let (world, effects) = setup.builder.world.after {
      $0.push(detail, on: nav, animated: true, effects: &$1)
    }
    #expect(effects.callbacks.count == 2)
    #expect(world[nav].navigationTransitionFrom == nil)
    #expect(world.visibleTop() == detail)
  }
}
