import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One run of the built `flowcheck` executable as a process, for what only a process shows:
/// signals, resource limits, exit statuses. Optionally signalled after a delay; always waited
/// for with a bound, so that a hang is a test failure, not a hung suite.
struct ExecutableRun {
  /// How the process ended.
  enum Ending: Equatable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it (its default action: the handler was not installed yet, or it was
    /// the second signal).
    case signalled(Int32)
    /// It was still running at the deadline and was killed.
    case hung

    var description: String {
      switch self {
      case .exited(let status): "exit \(status)"
      case .signalled(let signal): "killed by signal \(signal)"
      case .hung: "hung (killed at the deadline)"
      }
    }
  }

  var ending: Ending
  var stdout: String
  var stderr: String
  /// Whether every signal was sent after the executable's handler was seen installed (so
  /// that it must end as the handler makes it: exit 130 or 143).
  var signalledAfterHandler = false
  /// Whether `thenAfterHandled` was sent while the process was still running (not a zombie).
  var secondSentWhileRunning = false

  /// Whether the process `pid` catches both SIGINT and SIGTERM (its handler is installed),
  /// from `/proc/PID/status`; nil where that cannot be read (not Linux).
  static func catchesStopSignals(_ pid: Int32) -> Bool? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
      let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
    else { return nil }
    let stops = (UInt64(1) << (UInt64(SIGINT) - 1)) | (UInt64(1) << (UInt64(SIGTERM) - 1))
    return mask & stops == stops
  }

  /// Whether `/proc` shows the process `pid` as a zombie (it has exited).
  static func isZombie(_ pid: Int32) -> Bool {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else {
      return true
    }
    return status.contains("State:\tZ")
  }

  /// The `flowcheck` executable `swift build` put next to the test bundle, or nil.
  static var binary: String? { SwarmTests.binary }

  /// Runs `flowcheck arguments`, through `bash -c` when `shellPrefix` is given (`ulimit -v N;`
  /// before `exec`), sends `signals` (each after its delay, in seconds, from the start or,
  /// with `fromHandler`, from when the signal handler is seen installed: a readiness marker
  /// that needs no sleep), then `thenAfterHandled` once the handler has run (it gave the
  /// signals their default action back), and waits at most `deadline` seconds. With
  /// `readyWhen`, the delays count from when it first holds instead.
  init(
    _ arguments: [String], shellPrefix: String? = nil, signals: [(delay: Double, signal: Int32)] = [],
    fromHandler: Bool = false, readyWhen: (() -> Bool)? = nil, thenAfterHandled: Int32? = nil,
    deadline: Double = 30,
    environment: [String: String] = [:], directory: ScratchDirectory
  ) throws {
    let binary = try #require(Self.binary, "the flowcheck executable is not built")
    let process = Process()
    if let shellPrefix {
      process.executableURL = URL(fileURLWithPath: "/bin/bash")
      let quoted = ([binary] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
      process.arguments = ["-c", "\(shellPrefix) exec \(quoted.joined(separator: " "))"]
    } else {
      process.executableURL = URL(fileURLWithPath: binary)
      process.arguments = arguments
    }
    if !environment.isEmpty {
      process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let name = UUID().uuidString
    let outPath = directory.path("\(name).out")
    let errPath = directory.path("\(name).err")
    _ = FileManager.default.createFile(atPath: outPath, contents: nil)
    _ = FileManager.default.createFile(atPath: errPath, contents: nil)
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    defer {
      try? out.close()
      try? err.close()
    }
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    let start = Date()
    try process.run()
    var pending = signals.sorted { $0.delay < $1.delay }[...]
    var hung = false
    let pid = process.processIdentifier
    // When the handler was seen installed, from the start; where /proc cannot tell, never.
    var installedAt: Double?
    var canSee = true
    var sentAll = true
    var second = thenAfterHandled
    var readyAt: Double?
    while process.isRunning {
      let elapsed = Date().timeIntervalSince(start)
      if installedAt == nil && canSee {
        switch Self.catchesStopSignals(pid) {
        case true?: installedAt = elapsed
        case nil: canSee = false
        default: break
        }
      }
      if readyAt == nil, let readyWhen, readyWhen() { readyAt = elapsed }
      let origin =
        readyWhen != nil ? readyAt : fromHandler ? (installedAt ?? (canSee ? nil : 0.5)) : 0
      while let origin, let next = pending.first, origin + next.delay <= elapsed {
        if installedAt == nil { sentAll = false }
        kill(pid, next.signal)
        pending.removeFirst()
      }
      if pending.isEmpty, let signal = second, installedAt != nil, Self.catchesStopSignals(pid) == false {
        secondSentWhileRunning = !Self.isZombie(pid)
        kill(pid, signal)
        second = nil
      }
      if elapsed > deadline {
        hung = true
        kill(process.processIdentifier, SIGKILL)
        break
      }
      usleep(1000)
    }
    process.waitUntilExit()
    signalledAfterHandler = !signals.isEmpty && sentAll && installedAt != nil
    if hung {
      ending = .hung
    } else if process.terminationReason == .uncaughtSignal {
      ending = .signalled(process.terminationStatus)
    } else {
      ending = .exited(process.terminationStatus)
    }
    stdout = (try? directory.read(outPath)) ?? ""
    stderr = (try? directory.read(errPath)) ?? ""
    try? FileManager.default.removeItem(atPath: outPath)
    try? FileManager.default.removeItem(atPath: errPath)
  }

  /// Whether this run, sent `signal`, ended as the signal asks: exit 130 or 143 (stopped
  /// by the handler), or, only if the signal may have come before the handler was
  /// installed, killed by that signal itself. Never an abort, a crash or a hang.
  func endsAsSignalled(by signal: Int32) -> Bool {
    ending == .exited(128 + signal) || (!signalledAfterHandler && ending == .signalled(signal))
  }
}

/// Flows generated by `scripts/bench-flow-generator`, large enough that a command on them is
/// still running when a test signals it.
enum GeneratedFlow {
  /// The generator's output for `arguments`, written to `name` in `directory`.
  static func write(_ name: String, _ arguments: [String], in directory: ScratchDirectory) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments =
      [SwarmTests.root.appendingPathComponent("scripts/bench-flow-generator").path] + arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return try directory.write(name, String(decoding: data, as: UTF8.self))
  }
}
