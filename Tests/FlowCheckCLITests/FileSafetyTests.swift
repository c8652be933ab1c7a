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

/// Files flowcheck writes (`FileSystem.replaceContents`: `fmt --in-place`, `--swarm-out`,
/// `--trace-dir`, `tests --xcuitest`): only regular files are replaced, each keeps its
/// owner, mode and hard links, read-only ones are refused unless told, and a full disk
/// leaves the old file whole.
@Suite struct FileSafetyTests {
  static var isRoot: Bool { geteuid() == 0 }

  static func info(_ path: String) -> stat {
    var info = stat()
    _ = stat(path, &info)
    return info
  }

  static func swarmRun(onto output: String) -> CommandRun {
    CommandRun([
      "check", InterruptionTests.shop, "--swarm", "1/2", "--swarm-out", output, "--bitstate", "16", "--quiet",
      "--no-progress", "--no-color",
    ])
  }

  @Test func swarmOutOntoAFIFOIsRefusedAndTheFIFOKept() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let fifo = directory.path("results.fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let run = Self.swarmRun(onto: fifo)
    #expect(run.status == 66, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "\(fifo):1:1: error: cannot write file: it is a FIFO, not a regular file; flowcheck writes only regular files"
      ),
      "\(run.stderr)")
    #expect(Self.info(fifo).st_mode & S_IFMT == S_IFIFO)
    #expect(try directory.entries() == ["results.fifo"])
  }

  /// A link to `/proc/self/fd/1` (standard output, a pipe under the test runner or not) is
  /// written only when it leads to a regular file, never replaced by one.
  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "needs /proc"))
  func swarmOutThroughALinkToADescriptorKeepsWhatItLeadsTo() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let pipe = Pipe()
    let link = directory.path("out")
    let target = "/proc/self/fd/\(pipe.fileHandleForWriting.fileDescriptor)"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let run = Self.swarmRun(onto: link)
    #expect(run.status == 66, "\(run.stderr)")
    #expect(run.stderr.contains("it is a FIFO, not a regular file"), "\(run.stderr)")
    #expect(Self.info(target).st_mode & S_IFMT == S_IFIFO)
  }

  /// A device node (a copy of /dev/null's, made in the scratch directory) is refused; only
  /// root can make one.
  @Test(.enabled(if: isRoot, "making a device node needs root"))
  func swarmOutOntoADeviceNodeIsRefused() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let device = directory.path("null")
    let null = Self.info("/dev/null")
    #expect(mknod(device, S_IFCHR | 0o666, null.st_rdev) == 0)
    let run = Self.swarmRun(onto: device)
    #expect(run.status == 66, "\(run.stderr)")
    #expect(run.stderr.contains("it is a character device, not a regular file"), "\(run.stderr)")
    #expect(Self.info(device).st_mode & S_IFMT == S_IFCHR)
    #expect(Self.info(device).st_rdev == null.st_rdev)
  }

  @Test func fmtInPlaceKeepsHardLinks() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let file = try directory.write("mini.flow", Fixture.unformatted)
    let other = directory.path("other-name.flow")
    #expect(link(file, other) == 0)
    let before = Self.info(file)
    let run = CommandRun(["fmt", "--in-place", file])
    #expect(run.status == 0, "\(run.stderr)")
    let after = Self.info(file)
    #expect(after.st_ino == before.st_ino)
    #expect(after.st_nlink == 2)
    #expect(try directory.read(other) == directory.read(file))
    #expect(try directory.read(file) != Fixture.unformatted)
    #expect(try directory.entries() == ["mini.flow", "other-name.flow"])
  }

  @Test func fmtInPlaceRefusesAReadOnlyFileUnlessTold() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let file = try directory.write("mini.flow", Fixture.unformatted)
    #expect(chmod(file, 0o444) == 0)
    let refused = CommandRun(["fmt", "--in-place", file, "--no-color"])
    #expect(refused.status == 66)
    #expect(
      refused.stderr
        == "\(file):1:1: error: cannot write file: the file is read-only; make it writable, or pass "
        + "'--overwrite-read-only' to rewrite it anyway\n")
    #expect(try directory.read(file) == Fixture.unformatted)

    let told = CommandRun(["fmt", "--in-place", "--overwrite-read-only", file])
    #expect(told.status == 0, "\(told.stderr)")
    #expect(try directory.read(file) != Fixture.unformatted)
    #expect(Self.info(file).st_mode & 0o7777 == 0o444)

    let misused = CommandRun(["fmt", "--overwrite-read-only", file])
    #expect(misused.status == 64)
    #expect(misused.stderr.contains("'--overwrite-read-only' needs '--in-place'"))
  }

  /// Root rewriting a user's private file leaves it the user's, private, same inode.
  @Test(.enabled(if: isRoot, "giving a file to another user needs root"))
  func fmtInPlaceAsRootKeepsTheOwnerAndMode() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let file = try directory.write("mini.flow", Fixture.unformatted)
    #expect(chown(file, 1234, 5678) == 0)
    #expect(chmod(file, 0o600) == 0)
    let before = Self.info(file)
    let run = CommandRun(["fmt", "--in-place", file])
    #expect(run.status == 0, "\(run.stderr)")
    let after = Self.info(file)
    #expect(after.st_uid == 1234)
    #expect(after.st_gid == 5678)
    #expect(after.st_mode & 0o7777 == 0o600)
    #expect(after.st_ino == before.st_ino)
    #expect(try directory.read(file) != Fixture.unformatted)
  }

  /// A file this process owns, with one link, is replaced atomically by a rename and keeps
  /// its mode.
  @Test func fmtInPlaceOfAnOwnFileKeepsItsMode() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let file = try directory.write("mini.flow", Fixture.unformatted)
    #expect(chmod(file, 0o640) == 0)
    let run = CommandRun(["fmt", "--in-place", file])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.info(file).st_mode & 0o7777 == 0o640)
    #expect(try directory.entries() == ["mini.flow"])
  }

  /// Root replacing its own setuid and setgid file of another group by a rename: the copy
  /// gets the group before the mode, so that neither bit is lost (Linux clears both when
  /// the group of an executable file changes).
  @Test(.enabled(if: isRoot, "giving a file another group needs root"))
  func aRenamedFileKeepsItsGroupAndSetIDBits() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let file = try directory.write("tool", "old")
    #expect(chown(file, geteuid(), 5678) == 0)
    #expect(chmod(file, 0o6755) == 0)
    let before = Self.info(file)
    try FileSystem.replaceContents(of: file, with: Array("new".utf8))
    let after = Self.info(file)
    #expect(after.st_ino != before.st_ino, "replaced by a rename")
    #expect(after.st_gid == 5678)
    #expect(after.st_mode & 0o7777 == 0o6755)
    #expect(try directory.read(file) == "new")
    #expect(try directory.entries() == ["tool"])
  }

  /// Whether this process can run a command as `nobody` (root, with `setpriv`).
  static var canRunAsNobody: Bool {
    isRoot && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
  }

  /// `nobody` formatting root's 0644 file in a directory anyone may write: the file cannot
  /// be opened for writing, so the run fails with the system's reason and leaves no
  /// temporary copy beside it.
  @Test(.enabled(if: canRunAsNobody, "running as nobody needs root and setpriv"))
  func aFileThatCannotBeOpenedLeavesNoTemporaryCopy() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    #expect(chmod(directory.url.path, 0o777) == 0)
    let file = try directory.write("mini.flow", Fixture.unformatted)
    #expect(chmod(file, 0o644) == 0)
    let binary = try #require(ExecutableRun.binary, "the flowcheck executable is not built")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
    process.arguments = [
      "--reuid=65534", "--regid=65534", "--clear-groups", binary, "fmt", "--in-place", "--no-color", file,
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 66, "\(stderr)")
    #expect(stderr.contains("error: cannot write file: permission denied"), "\(stderr)")
    #expect(try directory.read(file) == Fixture.unformatted)
    #expect(try directory.entries() == ["mini.flow"])
  }

  /// A FIFO with no reader put in the place of a file written in place (it has a second
  /// name) after it was inspected: refused at once rather than waiting for a reader, the
  /// FIFO and the other name kept, no temporary copy left.
  @Test func aFIFOSwappedInForAFileWrittenInPlaceIsRefusedAtOnce() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let file = try directory.write("mini.flow", "old")
    let other = directory.path("other.flow")
    #expect(link(file, other) == 0)
    #expect(throws: FileSystem.changedFailure) {
      try FileSystem.replaceContents(of: file, with: Array("new".utf8)) {
        unlink(file)
        mkfifo(file, 0o600)
      }
    }
    #expect(Self.info(file).st_mode & S_IFMT == S_IFIFO)
    #expect(try directory.read(other) == "old")
    #expect(try directory.entries() == ["mini.flow", "other.flow"])
  }

  /// The same with a reader on the FIFO, so that it opens: refused because it is not the
  /// file that was inspected, and nothing is written to it.
  @Test func aFIFOWithAReaderSwappedInIsRefused() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let file = try directory.write("mini.flow", "old")
    #expect(link(file, directory.path("other.flow")) == 0)
    var reader: Int32 = -1
    defer { if reader >= 0 { close(reader) } }
    #expect(throws: FileSystem.changedFailure) {
      try FileSystem.replaceContents(of: file, with: Array("new".utf8)) {
        unlink(file)
        mkfifo(file, 0o600)
        reader = open(file, O_RDONLY | O_NONBLOCK)
      }
    }
    #expect(reader >= 0)
    var byte: UInt8 = 0
    #expect(read(reader, &byte, 1) == 0, "nothing was written to the FIFO")
    #expect(try directory.entries() == ["mini.flow", "other.flow"])
  }

  /// A file put in the place of one that would be renamed over (this process's, one link),
  /// or of one that did not exist, after it was inspected: refused, the newcomer kept.
  @Test(arguments: [true, false])
  func aFileSwappedInBeforeTheRenameIsKept(existed: Bool) throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let file = directory.path("mini.flow")
    if existed { try directory.write("mini.flow", "old") }
    #expect(throws: FileSystem.changedFailure) {
      try FileSystem.replaceContents(of: file, with: Array("new".utf8)) {
        let newcomer = try? directory.write("newcomer", "theirs")
        #expect(newcomer.map { rename($0, file) } == 0)
      }
    }
    #expect(try directory.read(file) == "theirs")
    #expect(try directory.entries() == ["mini.flow"])
  }

  /// Whether this process may bind-mount a file (root on Linux).
  static var canBindMount: Bool {
    #if os(Linux)
      isRoot
    #else
      false
    #endif
  }

  /// A file bind-mounted on its own, as into a container, cannot be renamed over (EBUSY):
  /// it is written in place, so the mounted file gets the new contents and no temporary
  /// copy is left.
  @Test(.enabled(if: canBindMount, "bind-mounting a file needs root on Linux"))
  func aBindMountedFileIsWrittenInPlace() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let source = try directory.write("source.flow", Fixture.unformatted)
    let file = try directory.write("mini.flow", "")
    #if os(Linux)
      try #require(mount(source, file, nil, UInt(MS_BIND), nil) == 0, "bind-mounting the file failed")
      defer { umount(file) }
    #endif
    let sourceBefore = Self.info(source)
    let run = CommandRun(["fmt", "--in-place", file, "--no-color"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try directory.read(source) != Fixture.unformatted)
    #expect(try directory.read(file) == directory.read(source))
    #expect(Self.info(source).st_ino == sourceBefore.st_ino)
    #expect(try directory.entries() == ["mini.flow", "source.flow"])
  }
}
