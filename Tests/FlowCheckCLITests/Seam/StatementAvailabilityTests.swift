import FlowLanguage
import FlowModel
import Testing

/// Every statement of the language is refused where it is written under a runtime that does
/// not offer its operation: never accepted and then explored as a no-op.
@Suite struct StatementAvailabilityTests {
  /// One use of each statement the language has, with the operation it needs.
  static let statements: [(text: String, operation: RuntimeOperation)] = [
    ("show Other", .show), ("root Other", .root), ("top Other", .top), ("pop", .pop),
    ("pop to Home", .popTo), ("present Other", .present), ("dismiss", .dismiss),
    ("startChild Child", .startChild), ("stopChild Child", .stopChild), ("finish", .finish),
    ("finish(done)", .finishWith), ("start Child", .startCoordinator), ("send ping", .send),
    ("selectTab Child", .selectTab), ("call Child.ping", .call), ("setStack Other", .setStack),
  ]

  static var pairs: [(runtime: String, statement: String, operation: RuntimeOperation)] {
    RuntimeRegistry.names.flatMap { runtime in statements.map { (runtime, $0.text, $0.operation) } }
  }

  /// A flow under `runtime` whose one handler runs `statement`, and the statement's offset.
  static func flow(_ runtime: String, _ statement: String) -> (text: String, offset: Int) {
    let kind = RuntimeRegistry.libraries.first { $0.library.rawValue == runtime }?.coordinatorKinds.first?
      .rawValue
    let head = """
      app Tiny {
        library \(runtime)
        window App
      }

      screen Home
      screen Other

      coordinator App: \(kind ?? "NavigationCoordinator") {
        on Home.go {
          
      """
    let tail = """

        }
      }

      coordinator Child: \(kind ?? "NavigationCoordinator") {
        result done
        handle ping { }
      }

      """
    return (head + statement + tail, head.utf8.count)
  }

  @Test(arguments: 0..<pairs.count)
  func aStatementIsRefusedWhereItIsWrittenUnlessTheRuntimeOffersIt(index: Int) throws {
    let (runtime, statement, operation) = Self.pairs[index]
    let capabilities = try #require(RuntimeRegistry.libraries.first { $0.library.rawValue == runtime })
    let (text, offset) = Self.flow(runtime, statement)
    let result = FrontEnd.check(
      source: SourceFile(path: "tiny.flow", text: text), libraries: RuntimeRegistry.libraries)
    let refusal = result.diagnostics.first {
      $0.id == .unsupportedStatement && $0.offset == offset
        && $0.message.hasPrefix("'\(operation.rawValue)' is not available under runtime '\(runtime)'")
    }
    if capabilities.supports(operation) {
      #expect(refusal == nil, "\(runtime) offers '\(statement)' but refuses it: \(result.diagnostics)")
    } else {
      #expect(
        refusal != nil,
        "\(runtime) does not offer '\(statement)' but does not refuse it there: \(result.diagnostics)")
      #expect(result.flow == nil)
    }
  }
}
