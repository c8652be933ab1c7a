// Shared by FlowCheckPlugin and FlowCheckWritePlugin (a link to this file).
import Foundation
import PackagePlugin

/// Runs the package's `flowcheck` as `swift package flowcheck[-write] ARGUMENTS` asks.
enum PluginRun {
  /// Runs flowcheck with `arguments`, the specs filled in (`PluginArguments`), in the
  /// package's directory; a run that does not exit 0 is reported as an error of the command.
  static func run(context: PluginContext, arguments: [String], mayWrite: Bool) throws {
    let tool = try context.tool(named: "flowcheck")
    let directory = context.package.directoryURL
    let invocation = try PluginArguments.make(arguments, specs: specs(in: directory), mayWrite: mayWrite)
    let process = Process()
    process.executableURL = tool.url
    process.arguments = invocation.arguments
    process.currentDirectoryURL = directory
    try process.run()
    process.waitUntilExit()
    if process.terminationStatus != 0 {
      Diagnostics.error("flowcheck exited with status \(process.terminationStatus)")
    }
  }

  /// The `.flow` files under the package's `Specs/` folder, relative to the package
  /// (`Specs/shop.flow`) and sorted; nil when there is no such folder.
  static func specs(in packageDirectory: URL) -> [String]? {
    let folder = packageDirectory.appendingPathComponent(PluginArguments.specsFolder)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { return nil }
    let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
    return files.filter { $0.hasSuffix(".flow") }.sorted().map { PluginArguments.specsFolder + "/" + $0 }
  }
}
