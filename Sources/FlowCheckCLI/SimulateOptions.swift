import FlowReport

/// The options of `flowcheck simulate`, validated.
struct SimulateOptions: Equatable, Sendable {
  var file: String
  var format: OutputFormat = .text
  /// Seed, walks and steps per walk; defaults 0, 100 and 100.
  var settings = SimulationSettings()
  var noColor = false
  var quiet = false
  /// `--no-progress`: no progress line on standard error.
  var noProgress = false
}
