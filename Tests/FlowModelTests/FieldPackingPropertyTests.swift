import FlowExplorer
import FlowLanguage
import FlowTestSupport
import Testing

@testable import FlowModel

/// The shared packing of a runtime's fields (`FieldPacker`, `FieldUnpacker`,
/// `FieldRenumberer`), on values generated through the fields themselves: every runtime's
/// coordinator and app-wide state, whatever it declares.
///
/// - Unpacking what was packed gives the value back.
/// - Packing under a canonical numbering writes the same bytes as renumbering the value
///   first and packing it as it is, and those bytes unpack to the renumbered value: the
///   packer's renumbering and the renumberer agree, groups that lose a required link
///   included.
///
/// A failure is shrunk: the generator's choices are replayed, each made smaller while the
/// property still fails, and the smallest value is reported.
@Suite("Packing a runtime's fields")
struct FieldPackingPropertyTests {
  static let cases = 300

  @Test func radianttapCoordinators() { Self.checkBoth(RadianttapCoordinator.self) }
  @Test func routerCoordinators() { Self.checkBoth(RouterCoordinator.self) }
  @Test func jlCoordinatorStates() { Self.checkBoth(JLCoordinatorState.self) }
  @Test func insecurityCoordinators() { Self.checkBoth(InsecurityCoordinator.self) }
  @Test func insecurityHosts() { Self.checkBoth(InsecurityHost.self) }
  @Test func presenterCompletions() { Self.checkBoth(PresenterCompletions.self) }
  @Test func handwrittenCoordinators() { Self.checkBoth(HandwrittenCoordinator.self) }
  @Test func handwrittenLibraryStates() { Self.checkBoth(HandwrittenLibraryState.self) }

  /// The properties themselves can fail: a packer that forgot a field would not give the
  /// value back, and the check says so, with a shrunk value.
  @Test func aLostFieldIsCaughtAndShrunk() throws {
    let failure = (1...UInt64(50)).lazy.compactMap { seed in
      Self.firstFailure(RadianttapCoordinator.self, seed: seed) { value, _ in
        var lossy = value
        lossy.isStarted = false  // as if the packer had not written it
        return lossy == value
      }
    }.first
    let shrunk = try #require(failure)
    #expect(shrunk.isStarted)
    // Shrunk: no list, no link, no counter left that the failure does not need.
    #expect(shrunk.shadow.isEmpty && shrunk.children.isEmpty && shrunk.parent == nil)
    #expect(shrunk.finishNotices == 0 && shrunk.root == -1)
  }

  static func checkBoth<T: StateFields & Equatable & BlankValue>(_ type: T.Type) {
    for seed in 1...UInt64(Self.cases) {
      if let failure = Self.firstFailure(type, seed: seed, { roundTrips($0, $1) }) {
        Issue.record("seed \(seed): unpacking the packed value gives another: \(failure)")
        return
      }
      if let failure = Self.firstFailure(type, seed: seed, { renumberingAgrees($0, $1) }) {
        Issue.record("seed \(seed): packing under a numbering differs from renumbering first: \(failure)")
        return
      }
    }
  }

  /// The counts of the old state a case draws links into.
  struct Sizes {
    let objects: Int
    let coordinators: Int
  }

  typealias Property<T> = (T, Sizes) -> Bool

  static func roundTrips<T: StateFields & Equatable & BlankValue>(_ value: T, _ sizes: Sizes) -> Bool {
    let bytes = Renumbering.withIdentity(objects: sizes.objects, coordinators: sizes.coordinators) {
      objects, coordinators in packed(value, objects, coordinators)
    }
    return unpacked(bytes, as: T.self) == value
  }

