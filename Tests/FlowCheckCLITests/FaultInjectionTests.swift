import Foundation
import Testing

@testable import FlowCheckCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The built executable under faults it cannot prevent: an address-space limit (`ulimit
/// -v`) and a full disk. Each ends as a report or a clean error, never a trap or a hang.
/// (Signals to every subcommand: `SignalTests`.)
@Suite(.serialized) struct FaultInjectionTests {
  /// `check` on two threads under a sweep of address-space limits, from below what the
  /// search needs at its start to more than it reaches in its time: whichever allocation is
  /// refused (the visited table growing, a frontier block, the step cache, a helper
  /// thread's stack), an INCOMPLETE report (exit 2), never a trap, a crash or a hang.
  /// Every 2 MB: a crash can hide in a window of a few megabytes.
  @Test(arguments: Array(stride(from: 40_000, through: 74_000, by: 2_000)) + [80_000])
  func checkUnderAnAddressSpaceLimitEndsWithAReport(kilobytes: Int) throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let flow = try GeneratedFlow.write(
      "big.flow", ["--coordinators", "4", "--screens", "4", "--stack", "10"], in: directory)
    let run = try ExecutableRun(
      ["check", flow, "--threads", "2", "--max-seconds", "10", "--no-progress"],
      shellPrefix: "ulimit -v \(kilobytes);", deadline: 60, directory: directory)
    #expect(run.ending == .exited(2), "\(run.ending)\n\(run.stderr.prefix(2000))")
    #expect(run.stdout.contains("verdict: INCOMPLETE — "), "\(run.stdout)")
    // Out of memory is reported as such, naming the limit.
    if run.stdout.contains("out of memory") {
      #expect(
        run.stdout.contains("out of memory: the system refused more (address-space limit "),
        "\(run.stdout)")
    }
  }

  /// Whether this process may mount a tmpfs (root on Linux).
  static var canMountATmpfs: Bool {
    #if os(Linux)
      geteuid() == 0
    #else
      false
    #endif
  }

  /// `fmt --in-place` onto a full disk (a small tmpfs, mounted as root on Linux): exit 66
  /// with the system's reason, the file as it was, no temporary file left.
  @Test(.enabled(if: Self.canMountATmpfs, "mounting a tmpfs needs root on Linux"))
  func aFullDiskLeavesTheFileWhole() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let mountPoint = directory.path("disk")
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    #if os(Linux)
      try #require(mount("tmpfs", mountPoint, "tmpfs", 0, "size=64k") == 0, "mounting a tmpfs failed")
      defer { umount(mountPoint) }
    #endif
    let file = mountPoint + "/mini.flow"
    try Data(Fixture.unformatted.utf8).write(to: URL(fileURLWithPath: file))
    // Fills the rest of the disk.
    let filler = FileManager.default.createFile(atPath: mountPoint + "/filler", contents: nil)
    #expect(filler)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: mountPoint + "/filler"))
    let block = Data(repeating: 0, count: 4096)
    while (try? handle.write(contentsOf: block)) != nil {}
    try? handle.close()

    for arguments in [["fmt", "--in-place", file], ["fmt", "--in-place", "--overwrite-read-only", file]] {
      let run = CommandRun(arguments + ["--no-color"])
      #expect(run.status == 66, "\(run.stderr)")
      #expect(run.stderr.contains("error: cannot write file: no space left on device"), "\(run.stderr)")
      #expect(try directory.read(file) == Fixture.unformatted)
      #expect(
        try FileManager.default.contentsOfDirectory(atPath: mountPoint).sorted() == ["filler", "mini.flow"])
    }
    // A second name makes the file one to write in place: still refused before it is touched.
    #expect(link(file, mountPoint + "/other.flow") == 0)
    let linked = CommandRun(["fmt", "--in-place", file, "--no-color"])
    #expect(linked.status == 66, "\(linked.stderr)")
    #expect(try directory.read(file) == Fixture.unformatted)
  }

  /// A file written in place (it has a second name) that must grow on a nearly full disk
  /// (a small tmpfs): the temporary copy fits, but the original's growth does not, so the
  /// space is reserved before the original is touched and the refusal leaves it whole,
  /// with no temporary copy left.
  @Test(.enabled(if: Self.canMountATmpfs, "mounting a tmpfs needs root on Linux"))
  func aFullDiskLeavesAFileWrittenInPlaceWhole() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let mountPoint = directory.path("disk")
    try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
    #if os(Linux)
      try #require(mount("tmpfs", mountPoint, "tmpfs", 0, "size=64k") == 0, "mounting a tmpfs failed")
      defer { umount(mountPoint) }
    #endif
    let page = 4096
    let old = String(repeating: "a", count: page)
    let file = mountPoint + "/mini.flow"
    try Data(old.utf8).write(to: URL(fileURLWithPath: file))
    #expect(link(file, mountPoint + "/other.flow") == 0)
    // Fills the disk, then frees six or seven pages (seven when the last write was cut
    // short): room for the five-page copy, not for the four pages more the original needs.
    let filler = open(mountPoint + "/filler", O_WRONLY | O_CREAT, 0o600)
    try #require(filler >= 0)
    let block = [UInt8](repeating: 0, count: page)
    while write(filler, block, page) > 0 {}
    var size = stat()
    #expect(fstat(filler, &size) == 0)
    #expect(ftruncate(filler, off_t((Int(size.st_size) / page - 6) * page)) == 0)
    close(filler)

    #expect(throws: FileSystem.Failure(reason: "no space left on device")) {
      try FileSystem.replaceContents(of: file, with: Array(repeating: UInt8(ascii: "b"), count: 5 * page))
    }
    #expect(try directory.read(file) == old)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: mountPoint).sorted() == [
        "filler", "mini.flow", "other.flow",
      ])
  }
}
