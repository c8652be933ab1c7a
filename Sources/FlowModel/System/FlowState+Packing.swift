import FlowExplorer

/// Packing, in the words `PackedLayout` describes. Optional ids are stored plus one (0 is
/// nil); signed values as their 16-bit pattern. An object's reverse links (`container`,
/// `presenting`) are not stored: they follow from the forward ones (`children`,
/// `presented`), which every `World` operation keeps consistent with them
/// (`World.checkInvariants()`), and unpacking sets them again; `selectedIndex` is stored for
/// tab bar controllers only (it is 0 for the others). Only the links an object's flags say
/// are set follow them (a screen is mostly kind, flags and owner: three words instead of
/// seven). States are about a third shorter than with every field stored, to write, hash,
/// store and read.
extension FlowState {
  public func packed() -> [UInt16] {
    let bytes = PackedBytes()
    pack(as: nil, markedOnScreen: nil, beyondBounds: beyondBounds, into: bytes)
    return PackedEncoding.decode(bytes.buffer)
  }

  /// Replaces `bytes` by the words of the canonical form that `numbering` describes (the
  /// state itself when nil) in `PackedEncoding`, written straight from this state: links are
  /// renumbered and links to dropped instances cleared as they are written, so no renumbered
  /// copy is built. Coordinators in `markedOnScreen` (old numbers) are written as
  /// `wasOnScreen`. `bytes` keeps its storage: the explorer packs every successor into the
  /// same buffer, then hashes and stores those bytes as they are.
  func pack(
    as numbering: CanonicalNumbering?, markedOnScreen: CoordinatorMarks?, beyondBounds: Bool,
    into bytes: PackedBytes
  ) {
    guard let numbering else {
      // The state as it is: every instance keeps its number (and -1, none, stays -1).
      Renumbering.withIdentity(objects: world.objects.count, coordinators: coordinators.count) {
        objects, coordinators in
        pending.withUnsafeBufferPointer { pending in
          pack(
            objects: objects, coordinators: coordinators, pending: pending, markedOnScreen: markedOnScreen,
            beyondBounds: beyondBounds, into: bytes)
        }
      }
      return
    }
    let coordinators = Renumbering(numbering.coordinators)
    let objects = Renumbering(numbering.objects)
    if let sorted = numbering.sortedPending {
      // Two or more: renumbered, then sorted by the new numbers. Rare.
      let pending = sorted.compactMap { entry in
        coordinators.new(entry.coordinator).map { PendingCompletion(task: entry.task, coordinator: $0) }
      }.sorted()
      pending.withUnsafeBufferPointer { pending in
        pack(
          objects: objects, coordinators: coordinators, pending: pending, markedOnScreen: markedOnScreen,
          beyondBounds: beyondBounds, into: bytes)
      }
      return
    }
    // None or one: nothing to sort, and no array to copy (a copy costs reference counts).
    var entry = PendingCompletion(task: 0, coordinator: 0)
    var count = 0
    if let first = pending.first, let new = coordinators.new(first.coordinator) {
      entry = PendingCompletion(task: first.task, coordinator: new)
      count = 1
    }
    withUnsafePointer(to: &entry) { entry in
      pack(
        objects: objects, coordinators: coordinators,
        pending: UnsafeBufferPointer(start: entry, count: count),
        markedOnScreen: markedOnScreen, beyondBounds: beyondBounds, into: bytes)
    }
  }

