import FlowLanguage
import Foundation
import Testing

@testable import FlowModel

/// A runtime is one folder behind one protocol: outside `Runtimes/<Name>/` and the
/// registry, the product's sources name no library, and every runtime's invariants are in
/// the registry.
@Suite struct RuntimeLayoutTests {
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The product's Swift sources, relative to the package (test support is not product).
  static var productSources: [String] {
    let sources = packageRoot.appendingPathComponent("Sources")
    let enumerator = FileManager.default.enumerator(atPath: sources.path)
    var paths: [String] = []
    while let entry = enumerator?.nextObject() as? String {
      guard entry.hasSuffix(".swift"), !entry.hasPrefix("FlowTestSupport/") else { continue }
      paths.append("Sources/" + entry)
    }
    return paths.sorted()
  }

  /// Each runtime's own word: its type's name, which is its folder's. (A registry name can be
  /// UIKit's own vocabulary: JLCoordinator's `library presenter`.)
  static var runtimeWords: [String] { RuntimeRegistry.runtimes.map { String(describing: $0) } }

  @Test(arguments: runtimeWords)
  func onlyItsFolderAndTheRegistryNameARuntime(name: String) throws {
    let sources = Self.productSources
    #expect(sources.count > 50, "found only \(sources.count) sources")
    let folder = "Sources/FlowModel/Runtimes/\(name)/"
    #expect(sources.contains { $0.hasPrefix(folder) }, "no folder \(folder)")
    var offenders: [String] = []
    // The language, the model, the explorer, the reports and the command line name no
    // library: a library's syntax is in its folder (`StatementForm`, `MemberForm`, its kinds
    // and start contexts), handed to the language through `RuntimeCapabilities`.
    // Another runtime's folder may use the word as the vocabulary of its own library (a
    // team's hand-written coordinators have routers too), never as the runtime's type.
    let identifier = try Regex("\\b\(name)\\b")
    for path in sources
    where !path.hasPrefix(folder) && path != "Sources/FlowModel/Runtimes/RuntimeRegistry.swift" {
      let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
      let inAnotherRuntime = path.hasPrefix("Sources/FlowModel/Runtimes/")
      let names =
        inAnotherRuntime
        ? text.contains(identifier) : text.range(of: name, options: .caseInsensitive) != nil
      if names { offenders.append(path) }
    }
    #expect(offenders.isEmpty, "\(name) is named outside its folder: \(offenders)")
  }

  /// The language knows no library: no file of FlowLanguage names any runtime, whatever
  /// its folder (the per-runtime test above would miss a runtime whose folder is elsewhere).
  @Test func theLanguageNamesNoLibrary() throws {
    let language = Self.productSources.filter { $0.hasPrefix("Sources/FlowLanguage/") }
    #expect(language.count > 20)
    for path in language {
      let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
      for word in Self.runtimeWords + RuntimeRegistry.names {
        #expect(text.range(of: word, options: .caseInsensitive) == nil, "\(path) names '\(word)'")
      }
    }
  }

  /// A runtime declares its fields (`StateFields`) and the shared code packs, unpacks and
  /// renumbers them: no runtime touches a pointer, a packed word or a renumbering map.
  @Test func noRuntimeTouchesAPointerOrAPackedLayout() throws {
    let runtimes = Self.productSources.filter { $0.hasPrefix("Sources/FlowModel/Runtimes/") }
    #expect(runtimes.count > 20)
    for path in runtimes {
      let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
      for word in ["Unsafe", "pointee", "PackedWriter", "PackedReader", "Renumbering", "func renumber("] {
        #expect(!text.contains(word), "\(path) uses '\(word)'")
      }
    }
  }

  /// The world is UIKit's: no runtime, coordinator library or library call named in it.
  @Test func theWorldKnowsNoLibrary() throws {
    let world = Self.productSources.filter { $0.hasPrefix("Sources/FlowModel/World/") }
    #expect(world.count > 5)
    for path in world {
      let text = try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
      for word in ["parentCoordinator", "shadow", "coordinatorDidFinish", "isIgnoredByRuntimes"]
        + Self.runtimeWords
      {
        #expect(text.range(of: word, options: .caseInsensitive) == nil, "\(path) names '\(word)'")
      }
    }
  }

  /// Each invariant is one value: the shared entries are the ids the language declares,
  /// every id has one rank and every rank one id, and the registry lists them by rank; two
  /// entries of one id are allowed only when they are several runtimes' own (merged into one
  /// invariant).
  @Test func everyInvariantIsRegisteredOnceInItsRank() {
    let shared = InvariantRegistry.shared.map(\.id)
    #expect(Set(shared).count == shared.count, "an id is shared twice: \(shared)")
    #expect(shared == InvariantID.shared, "the language's shared ids and the shared entries differ")
    for runtime in RuntimeRegistry.runtimes {
      let own = runtime.invariants.map(\.id)
      #expect(Set(own).count == own.count, "\(runtime.name) registers an id twice: \(own)")
    }
    var rankOf: [InvariantID: Int] = [:]
    var idOf: [Int: InvariantID] = [:]
    for entry in InvariantRegistry.entries {
      #expect(rankOf[entry.id, default: entry.rank] == entry.rank, "\(entry.id) has two ranks")
      #expect(idOf[entry.rank, default: entry.id] == entry.id, "rank \(entry.rank) has two ids")
      rankOf[entry.id] = entry.rank
      idOf[entry.rank] = entry.id
    }
    let all = InvariantRegistry.all
    #expect(Set(all.map(\.id)) == Set(rankOf.keys) && all.count == rankOf.count)
    #expect(all.map(\.rank) == all.map(\.rank).sorted())
    #expect(RuntimeRegistry.libraries.allSatisfy { $0.invariantIDs == all.map(\.id.rawValue) })
  }

  /// What a runtime checks on states is registered, for it, as a state invariant; what a
  /// step reports is registered as a step invariant.
  @Test(arguments: RuntimeRegistry.names)
  func aRuntimesChecksAreRegisteredForIt(name: String) throws {
    let runtime = try #require(RuntimeRegistry.runtime(named: name))
    for id in Self.stateInvariantIDs(runtime) {
      let invariant = try #require(InvariantRegistry.invariant(id))
      #expect(invariant.kinds.contains(.state), "\(id)")
      #expect(invariant.applies(to: name), "\(id)")
    }
    for own in runtime.invariants {
      #expect(own.runtimes == [name], "\(own.id) of \(name) names other runtimes")
      let reportedBySteps = own.kinds.contains(.step) && InvariantRegistry.stepInvariants.contains(own.id)
      #expect(
        Self.stateInvariantIDs(runtime).contains(own.id) || reportedBySteps,
        "\(own.id) is registered but not checked")
    }
    for step in InvariantRegistry.stepInvariants {
      #expect(InvariantRegistry.invariant(step)?.kinds.contains(.step) == true, "\(step)")
    }
  }

  static func stateInvariantIDs<Runtime: CoordinatorRuntime>(_ runtime: Runtime.Type) -> [InvariantID] {
    Runtime.stateInvariants.map(\.id)
  }

  @Test func everyRegisteredRuntimeCanBeNamedByAFlow() {
    let libraries = RuntimeRegistry.libraries.map(\.library.rawValue)
    #expect(Set(libraries).count == libraries.count, "a library is listed twice: \(libraries)")
    for name in RuntimeRegistry.names { #expect(libraries.contains(name)) }
    #expect(
      libraries.first == RuntimeRegistry.names.first, "a flow without 'library' gets a modelled runtime")
  }
}
