import Foundation
import Testing

@testable import FlowCheckCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A directory walk reports what it cannot read or name (66) instead of skipping it.
///
/// The suite runs as root, for whom `chmod 000` stops no read: a directory that cannot be
/// opened or read to the end is made by the walk's listing parameter instead; a name that is
/// not UTF-8 is a real file.
@Suite struct DirectoryWalkTests {
  static let options = ["--quiet", "--no-color", "--no-progress", "--threads", "1"]

  /// Creates `name` (any bytes) inside `directory` as an empty file.
  static func createFile(named name: [UInt8], in directory: String) throws {
    let path = Array(directory.utf8) + [UInt8(ascii: "/")] + name
    let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_EXCL, 0o644)
    guard descriptor >= 0 else { throw FileSystem.lastFailure() }
    close(descriptor)
  }

  /// Whether the file system of the temporary directory takes a name that is not UTF-8:
  /// APFS refuses one (`EILSEQ`), so the test of such a name cannot run there.
  static let acceptsNamesThatAreNotUTF8: Bool = {
    guard let scratch = try? ScratchDirectory() else { return false }
    defer { scratch.remove() }
    return (try? createFile(named: [0xFF], in: scratch.path(""))) != nil
  }()

  @Test(
    .enabled(
      if: acceptsNamesThatAreNotUTF8,
      "the file system refuses names that are not UTF-8 (EILSEQ on APFS), so no such file can be made"))
  func aFlowWhoseNameIsNotUTF8IsReported() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    try FileManager.default.createDirectory(atPath: scratch.path("flows"), withIntermediateDirectories: true)
    try scratch.write("flows/good.flow", Fixture.valid)
    try Self.createFile(named: Array("caf".utf8) + [0xE9] + Array(".flow".utf8), in: scratch.path("flows"))
    // A file that is no flow is not the walk's business, whatever its name.
    try Self.createFile(named: [0xFF] + Array(".txt".utf8), in: scratch.path("flows"))
    let run = CommandRun(["check", scratch.path("flows")] + Self.options)
    #expect(run.status == 66)
    #expect(
      run.stderrLines
        == [
          "\(scratch.path("flows"))/caf\\xE9.flow:1:1: error: cannot name it: its name is not UTF-8; rename it to check it"
        ])
    let verbose = CommandRun(["check", scratch.path("flows"), "--no-color", "--threads", "1"])
    #expect(verbose.stdout.contains("good.flow"), "the other flows are still checked: \(verbose.stdout)")
  }

  @Test func aSubdirectoryThatCannotBeOpenedIsReported() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let root = scratch.path("flows")
    try FileManager.default.createDirectory(atPath: root + "/locked", withIntermediateDirectories: true)
    try scratch.write("flows/good.flow", Fixture.valid)
    let listing: FlowPaths.Listing = { path in
      path == root + "/locked"
        ? .failure(FileSystem.Failure(reason: "permission denied")) : FlowPaths.list(path)
    }
    #expect(
      FlowPaths.expand([root], listing: listing) == [
        .notWalked(path: root + "/locked", message: "cannot read directory: permission denied"),
        .files([root + "/good.flow"]),
      ])
    // A directory holding nothing but what cannot be read is that, not an empty directory.
    let onlyLocked: FlowPaths.Listing = { path in
      path == root
        ? .success([.init(name: Array("locked".utf8), kind: .directory)])
        : .failure(FileSystem.Failure(reason: "input/output error"))
    }
    #expect(
      FlowPaths.expand([root], listing: onlyLocked) == [
        .notWalked(path: root + "/locked", message: "cannot read directory: input/output error")
      ])
    let unknown: FlowPaths.Listing = { _ in
      .success([.init(name: Array("x.flow".utf8), kind: .unknown(reason: "file name too long"))])
    }
    #expect(
      FlowPaths.expand([root], listing: unknown) == [
        .notWalked(path: root + "/x.flow", message: "cannot read file: file name too long")
      ])
  }

  /// A walk's problem is an error on its path, exit 66, in every format.
  @Test func aWalkProblemIsReportedOnItsPathAndExits66() {
    let failure = CommandFailure.notWalked(
      path: "d/locked", message: "cannot read directory: permission denied")
    var console = Console(output: "", errorOutput: "", colour: false)
    #expect(console.report(failure) == .cannotRead)
    #expect(console.errorOutput == "d/locked:1:1: error: cannot read directory: permission denied\n")
    #expect(failure.diagnostics.exitCode == 66)
  }

  /// A dangling symbolic link named like a flow is passed on and reported by the reader; a
  /// link to a directory above is not followed (no loop).
  @Test func linksDoNotLoopAndDanglingOnesAreReported() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let root = scratch.path("flows")
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    try scratch.write("flows/good.flow", Fixture.valid)
    try FileManager.default.createSymbolicLink(atPath: root + "/loop", withDestinationPath: root)
    try FileManager.default.createSymbolicLink(
      atPath: root + "/gone.flow", withDestinationPath: root + "/nothing")
    let run = CommandRun(["check", root] + Self.options)
    #expect(run.status == 66)
    #expect(run.stderrLines == ["\(root)/gone.flow:1:1: error: cannot read file: no such file or directory"])
  }
}
