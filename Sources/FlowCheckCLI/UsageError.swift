/// A mistake on the command line. Printed as `Error: message; did you mean 'x'?`, then the
/// usage line and where to find help; exit 64.
struct UsageError: Error, Equatable, Sendable {
  /// Lowercase, no final period, names in single quotes: `unknown option '--treads'`.
  var message: String
  /// The closest known name, for "did you mean".
  var suggestion: String?
  /// Whose usage line and help the error points at; nil for `flowcheck` itself.
  var subcommand: Subcommand?

  init(_ message: String, suggestion: String? = nil, subcommand: Subcommand? = nil) {
    self.message = message
    self.suggestion = suggestion
    self.subcommand = subcommand
  }

  /// `Error: unknown option '--treads'; did you mean '--threads'?`
  var errorLine: String {
    "Error: " + message + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
  }
}
