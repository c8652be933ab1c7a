import FlowTestSupport
import Foundation
import Testing

@testable import FlowCheckCLI

/// Where a violation is located: the property's line for `always`, `never` and `reachable`;
/// for a built-in invariant the last handler its trace's last step ran, else the coordinator
/// whose screen the user was on.
@Suite("violation locations")
struct ViolationLocationTests {
  /// The JSON `location` of each violation of `flow`, by id, as `line:column what`.
  static func locations(_ flow: String) throws -> [String: String] {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("located.flow", TransitionsInTheirStep.flow(flow))
    let run = CommandRun([path, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    var found: [String: String] = [:]
    for violation in try #require(object["violations"] as? [[String: Any]]) {
      let location = try #require(violation["location"] as? [String: Any])
      let id = try #require(violation["id"] as? String)
      found[id] = "\(location["line"] ?? 0):\(location["column"] ?? 0) \(location["what"] ?? "")"
    }
    return found
  }

  @Test("a built-in invariant broken in a handler: the handler that ran last in the last step")
  func handler() throws {
    // `handle editingDone` (line 12) stops the child; it ran after Editing's `on Editor.save`.
    let found = try Self.locations(Fixture.violating)
    #expect(found["dead-screen"] == "13:3 handler 'App: handle editingDone', run in step 2")
    #expect(found["delegate-owner"] == "13:3 handler 'App: handle editingDone', run in step 2")
  }

  @Test("the flow's own properties: the line that declares them")
  func property() throws {
    let flow = Fixture.valid.replacingOccurrences(
      of: "expect pass\n", with: "never top == Detail\nreachable top == Nowhere\n"
    ).replacingOccurrences(of: "screen Detail { style formSheet }", with: "screen Detail\nscreen Nowhere")
    let found = try Self.locations(flow)
    #expect(found["never"] == "20:1 property 'never top == Detail'")
    // A reachable property is judged unreached only when no state was left unexplored past
    // a violation: here, without the `never`.
    let unreached = try Self.locations(flow.replacingOccurrences(of: "never top == Detail\n", with: "\n"))
    #expect(unreached["reachable"] == "21:1 property 'reachable top == Nowhere'")
  }

  @Test("broken by a gesture: the declaration of the coordinator whose screen the user was on")
  func gesture() throws {
    // A long-press Back from the child's Detail to First: no handler runs in that step.
    let flow = """
      app LongPress {
        window App
        limits { stack 5 }
      }

      screen First
      screen Second
      screen Detail

      coordinator App: NavigationCoordinator {
        root window
        start { root First }
        on First.next { show Second }
        on Second.open { startChild Details }
      }

      coordinator Details: NavigationCoordinator {
        root parent
        start { show Detail }
        on Detail.refresh {}
      }

      """
    let found = try Self.locations(flow)
    #expect(found["shadow-sync"] == "17:13 coordinator 'Details'")
  }
}
