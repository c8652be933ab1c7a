import Testing

@testable import FlowModel

@Suite("World navigation")
struct WorldNavigationTests {
  /// The window shows a navigation controller holding `depth` screens, plus one free screen.
  private func stackWorld(depth: Int) -> (world: World, nav: ObjectID, stack: [ObjectID], free: ObjectID) {
    var builder = WorldBuilder()
    let stack = builder.screens(depth)
    let nav = builder.nav(stack)
    builder.root(nav)
    let free = builder.screen()
    return (builder.world, nav, stack, free)
  }

  @Test(arguments: [true, false])
  func pushShowsTheNewTop(animated: Bool) {
    let (world, nav, stack, free) = stackWorld(depth: 1)
    let (after, effects) = world.after { $0.push(free, on: nav, animated: animated, effects: &$1) }
    #expect(Array(after[nav].children) == stack + [free])
    #expect(after[free].container == nav)
    #expect(after.visibleTop() == free)
    let transition = animated ? TransitionContext(from: stack[0], to: free, isInteractive: false) : nil
    #expect(
      effects.callbacks == [
        .navigationWillShow(nav: nav, shown: free, animated: animated),
        .navigationDidShow(nav: nav, shown: free, animated: animated, transition: transition),
      ])
  }

  @Test func pushOntoAnEmptyStackIsNeverAnimated() {
    var builder = WorldBuilder()
    let nav = builder.nav([])
    builder.root(nav)
    let screen = builder.screen()
    let (after, effects) = builder.world.after { $0.push(screen, on: nav, animated: true, effects: &$1) }
    #expect(after.topViewController(of: nav) == screen)
    #expect(
      effects.callbacks == [
        .navigationWillShow(nav: nav, shown: screen, animated: false),
        .navigationDidShow(nav: nav, shown: screen, animated: false, transition: nil),
      ])
  }

  @Test(arguments: [true, false])
  func popRemovesTheTop(animated: Bool) {
    let (world, nav, stack, _) = stackWorld(depth: 3)
    let (after, effects) = world.after { $0.pop(nav, animated: animated, effects: &$1) }
    #expect(Array(after[nav].children) == Array(stack.prefix(2)))
    #expect(after[stack[2]].container == nil)
    #expect(!after.isInWindowHierarchy(stack[2]))
    let transition = animated ? TransitionContext(from: stack[2], to: stack[1], isInteractive: false) : nil
    #expect(
      effects.callbacks == [
        .navigationWillShow(nav: nav, shown: stack[1], animated: animated),
        .removedFromHierarchy(stack[2]),
        .navigationDidShow(nav: nav, shown: stack[1], animated: animated, transition: transition),
      ])
  }

  @Test func popToRemovesEveryControllerAboveTheTargetTopFirst() {
    let (world, nav, stack, _) = stackWorld(depth: 4)
    let (after, effects) = world.after { $0.popTo(stack[1], in: nav, animated: true, effects: &$1) }
    #expect(Array(after[nav].children) == Array(stack.prefix(2)))
    #expect(
      effects.callbacks == [
        .navigationWillShow(nav: nav, shown: stack[1], animated: true),
        .removedFromHierarchy(stack[3]),
        .removedFromHierarchy(stack[2]),
        .navigationDidShow(
          nav: nav, shown: stack[1], animated: true,
          transition: TransitionContext(from: stack[3], to: stack[1], isInteractive: false)),
      ])
  }

  @Test func popToTheCurrentTopChangesNothingAndBreaksNoRule() {
    let (world, nav, stack, _) = stackWorld(depth: 2)
    let (after, effects) = world.after { $0.popTo(stack[1], in: nav, animated: true, effects: &$1) }
    #expect(after == world)
    #expect(effects == WorldEffects())
  }

  @Test(arguments: [true, false])
  func popToRootKeepsOnlyTheRoot(animated: Bool) {
    let (world, nav, stack, _) = stackWorld(depth: 3)
    let (after, effects) = world.after { $0.popToRoot(nav, animated: animated, effects: &$1) }
    #expect(after[nav].children == [stack[0]])
    let transition = animated ? TransitionContext(from: stack[2], to: stack[0], isInteractive: false) : nil
    #expect(
      effects.callbacks == [
        .navigationWillShow(nav: nav, shown: stack[0], animated: animated),
        .removedFromHierarchy(stack[2]),
        .removedFromHierarchy(stack[1]),
        .navigationDidShow(nav: nav, shown: stack[0], animated: animated, transition: transition),
      ])
  }

  @Test(arguments: [0, 1])
  func popToRootOfAShortStackChangesNothingAndBreaksNoRule(depth: Int) {
    let (world, nav, _, _) = stackWorld(depth: depth)
    let (after, effects) = world.after { $0.popToRoot(nav, animated: true, effects: &$1) }
    #expect(after == world)
    #expect(effects == WorldEffects())
  }

  @Test(arguments: [true, false])
  func setViewControllersWithTheSameListChangesNothing(animated: Bool) {
    let (world, nav, stack, _) = stackWorld(depth: 3)
    let (after, effects) = world.after {
      $0.setViewControllers(IDList(stack), of: nav, animated: animated, effects: &$1)
    }
    #expect(after == world)
    #expect(effects == WorldEffects())
  }

  @Test(arguments: [true, false])
  func setViewControllersReportsANewTopAndDroppedControllers(animated: Bool) {
    let (world, nav, stack, free) = stackWorld(depth: 3)
    let list = [stack[0], free]
    let (after, effects) = world.after {
      $0.setViewControllers(IDList(list), of: nav, animated: animated, effects: &$1)
    }
    #expect(Array(after[nav].children) == list)
    #expect(after[free].container == nav)
    #expect(after[stack[1]].container == nil && after[stack[2]].container == nil)
    let transition = animated ? TransitionContext(from: stack[2], to: free, isInteractive: false) : nil
    #expect(
      effects.callbacks == [
        .navigationWillShow(nav: nav, shown: free, animated: animated),
        .removedFromHierarchy(stack[2]),
        .removedFromHierarchy(stack[1]),
        .navigationDidShow(nav: nav, shown: free, animated: animated, transition: transition),
      ])
  }

  @Test func setViewControllersKeepingTheTopOnlyReportsRemovals() {
    let (world, nav, stack, _) = stackWorld(depth: 3)
    let list = [stack[0], stack[2]]
    let (after, effects) = world.after {
      $0.setViewControllers(IDList(list), of: nav, animated: true, effects: &$1)
    }
    #expect(Array(after[nav].children) == list)
    #expect(effects.callbacks == [.removedFromHierarchy(stack[1])])
  }

  @Test func setViewControllersMayReorderTheStack() {
    let (world, nav, stack, _) = stackWorld(depth: 3)
    let list = [stack[2], stack[0], stack[1]]
    let (after, effects) = world.after {
      $0.setViewControllers(IDList(list), of: nav, animated: false, effects: &$1)
    }
    #expect(Array(after[nav].children) == list)
    #expect(effects.brokenRules == [])
    #expect(
      effects.callbacks == [
        .navigationWillShow(nav: nav, shown: stack[1], animated: false),
        .navigationDidShow(nav: nav, shown: stack[1], animated: false, transition: nil),
      ])
  }

  @Test func setViewControllersToAnEmptyListLeavesAnEmptyStack() {
    let (world, nav, stack, _) = stackWorld(depth: 2)
    let (after, effects) = world.after { $0.setViewControllers([], of: nav, animated: true, effects: &$1) }
    #expect(after[nav].children == [])
    #expect(after.topViewController(of: nav) == nil)
    #expect(after.visibleTop() == nav)
    #expect(effects.callbacks == [.removedFromHierarchy(stack[1]), .removedFromHierarchy(stack[0])])
  }

  @Test func aNavigationControllerOutsideTheWindowReportsNoRemovals() {
    var builder = WorldBuilder()
    let stack = builder.screens(2)
    let nav = builder.nav(stack)
    let (after, effects) = builder.world.after { $0.pop(nav, animated: false, effects: &$1) }
    #expect(after[nav].children == [stack[0]])
    #expect(
      effects.callbacks == [
        .navigationWillShow(nav: nav, shown: stack[0], animated: false),
        .navigationDidShow(nav: nav, shown: stack[0], animated: false, transition: nil),
      ])
  }
}

