import FlowLanguage
import FlowModel
import FlowReport

/// What checking promises for any flow the front end accepts: the oracle of the `checker`
/// fuzz target (`Tests/Fuzz`), and of the tests that keep the inputs it found.
///
/// Within small limits, so that one input takes a fraction of a second: exploring never
/// traps, and the text and JSON reports of one thread and of two are the same bytes (as the
/// README promises for any count); a short seeded simulation never traps and prints the same
/// bytes twice.
public enum CheckerLaws {
  /// The most states an input explores: beyond it the run is incomplete, which is a result
  /// like any other.
  public static let maximumStates = 3_000
  /// The most events from launch an input explores.
  public static let maximumDepth = 30

  /// The laws `bytes` breaks, each a line naming the law with what shows it; empty when
  /// they all hold, and for bytes that are not a flow flowcheck would explore.
  public static func broken(_ bytes: [UInt8], path: String = "fuzz.flow") -> [String] {
    let result = FrontEnd.check(source: SourceFile(path: path, bytes: bytes))
    guard let flow = result.flow, RuntimeRegistry.runtime(named: flow.library.rawValue) != nil else {
      return []
    }
    var broken: [String] = []

    var settings = CheckSettings()
    settings.maxStates = min(flow.limits.states, maximumStates)
    settings.maxDepth = min(flow.limits.depth, maximumDepth)
    let reports = [1, 2].map { threads in
      settings.threads = threads
      return FlowChecker.check(flow, path: path, options: settings)
    }
    for renderer in renderers {
      let one = renderer.render(reports[0])
      let two = renderer.render(reports[1])
      if one != two {
        broken.append(
          "check on 1 and 2 threads differ (\(type(of: renderer)))\n--- 1 thread ---\n\(one)--- 2 threads ---\n\(two)"
        )
      }
    }

    var simulation = SimulationSettings()
    simulation.seed = seed(of: bytes)
    simulation.runs = 4
    simulation.steps = 40
    let walks = [0, 1].map { _ in FlowSimulator.simulate(flow, path: path, settings: simulation) }
    for renderer in renderers {
      let first = renderer.render(walks[0])
      let second = renderer.render(walks[1])
      if first != second {
        broken.append(
          "simulate with one seed differs (\(type(of: renderer)))\n--- once ---\n\(first)--- twice ---\n\(second)"
        )
      }
    }
    return broken
  }

  /// Both formats: text for people and JSON.
  static let renderers: [any ReportRenderer] = [
    TextReport(options: RenderOptions()), JSONReport(options: RenderOptions()),
  ]

  /// A seed that depends on the input only (FNV-1a), so that a reproduced input walks the same.
  static func seed(of bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return hash
  }
}
