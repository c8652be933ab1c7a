import FlowTestSupport
import Foundation
import Testing

@testable import FlowCheckCLI

/// A `reachable` property no state satisfies says what the search reached instead: the
/// screens shown and the values the global variables it names took.
@Suite("unreached properties")
struct UnreachedPropertyTests {
  /// A cart that holds at most `most` items (of 0...3) and a flag that nothing sets.
  static func flow(most: Int) -> String {
    """
    app Unreachable {
      window App
    }

    var items: 0...3 = 0
    var paid = false

    screen Home
    screen Receipt

    coordinator App: NavigationCoordinator {
      root window
      start { root Home }
      on Home.add {
        if items < \(most) { items += 1 }
      }
      on Home.pay {
        if paid { show Receipt }
      }
    }

    reachable top == Receipt && items > 0
    reachable paid
    reachable top == Home && items == 0
    """
  }

  /// The `why` of each violation of `flow`, in report order.
  static func reasons(_ flow: String) throws -> [String] {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let path = try directory.write("unreached.flow", flow)
    let run = CommandRun([path, "--format", "json"])
    let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    return try #require(object["violations"] as? [[String: Any]]).compactMap { $0["why"] as? String }
  }

  @Test("the values each named variable took, and only for the variables named")
  func valuesOfTheNamedVariables() throws {
    let some = try Self.reasons(Self.flow(most: 1))
    #expect(
      some == [
        "no reachable state satisfies 'top == Receipt && items > 0'; the 2 states reached show Home, never "
          + "Receipt; 'items' is only ever 0 or 1 (of 0...3)",
        "no reachable state satisfies 'paid'; the 2 states reached show Home, never Receipt; 'paid' is false "
          + "in every state reached",
      ])
    let every = try Self.reasons(Self.flow(most: 3))
    #expect(every.first?.hasSuffix("; 'items' takes every value of 0...3") == true, "\(every)")
  }
}
