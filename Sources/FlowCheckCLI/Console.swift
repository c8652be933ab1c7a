/// Where a run writes: standard output for results, standard error for diagnostics and
/// errors, and whether diagnostics on standard error are coloured.
///
/// The streams are held by value and handed back to the caller when the run ends, so a test
/// can pass two `String`s and a real run two `StandardStream`s.
struct Console<Output: TextOutputStream, ErrorOutput: TextOutputStream> {
  var output: Output
  var errorOutput: ErrorOutput
  /// Colour diagnostics with ANSI escapes; decided by `ColourChoice`.
  var colour: Bool
  /// The directory the run started in, for the formats that write paths relative to it.
  var workingDirectory: String?
  /// Where `check` writes its progress (standard error); nil for none.
  var progress: ProgressOutput?
  /// What `fmt -` reads.
  var standardInput = StandardInput.process

  init(output: Output, errorOutput: ErrorOutput, colour: Bool = false) {
    self.output = output
    self.errorOutput = errorOutput
    self.colour = colour
  }

  /// Writes `text` to standard output as is.
  mutating func write(_ text: String) {
    output.write(text)
  }

  /// Writes `text` to standard error as is.
  mutating func writeError(_ text: String) {
    errorOutput.write(text)
  }
}

/// Whether diagnostics are coloured: only on a terminal, only when `NO_COLOR` is not set
/// (https://no-color.org: set to anything but the empty string), and not with `--no-color`.
enum ColourChoice {
  static func useColour(isTerminal: Bool, environment: [String: String], noColor: Bool) -> Bool {
    guard isTerminal, !noColor else { return false }
    if let value = environment["NO_COLOR"], !value.isEmpty { return false }
    return true
  }
}