  /// `pack(as:…)` once the numbering is settled. Reads the world through buffer pointers
  /// and writes through a `PackedWriter` into `bytes`, sized for the usual state first:
  /// this runs for every successor the explorer computes, and array accesses, appends and
  /// captured optionals cost a reference count or a capacity check each. The runtime's parts
  /// (its coordinators, its app-wide state) are written through their fields (`FieldPacker`).
  private func pack(
    objects: Renumbering, coordinators: Renumbering, pending: UnsafeBufferPointer<PendingCompletion>,
    markedOnScreen: CoordinatorMarks?, beyondBounds: Bool, into bytes: PackedBytes
  ) {
    world.objects.withUnsafeBufferPointer { allObjects in
      owners.withUnsafeBufferPointer { owners in
        self.coordinators.withUnsafeBufferPointer { allCoordinators in
          // Navigation calls deferred by a push or pop in flight, by the stack's new number.
          // Almost always none: the closures below are not even made then.
          let deferred =
            world.deferredNavigations.isEmpty
            ? []
            : world.deferredNavigations.filter { objects[$0.nav] >= 0 }
              .sorted { objects[$0.nav] < objects[$1.nav] }
          // Room for the usual state, so that the writer seldom grows the storage.
          let words =
            8 + globals.count + 2 * pending.count + objects.count * 12 + coordinators.count * 16
            + deferred.count * 8
          bytes.reserve(words * PackedEncoding.maximumBytesPerWord)
          var out = PackedWriter(into: bytes)
          let stateFlags = PackedLayout.StateFlags()
            .union(crashed ? .crashed : [])
            .union(beyondBounds ? .beyondBounds : [])
            .union(deferred.isEmpty ? [] : .deferredNavigations)
            .union(afterViolation ? .afterViolation : [])
          out.put(stateFlags.rawValue)
          out.put(globals.count)
          for value in globals { out.put(value) }
          out.put(objects.count)
          for position in 0..<objects.count {
            let id = objects.old(at: position)
            // Fields read in place: copying the object out would cost more than writing it.
            let object = allObjects.baseAddress! + id
            // Which links survive the renumbering decides the flags, so they come first. A
            // kept container keeps all of its children (see `canonicalNumbering(in:)`).
            let hasChildren = !object.pointee.children.isEmpty
            assert(object.pointee.children.allSatisfy { objects[$0] >= 0 }, "a kept container lost a child")
            let owner = coordinators[owners[id] ?? -1]
            let presented = objects[object.pointee.presentedOrMinusOne]
            let delegate = coordinators[object.pointee.delegateOrMinusOne]
            let associatedCoordinator = coordinators[object.pointee.associatedCoordinatorOrMinusOne]
            let transitionFrom = objects[object.pointee.navigationTransitionFromOrMinusOne]
            out.put(PackedLayout.kindTag(object.pointee.kind))
            let objectFlags = PackedLayout.ObjectFlags(
              styleIndex: object.pointee.style.packedIndex,
              modalTransition: Int(object.pointee.modalTransition?.rawValue ?? 0)
            )
            .adding(.modalInPresentation, if: object.pointee.modalInPresentation)
            .adding(.hasChildren, if: hasChildren)
            .adding(.hasPresented, if: presented >= 0)
            .adding(.hasDelegate, if: delegate >= 0)
            .adding(.hasAssociatedCoordinator, if: associatedCoordinator >= 0)
            .adding(.hasOwner, if: owner >= 0)
            .adding(.hasNavigationTransitionFrom, if: transitionFrom >= 0)
            out.put(objectFlags.rawValue)
            if hasChildren { out.put(object.pointee.children, objects) }
            if object.pointee.isTabBarController { out.put(object.pointee.selectedIndex) }
            if presented >= 0 { out.put(presented) }
            if delegate >= 0 { out.put(delegate) }
            if associatedCoordinator >= 0 { out.put(associatedCoordinator) }
            if owner >= 0 { out.put(owner) }
            if transitionFrom >= 0 { out.put(transitionFrom) }
          }
          out.put(link: world.windowRoot, objects)
          if !deferred.isEmpty {
            out.put(deferred.count)
            for entry in deferred {
              out.put(objects[entry.nav] * 2 + (entry.animated ? 1 : 0))
              out.put(entry.events)
              out.put(entry.stack, objects)
            }
          }
          out.put(coordinators.count)
          // The runtime's parts, through their fields.
          var packer = FieldPacker(into: out, objects: objects, coordinators: coordinators)
          for position in 0..<coordinators.count {
            let old = coordinators.old(at: position)
            // Read in place, as above. The packer only reads the fields it is handed, so
            // the coordinator is never written through this pointer.
            let c = UnsafeMutablePointer(mutating: allCoordinators.baseAddress! + old)
            // What every coordinator has shares one word: the declaration, whether it was
            // on screen, whether locals follow. The runtime's own flags then fit one flag
            // byte for a runtime with seven or fewer.
            let wasOnScreen = c.pointee.wasOnScreen || markedOnScreen?[old] == true
            let hasLocals = !c.pointee.locals.isEmpty
            precondition(
              c.pointee.declaration < PackedLayout.CoordinatorHead.declarationLimit,
              "more coordinator declarations than a packed word holds")
            packer.out.put(
              PackedLayout.CoordinatorHead(
                declaration: c.pointee.declaration, wasOnScreen: wasOnScreen, hasLocals: hasLocals
              ).rawValue)
            c.pointee.fields(&packer)
            packer.endRecord()
            if hasLocals {
              packer.out.put(c.pointee.locals.count)
              for value in c.pointee.locals { packer.out.put(value) }
            }
          }
          packer.out.put(link: appCoordinator, coordinators)
          packer.out.put(pending.count)
          for entry in pending {
            packer.out.put(entry.task)
            packer.out.put(entry.coordinator)
          }
          // A copy: a runtime may visit a field through a local it writes back.
          var library = self.library
          library.fields(&packer)
          packer.endRecord()
          packer.out.finish()
        }
      }
    }
  }
}
