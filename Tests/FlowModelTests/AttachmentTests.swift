import Testing

@testable import FlowModel

/// Which objects are in the window's hierarchy: the one pass in id order, taken when every
/// object comes after its container and presenter (as in a canonical state), and the
/// search it falls back to otherwise, give the same flags.
@Suite struct AttachmentTests {
  /// Window → nav [a, b]; b presents a sheet nav [c]; besides, a screen and a nav [d] out of
  /// the window.
  /// With `containersFirst`, each container is made before what it holds.
  static func world(containersFirst: Bool) -> (world: World, attached: Set<ObjectID>) {
    var builder = WorldBuilder()
    let root: ObjectID
    let stack: [ObjectID]
    if containersFirst {
      root = builder.world.makeNavigationController()
      stack = builder.screens(2)
    } else {
      stack = builder.screens(2)
      root = builder.world.makeNavigationController()
    }
    var effects = WorldEffects()
    builder.world.setViewControllers(IDList(stack), of: root, animated: false, effects: &effects)
    builder.root(root)
    let sheet = builder.world.makeNavigationController()
    let inSheet = builder.screen()
    builder.world.setViewControllers(IDList([inSheet]), of: sheet, animated: false, effects: &effects)
    builder.present(sheet, from: stack[1])
    _ = builder.screen()
    let heldNav = builder.world.makeNavigationController()
    let held = builder.screen()
    builder.world.setViewControllers(IDList([held]), of: heldNav, animated: false, effects: &effects)
    #expect(builder.world.checkInvariants() == [])
    return (builder.world, Set([root] + stack + [sheet, inSheet]))
  }

  @Test(arguments: [true, false])
  func theAttachedObjectsAreTheHierarchy(containersFirst: Bool) {
    let (world, expected) = Self.world(containersFirst: containersFirst)
    var flags = Array(repeating: false, count: world.objects.count)
    let inOrder = world.objects.markReachableInOrder(from: world.windowRoot!, into: &flags)
    // Made after the screens it holds, the root nav comes after them: one pass cannot mark them.
    #expect(inOrder == containersFirst)
    let attached = world.attachedObjects()
    #expect(Set(attached.indices.filter { attached[$0] }) == expected)
    if inOrder { #expect(flags == attached) }
  }

  /// The flags array a worker reuses: longer or shorter than the objects, and holding
  /// stale flags, it comes back with one flag per object, each as the search sets it.
  @Test(arguments: [0, 3, 40])
  func aReusedArrayIsResizedAndEveryFlagSet(staleCount: Int) {
    let (world, expected) = Self.world(containersFirst: true)
    var attached = Array(repeating: true, count: staleCount)
    world.markAttached(into: &attached)
    #expect(attached.count == world.objects.count)
    #expect(Set(attached.indices.filter { attached[$0] }) == expected)
  }
}
