// `base { … }`: the settings of a team's own coordinator base class, read once the flow's
// library is known (a `library` line may follow the `base` it governs).

extension Resolution {
  /// Checks each `NAME VALUE` of the app's `base` blocks against the settings of the flow's
  /// library, and records the values chosen in `base`.
  mutating func readBase(_ blocks: [(entries: [BaseEntry], at: Int)]) {
    let settings = capabilities.baseSettings
    guard !blocks.isEmpty else { return }
    guard !settings.isEmpty else {
      let accepting = libraries.filter { !$0.baseSettings.isEmpty }.map(\.library.rawValue)
      for block in blocks {
        error(
          .unknownBaseSetting,
          "library '\(library.rawValue)' has no 'base' settings: they describe a team's own coordinator base class",
          at: block.at,
          notes: [
            DiagnosticNote(
              message: "'base' is allowed under \(Self.list(accepting.map { "'library \($0)'" }))",
              offset: block.at)
          ])
      }
      return
    }
    base = Array(repeating: 0, count: settings.count)
    var settingAt: [String: Int] = [:]
    for entry in blocks.flatMap(\.entries) where !Self.isMissing(entry.name) {
      let name = entry.name.text
      guard let index = settings.firstIndex(where: { $0.name == name }) else {
        error(
          .unknownBaseSetting,
          "unknown base setting '\(name)'\(Self.suggestionOrChoices(name, among: settings.map(\.name)))",
          at: entry.name.range.start,
          notes: [
            DiagnosticNote(
              message: "the settings of 'library \(library.rawValue)': "
                + settings.map { "'\($0.name)' (\($0.meaning))" }.joined(separator: ", "),
              offset: entry.name.range.start)
          ])
        continue
      }
      if let first = settingAt[name] {
        duplicate("duplicate base setting '\(name)'", at: entry.name.range.start, first: first)
        continue
      }
      settingAt[name] = entry.name.range.start
      let setting = settings[index]
      guard let value = setting.values.firstIndex(of: entry.value.text) else {
        error(
          .invalidBaseSetting,
          "base setting '\(name)' cannot be '\(entry.value.text)'"
            + Self.suggestionOrChoices(entry.value.text, among: setting.values),
          at: entry.value.range.start,
          notes: [
            DiagnosticNote(
              message:
                "'\(name)' says \(setting.meaning): \(Self.choices(setting.values)), '\(setting.defaultValue)' by default",
              offset: entry.value.range.start)
          ])
        continue
      }
      base[index] = value
    }
  }
}
