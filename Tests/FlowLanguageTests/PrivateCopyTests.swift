import FlowLanguage
import FlowTestSupport
import Foundation
import Testing

/// `CheckedFlow.privateCopy()` gives an equal flow that shares no array with the original
/// (the explorer's threads each read their own).
@Suite struct PrivateCopyTests {
  @Test func copiesOfSpecsAndGeneratedFlowsAreEqualAndShareNoArrays() throws {
    var flows: [CheckedFlow] = []
    for path in FormatterPropertyTests.specFiles() {
      let data = try #require(FileManager.default.contents(atPath: path))
      if let flow = FrontEnd.check(source: SourceFile(path: path, bytes: Array(data))).flow {
        flows.append(flow)
      }
    }
    for index in 0..<60 {
      var generator = FlowGenerator(seed: GeneratedFlowPropertyTests.seed &+ 20_000 &+ UInt64(index))
      if let flow = FrontEnd.check(source: SourceFile(path: "g.flow", text: generator.validFlowText())).flow {
        flows.append(flow)
      }
    }
    #expect(flows.count > 60)
    for flow in flows {
      let copy = flow.privateCopy()
      #expect(copy == flow, "\(flow.appName)")
      #expect(!Self.sharesStorage(copy.screens, flow.screens))
      #expect(!Self.sharesStorage(copy.coordinators, flow.coordinators))
      for (copied, original) in zip(copy.coordinators, flow.coordinators) {
        #expect(!Self.sharesStorage(copied.start, original.start))
        for (a, b) in zip(copied.screenHandlers, original.screenHandlers) {
          #expect(!Self.sharesStorage(a.body, b.body))
        }
        for (key, body) in copied.messageHandlers {
          #expect(!Self.sharesStorage(body, original.messageHandlers[key]!))
        }
      }
      for (copied, original) in zip(copy.appEvents, flow.appEvents) {
        #expect(!Self.sharesStorage(copied.body, original.body))
      }
      for (copied, original) in zip(copy.asyncTasks, flow.asyncTasks) {
        #expect(!Self.sharesStorage(copied.body, original.body))
      }
    }
  }

  /// Whether two non-empty arrays use the same buffer.
  static func sharesStorage<Element>(_ first: [Element], _ second: [Element]) -> Bool {
    guard !first.isEmpty else { return false }
    return first.withUnsafeBufferPointer { a in
      second.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress }
    }
  }
}