/// `setViewControllers` on ids past 63, which its duplicate check and its list of removed
/// controllers handle apart from the small ones.
@Suite struct LargeIDStackTests {
  @Test func duplicatesAndRemovalsAreFoundWhateverTheIDs() {
    var world = World()
    let nav = world.makeNavigationController()
    let screens = (0..<80).map { world.makeScreen($0, style: .pageSheet, modalInPresentation: false) }
    let (low, high, higher) = (screens[3], screens[70], screens[75])
    #expect(low < 64 && high >= 64 && higher >= 64)

    var effects = WorldEffects()
    world.setViewControllers([high, low, high], of: nav, animated: false, effects: &effects)
    #expect(effects.brokenRules.map(\.rule) == [.duplicateViewControllers])
    #expect(world.objects[nav].children.isEmpty)

    effects = WorldEffects()
    world.setViewControllers([low, high, higher], of: nav, animated: false, effects: &effects)
    #expect(effects.brokenRules.isEmpty)
    #expect(Array(world.objects[nav].children) == [low, high, higher])

    effects = WorldEffects()
    world.setViewControllers([higher, screens[4]], of: nav, animated: false, effects: &effects)
    #expect(effects.brokenRules.isEmpty)
    #expect(Array(world.objects[nav].children) == [higher, screens[4]])
    // The two dropped ones left the stack; the one kept did not.
    #expect(world.objects[high].container == nil && world.objects[low].container == nil)
    #expect(world.objects[higher].container == nav && world.objects[screens[4]].container == nav)
  }
}
