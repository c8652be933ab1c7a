/// The violations a team has accepted (`check --write-baseline FILE`), so that a run with
/// `check --baseline FILE` fails only on new ones, as SwiftLint's `--baseline` does.
///
/// An entry names a violation by what stays put while the flow is edited: the flow's path
/// (relative to the directory flowcheck ran in), the property's id, the flow's own
/// property text, and what the violation is located at (`handler 'App: handle done'`,
/// `coordinator 'App'`), without line numbers or the trace, which move with any edit above
/// them. A checker reports at most one violation per property and flow, so the entries of
/// a flow are distinct in practice; matching still counts them, one entry per violation.
///
/// The file is a small JSON document with sorted keys and sorted entries:
/// `{"format": "flowcheck-baseline", "schemaVersion": 1, "violations": [{"id": …,
/// "location": …, "path": …, "property": …}]}`.
public struct Baseline: Sendable, Equatable {
  public static let formatName = "flowcheck-baseline"
  /// Bumped whenever a field changes meaning or disappears.
  public static let schemaVersion = 1

  /// One accepted violation.
  public struct Entry: Sendable, Hashable, Comparable {
    /// The flow's path, relative to the directory flowcheck ran in when it is under it.
    public var path: String
    /// The invariant's or property's id.
    public var id: String
    /// The flow's own property, as written; nil for a built-in invariant.
    public var property: String?
    /// What the violation is located at, without the step that ran it; nil when unknown.
    public var location: String?

    public init(path: String, id: String, property: String? = nil, location: String? = nil) {
      self.path = path
      self.id = id
      self.property = property
      self.location = location
    }

    /// The entry of `violation`, found in the flow at `path`.
    public init(_ violation: CheckReport.Violation, path: String) {
      self.init(
        path: path, id: violation.id, property: violation.text,
        location: violation.location.map { Self.stableLocation($0.what) })
    }

    /// `handler 'App: handle done', run in step 2` → `handler 'App: handle done'`: the step
    /// is the trace's, which a change elsewhere in the flow may lengthen.
    static func stableLocation(_ what: String) -> String {
      guard let range = what.ranges(of: ", run in step ").last else { return what }
      return String(what[..<range.lowerBound])
    }

    public static func < (lhs: Entry, rhs: Entry) -> Bool {
      (lhs.path, lhs.id, lhs.property ?? "", lhs.location ?? "")
        < (rhs.path, rhs.id, rhs.property ?? "", rhs.location ?? "")
    }

    /// `Specs/shop.flow: shadow-sync at handler 'App: handle done'`, for the reports.
    public var description: String {
      var text = "\(path): \(id)"
      if let property { text += " \(property)" }
      if let location { text += " at \(location)" }
      return text
    }
  }

  /// Sorted, so that the file's bytes depend only on the violations.
  public private(set) var entries: [Entry]

  public init(entries: [Entry]) { self.entries = entries.sorted() }

  /// The baseline of every violation in `reports`, each under `path(report.path)`.
  public init(reports: [CheckReport], path: (String) -> String) {
    self.init(
      entries: reports.flatMap { report in report.violations.map { Entry($0, path: path(report.path)) } })
  }

  /// The file's text: JSON with sorted keys, one entry per line, and a final newline.
  public var json: String {
    let violations: [JSONValue] = entries.map { entry in
      var object: [String: JSONValue] = ["path": .string(entry.path), "id": .string(entry.id)]
      if let property = entry.property { object["property"] = .string(property) }
      if let location = entry.location { object["location"] = .string(location) }
      return .object(object)
    }
    let document: JSONValue = .object([
      "format": .string(Self.formatName),
      "schemaVersion": .int(Self.schemaVersion),
      "violations": .array(violations),
    ])
    return document.rendered() + "\n"
  }

  /// Reads a baseline file's bytes (UTF-8 JSON). A syntax error's offset is into `bytes`.
  public static func parse(_ bytes: [UInt8]) throws(BaselineError) -> Baseline {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw BaselineError("not JSON: \(error.message)", offset: error.offset)
    }
    guard case .object(let root) = value, root["format"] == .string(formatName) else {
      throw BaselineError("not a flowcheck baseline: no \"format\": \"\(formatName)\"")
    }
    guard case .int(let version) = root["schemaVersion"] else {
      throw BaselineError("no whole number \"schemaVersion\"")
    }
    guard (1...schemaVersion).contains(version) else {
      throw BaselineError("schema version \(version) is not one this flowcheck reads (1 to \(schemaVersion))")
    }
    guard case .array(let items) = root["violations"] else {
      throw BaselineError("no \"violations\" array")
    }
    var entries: [Entry] = []
    for (index, item) in items.enumerated() {
      guard case .object(let fields) = item, case .string(let path) = fields["path"], !path.isEmpty,
        case .string(let id) = fields["id"], !id.isEmpty
      else {
        throw BaselineError("violation \(index + 1) has no non-empty \"path\" and \"id\" strings")
      }
      func optional(_ key: String) throws(BaselineError) -> String? {
        switch fields[key] {
        case nil, .null: return nil
        case .string(let text): return text
        default: throw BaselineError("violation \(index + 1): \"\(key)\" is not a string")
        }
      }
      entries.append(
        Entry(path: path, id: id, property: try optional("property"), location: try optional("location")))
    }
    return Baseline(entries: entries)
  }

  /// Marks each violation of `report` new or known (`unchanged`) against the entries for
  /// `path`, each entry matching one violation at most, and records the entries no
  /// violation matched as fixed when the search was exhaustive; after an incomplete or
  /// bitstate search a violation not found may only be unreached, so none is called fixed.
  public func compare(_ report: inout CheckReport, path: String) {
    var remaining = entries.filter { $0.path == path }
    for index in report.violations.indices {
      let entry = Entry(report.violations[index], path: path)
      if let match = remaining.firstIndex(of: entry) {
        remaining.remove(at: match)
        report.violations[index].baselineState = .unchanged
      } else {
        report.violations[index].baselineState = .new
      }
    }
    report.baselineCompared = true
    let exhaustive = report.incompleteReason == nil && !report.probabilistic && report.interruptedBy == nil
    report.fixedBaselineEntries = exhaustive ? remaining : []
  }
}

/// Why a baseline file cannot be read, in words.
public struct BaselineError: Error, Equatable, Sendable {
  public var message: String
  /// The byte offset of a syntax error; nil for a file that is JSON but not a baseline.
  public var offset: Int?

  public init(_ message: String, offset: Int? = nil) {
    self.message = message
    self.offset = offset
  }
}
