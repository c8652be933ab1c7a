import FlowLanguage
import FlowReport

/// An error of a JSON document flowcheck reads (a trace, a swarm result, a baseline): what is
/// wrong and, for a syntax error, the byte it is at.
protocol DocumentError: Error {
  var message: String { get }
  var offset: Int? { get }
}

extension TraceFileError: DocumentError {}
extension SwarmResultError: DocumentError {}
extension BaselineError: DocumentError {}

/// Reads the document at `path` with `parse`: why it cannot be read (66), or why it is not
/// such a document (65, from `invalid`, at the line and column of a syntax error; 1:1 for a
/// file that is JSON but not that document).
func readDocument<Document, Failure: DocumentError>(
  _ path: String, parse: ([UInt8]) throws(Failure) -> Document,
  invalid: (_ path: String, _ line: Int, _ column: Int, _ message: String) -> CommandFailure
) -> Result<Document, CommandFailure> {
  let bytes: [UInt8]
  do {
    bytes = try FileSystem.contents(of: path)
  } catch {
    return .failure(.unreadable(path: path, reason: error.reason))
  }
  do {
    return .success(try parse(bytes))
  } catch {
    let point = SourceFile(path: path, bytes: bytes).location(of: error.offset ?? 0)
    return .failure(invalid(path, point.line, point.column, error.message))
  }
}