  /// Drops about a third of the instances and numbers the rest in a shuffled order, then
  /// compares the two ways to write the canonical form.
  static func renumberingAgrees<T: StateFields & Equatable & BlankValue>(_ value: T, _ sizes: Sizes) -> Bool {
    var random = SeededRandom(seed: UInt64(sizes.objects * 31 + sizes.coordinators))
    let keptObjects = random.shuffled(Array(0..<sizes.objects)).filter { _ in !random.chance(0.3) }
    let keptCoordinators = random.shuffled(Array(0..<sizes.coordinators)).filter { _ in !random.chance(0.3) }
    let total = 2 * (sizes.objects + sizes.coordinators) + 2
    let scratch = UnsafeMutableBufferPointer<Int>.allocate(capacity: total)
    defer { scratch.deallocate() }
    var coordinatorNumbers = Numbering(scratch, from: 0, count: sizes.coordinators)
    var objectNumbers = Numbering(scratch, from: 2 * sizes.coordinators + 1, count: sizes.objects)
    for old in keptCoordinators { _ = coordinatorNumbers.number(old) }
    for old in keptObjects { _ = objectNumbers.number(old) }
    let direct = packed(value, Renumbering(objectNumbers), Renumbering(coordinatorNumbers))
    var renumbered = value
    var renumberer = FieldRenumberer(objects: objectNumbers, coordinators: coordinatorNumbers)
    renumbered.fields(&renumberer)
    let kept = Sizes(objects: keptObjects.count, coordinators: keptCoordinators.count)
    let afterwards = Renumbering.withIdentity(objects: kept.objects, coordinators: kept.coordinators) {
      objects, coordinators in packed(renumbered, objects, coordinators)
    }
    // The same bytes, and the canonical form in memory is what those bytes unpack to.
    return direct == afterwards && unpacked(direct, as: T.self) == renumbered
  }

  /// The first value, of the case `seed` generates, that breaks `property`, shrunk; nil
  /// when it holds.
  static func firstFailure<T: StateFields & Equatable & BlankValue>(
    _ type: T.Type, seed: UInt64, _ property: Property<T>
  ) -> T? {
    var random = SeededRandom(seed: seed)
    let sizes = Sizes(objects: random.int(in: 1...12), coordinators: random.int(in: 1...12))
    var source = ChoiceSource(random: random)
    let value = generate(T.self, sizes, &source)
    guard !property(value, sizes) else { return nil }
    // Shrink: each choice made 0, then halved, kept while the property still fails.
    var choices = source.recorded
    var budget = 400
    var improved = true
    while improved && budget > 0 {
      improved = false
      // Restarted after each improvement: the replay may have made fewer choices.
      search: for index in choices.indices where choices[index] != 0 {
        for smaller in [0, choices[index] / 2] where smaller != choices[index] {
          guard budget > 0 else { break search }
          budget -= 1
          var attempt = choices
          attempt[index] = smaller
          var replay = ChoiceSource(replaying: attempt)
          let candidate = generate(T.self, sizes, &replay)
          if !property(candidate, sizes) {
            choices = replay.recorded
            improved = true
            break search
          }
        }
      }
    }
    var replay = ChoiceSource(replaying: choices)
    return generate(T.self, sizes, &replay)
  }

  static func generate<T: StateFields & BlankValue>(
    _ type: T.Type, _ sizes: Sizes, _ source: inout ChoiceSource
  ) -> T {
    var value = T.blank
    var generator = FieldGenerator(sizes: sizes, source: source)
    value.fields(&generator)
    source = generator.source
    return value
  }

  static func packed<T: StateFields>(_ value: T, _ objects: Renumbering, _ coordinators: Renumbering)
    -> [UInt8]
  {
    // Small storage, so that the writer's growing is exercised too.
    let bytes = PackedBytes(capacity: 2)
    var packer = FieldPacker(into: PackedWriter(into: bytes), objects: objects, coordinators: coordinators)
    var copy = value
    copy.fields(&packer)
    packer.endRecord()
    packer.out.finish()
    return Array(bytes.buffer)
  }

  static func unpacked<T: StateFields & BlankValue>(_ bytes: [UInt8], as type: T.Type) -> T {
    let words = bytes.withUnsafeBufferPointer { PackedEncoding.decode($0) }
    return words.withUnsafeBufferPointer { words in
      var unpacker = FieldUnpacker(from: PackedReader(words))
      var value = T.blank
      value.fields(&unpacker)
      return value
    }
  }
}

