// The settings of `base { … }`: how a team's own coordinator base class and navigation helper differ
// from the pattern a runtime models, each a choice among a few values.

/// One setting a runtime accepts in `base { NAME VALUE, … }`: its name and the values it
/// takes, the first of them the default (the runtime's behaviour when the flow does not say).
public struct BaseSetting: Equatable, Sendable {
  public var name: String
  /// The values, the default first.
  public var values: [String]
  /// What the setting chooses, in the hint of an error ("when a pushed controller's
  /// completion runs").
  public var meaning: String

  public init(_ name: String, values: [String], meaning: String) {
    precondition(values.count >= 2, "a setting chooses among two values at least")
    self.name = name
    self.values = values
    self.meaning = meaning
  }

  /// The default value.
  public var defaultValue: String { values[0] }
}

extension CheckedFlow {
  /// The value chosen for setting `index` of the runtime's `baseSettings`, as an index into
  /// its `values`: 0, the default, when the flow does not set it.
  @inline(__always) public func baseValue(_ index: Int) -> Int {
    index < base.count ? base[index] : 0
  }
}
