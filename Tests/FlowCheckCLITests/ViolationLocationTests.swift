import FlowTestSupport
import Foundation
import Testing

@testable import FlowCheckCLI

/// Where a violation is located: the property's line for `always`, `never` and `reachable`;
/// for a built-in invariant the statement whose execution broke it (`BugSpecLocationTests`
/// holds this over every bug spec).
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

  @Test("a built-in invariant broken in a handler: the statement that broke it")
  func handler() throws {
    // `handle editingDone` (line 12) stops the child with `stopChild Editing`; it ran after
    // Editing's `on Editor.save`, whose `send` is not where either invariant broke.
    let found = try Self.locations(Fixture.violating)
    #expect(found["dead-screen"] == "13:24 statement 'stopChild Editing', run in step 2")
    #expect(found["delegate-owner"] == "13:24 statement 'stopChild Editing', run in step 2")
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

  @Test("broken by a gesture: the last statement the trace ran before it")
  func gesture() throws {
    // A long-press Back from the child's Detail to First: no statement runs in that step;
    // the one before it started the child whose stack the gesture tears from its parent's
    // (Details' own `show Detail` is part of its start, so of the `startChild`).
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
    #expect(found["shadow-sync"] == "14:20 statement 'startChild Details', run in step 2; step 3 ran none")
  }
}
