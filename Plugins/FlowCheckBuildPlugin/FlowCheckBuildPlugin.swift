import Foundation
import PackagePlugin

/// A build-tool plugin that checks `.flow` files on every build and puts each violation in
/// Xcode's issue navigator (and SwiftPM's build output), as SwiftLint's plugin does for
/// lint: `flowcheck check --format xcode` prints `path:line:col: error: [id] …` and
/// `path:line:col: warning: …` lines, which both read as diagnostics of the build.
///
/// It checks the target's own `.flow` files, or, when the target has none, the package's
/// `Specs/` folder. A violation fails the build, as an error from the compiler does.
///
/// SwiftPM cannot run an executable built from source as a prebuild command, so this is a
/// build command: its inputs are the `.flow` files, and its output an empty Swift file that
/// is written only when the check passes, so that a failing check runs again on the next
/// build and keeps its issues in view, and a passing one runs again only when a spec
/// changes.
@main
struct FlowCheckBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    let own = target.sourceModule?.sourceFiles(withSuffix: "flow").map(\.url) ?? []
    let specs = own.isEmpty ? Self.specs(in: context.package.directoryURL) : own
    return Self.commands(
      tool: try context.tool(named: "flowcheck").url, specs: specs,
      workDirectory: context.pluginWorkDirectoryURL, name: target.name)
  }

  /// The one build command that checks `specs` (none when there are no specs).
  static func commands(tool: URL, specs: [URL], workDirectory: URL, name: String) -> [Command] {
    guard !specs.isEmpty else { return [] }
    let stamp = workDirectory.appendingPathComponent("FlowCheck+\(name).swift")
    // sh runs flowcheck, then writes the stamp only if it exited 0.
    let script = "\"$0\" check --format xcode --quiet --no-progress \"$@\" && : > \"$FLOWCHECK_STAMP\""
    return [
      .buildCommand(
        displayName: "flowcheck: checking \(specs.count) .flow file\(specs.count == 1 ? "" : "s") of \(name)",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", script, tool.path] + specs.map(\.path),
        environment: ["FLOWCHECK_STAMP": stamp.path],
        inputFiles: [tool] + specs,
        outputFiles: [stamp])
    ]
  }

  /// The `.flow` files under the package's `Specs/` folder, sorted.
  static func specs(in packageDirectory: URL) -> [URL] {
    let folder = packageDirectory.appendingPathComponent("Specs")
    let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".flow") }.sorted().map { folder.appendingPathComponent($0) }
  }
}

#if canImport(XcodeProjectPlugin)
  import XcodeProjectPlugin

  /// The same check for a target of an Xcode project: its `.flow` files, or the project's
  /// `Specs/` folder.
  extension FlowCheckBuildPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
      let own = target.inputFiles.filter { $0.url.pathExtension == "flow" }.map(\.url)
      let specs = own.isEmpty ? Self.specs(in: context.xcodeProject.directoryURL) : own
      return Self.commands(
        tool: try context.tool(named: "flowcheck").url, specs: specs,
        workDirectory: context.pluginWorkDirectoryURL, name: target.displayName)
    }
  }
#endif