/// A blank value the generator and the unpacker fill in.
protocol BlankValue { static var blank: Self { get } }
extension RadianttapCoordinator: BlankValue { static var blank: Self { Self() } }
extension RouterCoordinator: BlankValue { static var blank: Self { Self() } }
extension JLCoordinatorState: BlankValue { static var blank: Self { Self() } }
extension InsecurityCoordinator: BlankValue { static var blank: Self { Self() } }
extension InsecurityHost: BlankValue { static var blank: Self { Self() } }
extension PresenterCompletions: BlankValue { static var blank: Self { Self() } }
extension HandwrittenCoordinator: BlankValue { static var blank: Self { Self() } }
extension HandwrittenLibraryState: BlankValue { static var blank: Self { Self() } }

/// The choices a generator makes: drawn at random and recorded, or replayed from a list
/// (past its end, each choice is the smallest), so that a failing case can be shrunk.
struct ChoiceSource {
  private var random: SeededRandom?
  private var replay: [Int] = []
  private(set) var recorded: [Int] = []

  init(random: SeededRandom) { self.random = random }
  init(replaying choices: [Int]) { replay = choices }

  /// A choice in `0...most`.
  mutating func choose(upTo most: Int) -> Int {
    let choice: Int
    if random != nil {
      choice = random!.int(in: 0...most)
    } else {
      choice = recorded.count < replay.count ? min(max(replay[recorded.count], 0), most) : 0
    }
    recorded.append(choice)
    return choice
  }
}

/// Sets every field a value declares to a choice: the values a state can hold, links into
/// the sizes' instances, lists short or empty, groups present or not.
struct FieldGenerator: FieldVisitor {
  let sizes: FieldPackingPropertyTests.Sizes
  var source: ChoiceSource

  private mutating func link(_ count: Int) -> Int? {
    let choice = source.choose(upTo: count)
    return choice == 0 ? nil : choice - 1
  }

  private mutating func list(_ count: Int) -> IDList {
    var list = IDList()
    for _ in 0..<source.choose(upTo: 4) { list.append(source.choose(upTo: count - 1)) }
    return list
  }

  mutating func flag(_ value: inout Bool) { value = source.choose(upTo: 1) == 1 }
  mutating func bits(_ value: inout Int, count: Int) { value = source.choose(upTo: (1 << count) - 1) }
  /// Small numbers: an entry count must fit an inline list, and a start context a byte.
  /// (Negative variables take three bytes: `values` covers the long form.)
  mutating func number(_ value: inout Int) { value = source.choose(upTo: 6) }
  mutating func number(_ value: inout Int?) {
    guard source.choose(upTo: 1) == 1 else {
      value = nil
      return
    }
    var present = 0
    number(&present)
    value = present
  }
  mutating func coordinator(_ link: inout CoordinatorID?, _ strength: LinkStrength) {
    link = self.link(sizes.coordinators)
  }
  mutating func coordinator(_ link: inout CoordinatorID, _ strength: LinkStrength) {
    link = self.link(sizes.coordinators) ?? -1
  }
  mutating func object(_ link: inout ObjectID?) { link = self.link(sizes.objects) }
  mutating func object(_ link: inout ObjectID) { link = self.link(sizes.objects) ?? -1 }
  mutating func coordinators(_ list: inout IDList) { list = self.list(sizes.coordinators) }
  mutating func coordinatorSet(_ set: inout IDList) {
    set = IDList(Set(list(sizes.coordinators)).sorted())
  }
  mutating func objects(_ list: inout IDList) { list = self.list(sizes.objects) }
  mutating func values(_ values: inout LocalValues) {
    values = LocalValues()
    for _ in 0..<source.choose(upTo: 3) { values.append(source.choose(upTo: 600) - 300) }
  }
  mutating func group<Part: FieldGroup>(_ part: inout Part?) {
    guard source.choose(upTo: 1) == 1 else {
      part = nil
      return
    }
    var present = Part()
    present.fields(&self)
    part = present
  }
}
