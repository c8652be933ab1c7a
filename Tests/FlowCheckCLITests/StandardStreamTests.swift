import Foundation
import Testing

@testable import FlowCheckCLI

/// A write that fails is recorded, and nothing more is written: the executable then exits
/// 74 with the reason on standard error (`main.swift`).
@Suite struct StandardStreamTests {
  @Test func aFullDeviceIsAFailureWithItsReason() throws {
    let descriptor = open("/dev/full", O_WRONLY)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    var stream = StandardStream(descriptor: descriptor)
    #expect(stream.failure == nil)
    stream.write("verdict: VERIFIED\n")
    #expect(stream.failure == "no space left on device")
  }

  /// With SIGPIPE ignored, as the executable does, a reader that went away is a failure.
  @Test func aClosedPipeIsAFailureNotADeath() throws {
    signal(SIGPIPE, SIG_IGN)
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    close(ends[0])
    defer { close(ends[1]) }
    var stream = StandardStream(descriptor: ends[1])
    stream.write("first line\n")
    #expect(stream.failure == "broken pipe")
    stream.write("second line\n")
    #expect(stream.failure == "broken pipe")
  }

  @Test func aWorkingStreamRecordsNothing() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    var stream = StandardStream(descriptor: ends[1])
    stream.write("hello\n")
    #expect(stream.failure == nil)
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = read(ends[0], &buffer, buffer.count)
    #expect(count == 6)
    #expect(Array(buffer.prefix(6)) == Array("hello\n".utf8))
  }
}
