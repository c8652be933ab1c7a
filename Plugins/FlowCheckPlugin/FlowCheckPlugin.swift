import PackagePlugin

/// `swift package flowcheck [arguments]`: runs this package's `flowcheck` on the package the
/// command is run in, with any of its subcommands, options and formats. Where a subcommand
/// needs a path and none is given, the package's `Specs/` stands in (`PluginArguments`):
/// the folder for `check` and `fmt`, its one `.flow` file for `graph`, `simulate`, `tests`
/// and `replay`. It runs in the package's directory, so that SARIF and GitHub Actions paths
/// are relative to it. A run that does not exit 0 fails the command with its exit code in
/// the message (SwiftPM itself then exits 1).
///
/// It has no permission to write into the package, so it refuses `fmt --in-place` and
/// `tests --xcuitest`, naming `swift package flowcheck-write` (FlowCheckWritePlugin), which
/// has it: SwiftPM asks for a plugin's permissions before every run of it, and a check in CI
/// should need none.
@main
struct FlowCheckPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    try PluginRun.run(context: context, arguments: arguments, mayWrite: false)
  }
}
