import FlowExplorer
import Foundation

@testable import FlowCheckCLI

/// One run of `flowcheck` with string streams: what it printed and how it exited.
struct CommandRun {
  var status: Int32
  var stdout: String
  var stderr: String

  init(
    _ arguments: [String], environment: [String: String] = [:], isTerminal: Bool = false,
    stopRequest: StopRequest = StopRequest(), workingDirectory: String? = nil,
    standardInput: StandardInput = .text("")
  ) {
    var stdout = ""
    var stderr = ""
    status = FlowCheckCommand.run(
      arguments: arguments, environment: environment, stdout: &stdout, stderr: &stderr,
      isTerminal: isTerminal,
      stopRequest: stopRequest, workingDirectory: workingDirectory, standardInput: standardInput)
    self.stdout = stdout
    self.stderr = stderr
  }

  var stderrLines: [String] {
    stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct ScratchDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("flowcheck-cli-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `text` to `name` inside the directory and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let path = url.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func read(_ path: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// Names of the entries in the directory, sorted.
  func entries() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// Small flows used across the suites.
enum Fixture {
  /// A complete, valid flow in canonical form (as far as the fixtures know).
  static let valid = """
    app Mini {
      library radianttap
      window App
      home Home
    }

    screen Home
    screen Detail { style formSheet }

    coordinator App: NavigationCoordinator {
      root window
      start { root Home }

      on Home.open {
        if !animating { show Detail }
      }
    }

    expect pass

    """

  /// Valid, but its parent stops a child directly: radianttap leaves Home with no live
  /// coordinator (dead-screen) and the navigation controller with no delegate. Its
  /// transitions complete within their steps: its violations are those two, not a double tap.
  static let violating = """
    app StopChild {
      window App
      limits { inflight 0 }
    }

    screen Home
    screen Editor

    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.edit { startChild Editing }
      handle editingDone { stopChild Editing }
    }

    coordinator Editing: NavigationCoordinator {
      root parent
      start { show Editor }
      on Editor.save { send editingDone }
    }

    """

  /// Valid, with comments, odd indentation and spacing: `fmt` has work to do.
  static let unformatted = """
    // The mini app, written carelessly.
    app   Mini {
        library radianttap   // the runtime
      window App
    home Home
    }
    screen Home
    screen Detail {style formSheet}
    coordinator App : NavigationCoordinator {
    root window
      start {   root Home }
      // opening the detail
        on Home.open { show Detail }
    }
    expect pass

    """

  /// A name error: `Detial` is not a screen. The marker is where the error points.
  static let misspelledScreen = """
    app Mini {
      library radianttap
      window App
      home Home
    }

    screen Home
    screen Detail

    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.open { show 1️⃣Detial }
    }

    """

  /// A syntax error: the app block is never closed properly.
  static let brokenSyntax = """
    app Mini {
      library radianttap
      window App
    screen Home
    coordinator App: NavigationCoordinator { root window start { root Home }

    """

  /// `text` without the 1️⃣ marker, and the 1-based line and column (UTF-8 bytes) where it was.
  static func marked(_ text: String) -> (text: String, line: Int, column: Int) {
    let marker = "1️⃣"
    guard let range = text.range(of: marker) else { return (text, 0, 0) }
    let before = text[..<range.lowerBound]
    let line = before.filter { $0 == "\n" }.count + 1
    let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
    let column = before[lineStart...].utf8.count + 1
    return (text.replacingCharacters(in: range, with: ""), line, column)
  }
}

extension CommandRun {
  /// Runs the built `flowcheck` (`SwarmTests.binary`) as a process whose working directory
  /// is `directory`, for the files a run names relative to it (a default swarm result
  /// name); nil when the binary is not built. The test process's own working directory is
  /// shared by every test running at once, so a test never changes it.
  static func process(_ arguments: [String], in directory: ScratchDirectory) throws -> CommandRun? {
    guard let binary = SwarmTests.binary else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.currentDirectoryURL = directory.url
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Standard error is read on another thread while standard output is read here, so that
    // neither pipe can fill up and stall the run.
    let standardError = PipeContents()
    let reading = DispatchGroup()
    DispatchQueue.global().async(group: reading) {
      standardError.set(errors.fileHandleForReading.readDataToEndOfFile())
    }
    let standardOutput = output.fileHandleForReading.readDataToEndOfFile()
    reading.wait()
    process.waitUntilExit()
    return CommandRun(
      status: process.terminationStatus, stdout: String(decoding: standardOutput, as: UTF8.self),
      stderr: String(decoding: standardError.get(), as: UTF8.self))
  }

  init(status: Int32, stdout: String, stderr: String) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }
}

/// What one thread read from a pipe, handed to another under a lock.
private final class PipeContents: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  func set(_ data: Data) { lock.withLock { self.data = data } }
  func get() -> Data { lock.withLock { data } }
}
