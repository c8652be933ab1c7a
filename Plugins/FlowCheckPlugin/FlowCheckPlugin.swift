import Foundation
import PackagePlugin

/// `swift package flowcheck [arguments]`: runs this package's `flowcheck` on the package the
/// command is run in. Without a path among the arguments, it checks the package's `Specs/`
/// folder; the arguments are otherwise `flowcheck`'s own (`--format sarif`, `fmt --check`,
/// `explain`), and it runs in the package's directory, so that SARIF and GitHub Actions
/// paths are relative to it. A run that does not exit 0 fails the command with its exit
/// code in the message (SwiftPM itself then exits 1).
@main
struct FlowCheckPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "flowcheck")
    let directory = context.package.directoryURL
    let process = Process()
    process.executableURL = tool.url
    process.arguments = try Self.arguments(arguments, packageDirectory: directory)
    process.currentDirectoryURL = directory
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      Diagnostics.error("flowcheck exited with status \(process.terminationStatus)")
    }
  }

  /// The subcommands that take no paths or take them as flowcheck does.
  static let subcommands: Set<String> = ["check", "simulate", "fmt", "explain", "help"]

  /// `arguments`, with the package's `Specs/` added when they name no path: a word that is
  /// neither an option, a subcommand, nor the value of an option, and names something in
  /// the package's directory (or anywhere, when absolute).
  static func arguments(_ arguments: [String], packageDirectory: URL) throws -> [String] {
    if let first = arguments.first, subcommands.contains(first), first != "check" { return arguments }
    if arguments.contains(where: { $0 == "--help" || $0 == "-h" || $0 == "--version" }) { return arguments }
    let namesAPath = arguments.contains { argument in
      guard !argument.hasPrefix("-") else { return false }
      let path = argument.hasPrefix("/") ? argument : packageDirectory.appendingPathComponent(argument).path
      return FileManager.default.fileExists(atPath: path)
    }
    if namesAPath { return arguments }
    let specs = packageDirectory.appendingPathComponent("Specs")
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: specs.path, isDirectory: &isDirectory), isDirectory.boolValue
    else {
      throw PluginFailure(
        "no Specs/ folder in \(packageDirectory.path): put the .flow files there, or name them: "
          + "swift package flowcheck PATH…")
    }
    return arguments + ["Specs"]
  }
}

/// Why the plugin could not run flowcheck.
struct PluginFailure: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
