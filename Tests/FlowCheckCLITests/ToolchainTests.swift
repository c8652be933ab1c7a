import Foundation
import Testing

/// The toolchain the package asks for is the one its code needs (Swift 6.2: `InlineArray`,
/// spans, `SendableMetatype`), so that an older toolchain stops at `Package.swift` with a
/// message naming the version; and the README's GitHub Actions jobs select it.
@Suite struct ToolchainTests {
  static let root = SpecCorpusTests.specsDirectory.deletingLastPathComponent()

  static func read(_ name: String) throws -> String {
    String(decoding: try Data(contentsOf: root.appendingPathComponent(name)), as: UTF8.self)
  }

  @Test func theManifestAsksForSwift62() throws {
    let manifest = try Self.read("Package.swift")
    #expect(manifest.hasPrefix("// swift-tools-version: 6.2\n"))
  }

  @Test func everyGitHubActionsJobInTheReadmeSelectsSwift62() throws {
    let readme = try Self.read("README.md")
    let jobs = readme.split(separator: "\n").filter { $0.contains("runs-on:") }
    #expect(!jobs.isEmpty)
    let containers = readme.split(separator: "\n").filter { $0.contains("container: swift:6.2") }
    #expect(containers.count == jobs.count, "each 'runs-on:' job needs 'container: swift:6.2'")
  }
}
