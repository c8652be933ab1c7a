/// How bad a diagnostic is.
public enum Severity: String, Sendable, Comparable {
  case error, warning, note

  private var rank: Int {
    switch self {
    case .error: 2
    case .warning: 1
    case .note: 0
    }
  }
  public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A note attached to a diagnostic, printed as its own `path:line:col: note: …` line.
public struct DiagnosticNote: Equatable, Sendable {
  public var message: String
  public var offset: Int
  public init(message: String, offset: Int) {
    self.message = message
    self.offset = offset
  }
}

/// One problem found in a `.flow` file.
///
/// A value with a byte offset, a stable id, a severity and notes; line and column are
/// computed when printed. Messages are lowercase, with no final period, names in single quotes.
public struct Diagnostic: Equatable, Sendable {
  public var id: DiagnosticID
  public var severity: Severity
  public var message: String
  public var offset: Int
  public var notes: [DiagnosticNote]

  public init(
    _ id: DiagnosticID, _ severity: Severity, _ message: String, at offset: Int,
    notes: [DiagnosticNote] = []
  ) {
    self.id = id
    self.severity = severity
    self.message = message
    self.offset = offset
    self.notes = notes
  }

  public static func error(
    _ id: DiagnosticID, _ message: String, at offset: Int, notes: [DiagnosticNote] = []
  ) -> Diagnostic {
    Diagnostic(id, .error, message, at: offset, notes: notes)
  }

  public static func warning(
    _ id: DiagnosticID, _ message: String, at offset: Int, notes: [DiagnosticNote] = []
  ) -> Diagnostic {
    Diagnostic(id, .warning, message, at: offset, notes: notes)
  }
}

/// The catalogue of diagnostic ids. Stable: tests, editors and users refer to them.
public enum DiagnosticID: String, Sendable, CaseIterable {
  // Reading and lexing
  case unreadableFile = "unreadable-file"
  case emptyFile = "empty-file"
  case invalidUTF8 = "invalid-utf8"
  case binaryFile = "binary-file"
  case unexpectedCharacter = "unexpected-character"
  case unterminatedString = "unterminated-string"
  case unterminatedComment = "unterminated-comment"
  case integerTooLarge = "integer-too-large"
  // Parsing
  case expectedToken = "expected-token"
  case expectedDeclaration = "expected-declaration"
  case expectedStatement = "expected-statement"
  case expectedExpression = "expected-expression"
  case unterminatedBlock = "unterminated-block"
  case nestingTooDeep = "nesting-too-deep"
  case unknownKeyword = "unknown-keyword"
  // Names
  case unknownScreen = "unknown-screen"
  case unknownCoordinator = "unknown-coordinator"
  case unknownMessage = "unknown-message"
  case unknownEvent = "unknown-event"
  case unknownVariable = "unknown-variable"
  case unknownLibrary = "unknown-library"
  case unknownCoordinatorKind = "unknown-coordinator-kind"
  case unknownStyle = "unknown-style"
  case unknownLimit = "unknown-limit"
  /// A `base` setting the flow's library does not have (or a `base` under a library with none).
  case unknownBaseSetting = "unknown-base-setting"
  case unknownInvariant = "unknown-invariant"
  case unknownFunction = "unknown-function"
  /// A value that is not among a coordinator's `result` values.
  case unknownResult = "unknown-result"
  /// A context after `in:` that the runtime does not have.
  case unknownStartContext = "unknown-start-context"
  case duplicateDeclaration = "duplicate-declaration"
  // Meaning
  case missingApp = "missing-app"
  case duplicateApp = "duplicate-app"
  case unsupportedStatement = "unsupported-statement"
  case valueOutOfRange = "value-out-of-range"
  case invalidRange = "invalid-range"
  case typeMismatch = "type-mismatch"
  case invalidRoot = "invalid-root"
  case invalidLimit = "invalid-limit"
  /// A value a `base` setting does not take.
  case invalidBaseSetting = "invalid-base-setting"
  case tooManyVariables = "too-many-variables"
  case coordinatorNeverStarted = "coordinator-never-started"
  case screenNeverShown = "screen-never-shown"
  case eventNeverEmitted = "event-never-emitted"
  case messageNeverHandled = "message-never-handled"
  case statementOutsideContext = "statement-outside-context"
  // Added by the resolver
  case missingWindow = "missing-window"
  // Checking
  case runtimeNotModelled = "runtime-not-modelled"
  case tooManyProperties = "too-many-properties"
  /// More screens, coordinators, variables, events or messages than the model can number.
  case tooManyDeclarations = "too-many-declarations"
  case integerOverflow = "integer-overflow"
}
