import PackagePlugin

/// `swift package flowcheck-write [arguments]`: `swift package flowcheck` with the
/// permission to write into the package, for `fmt --in-place` (rewrites `.flow` files) and
/// `tests --xcuitest DIR` (writes the XCUITest source). SwiftPM asks for the permission
/// before each run, or takes `--allow-writing-to-package-directory`.
@main
struct FlowCheckWritePlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try PluginRun.run(context: context, arguments: arguments, mayWrite: true)
  }
}
