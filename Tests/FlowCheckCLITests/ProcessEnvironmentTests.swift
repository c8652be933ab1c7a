import Foundation
import Testing

@testable import FlowCheckCLI

/// The executable reads its environment without Foundation; Foundation's reading is the
/// reference.
@Suite struct ProcessEnvironmentTests {
  @Test func readsTheSameVariablesAsFoundation() {
    let variables = ProcessEnvironment.current()
    #expect(!variables.isEmpty)
    #expect(variables == ProcessInfo.processInfo.environment)
  }

  @Test func splitsAtTheFirstEqualsSignKeepsTheLastOfTwinsAndSkipsWhatIsNotUTF8() {
    let texts = ["A=1", "B=x=y", "NOEQUALS", "A=2", "EMPTY="]
    var entries: [UnsafeMutablePointer<CChar>?] = texts.map { strdup($0) }
    let invalid: [UInt8] = [0x43, 0x3D, 0xFF, 0xFE, 0]  // "C=" and bytes that are not UTF-8
    entries.append(strdup(invalid.map { CChar(bitPattern: $0) }))
    entries.append(nil)
    defer { for entry in entries { free(entry) } }
    let variables = entries.withUnsafeMutableBufferPointer {
      ProcessEnvironment.variables(in: $0.baseAddress!)
    }
    #expect(variables == ["A": "2", "B": "x=y", "EMPTY": ""])
  }
}
