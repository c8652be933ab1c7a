import FlowReport
import Foundation
import Testing

@testable import FlowCheckCLI

/// Every JSON line flowcheck prints is checked against the schema written down in
/// `Docs/report.schema.json` (documented in `Docs/JSON.md`): the run over the corpus and a
/// broken flow, a run with `--stats` and `--max-traces`, `simulate`, and `check --runtime
/// all`; and every JSON file it writes against `Docs/documents.schema.json`: trace files,
/// swarm results, `merge` and `diff` reports, baselines. Objects in the schemas allow no
/// other properties, so a new field fails here until it is documented.
@Suite struct JSONSchemaTests {
  static let schemaURL = SpecCorpusTests.specsDirectory.deletingLastPathComponent()
    .appendingPathComponent("Docs/report.schema.json")
  /// The schema of the other JSON documents: one `$defs` entry each, the root a `oneOf`.
  static let documentsSchemaURL = SpecCorpusTests.specsDirectory.deletingLastPathComponent()
    .appendingPathComponent("Docs/documents.schema.json")

  /// The subset of JSON Schema (2020-12) the schema uses: `$ref` to `#/$defs/…`, `oneOf`,
  /// `type`, `enum`, `required`, `properties`, `additionalProperties` (`false`, or a schema
  /// for every other member), `items`, `minItems`, `maxItems`, `minimum`, `maximum` and
  /// `pattern`.
  struct Validator {
    let root: [String: Any]
    /// The boolean class of Foundation's JSON numbers, which tells `true` from `1`.
    let booleanType = type(of: NSNumber(value: true) as Any)

    func problems(_ value: Any, against schema: [String: Any], at path: String) -> [String] {
      if let reference = schema["$ref"] as? String {
        let name = String(reference.dropFirst("#/$defs/".count))
        let definitions = root["$defs"] as? [String: Any] ?? [:]
        guard let target = definitions[name] as? [String: Any] else {
          return ["\(path): no definition \(name)"]
        }
        return problems(value, against: target, at: path)
      }
      if let choices = schema["oneOf"] as? [[String: Any]] {
        let matching = choices.filter { problems(value, against: $0, at: path).isEmpty }
        return matching.count == 1 ? [] : ["\(path): matches \(matching.count) of the oneOf choices, not 1"]
      }
      var found: [String] = []
      if let allowed = schema["enum"] as? [Any], !allowed.contains(where: { same($0, value) }) {
        found.append("\(path): \(value) is not one of \(allowed)")
      }
      if let type = schema["type"] {
        let types = (type as? [String]) ?? [type as? String ?? ""]
        if !types.contains(where: { isOfType(value, $0) }) { found.append("\(path): not of type \(types)") }
      }
      if let object = value as? [String: Any] {
        for key in schema["required"] as? [String] ?? [] where object[key] == nil {
          found.append("\(path): missing '\(key)'")
        }
        let properties = schema["properties"] as? [String: Any] ?? [:]
        for (key, member) in object {
          if let propertySchema = properties[key] as? [String: Any] {
            found += problems(member, against: propertySchema, at: path + "." + key)
          } else if let otherSchema = schema["additionalProperties"] as? [String: Any] {
            found += problems(member, against: otherSchema, at: path + "." + key)
          } else if schema["additionalProperties"] as? Bool == false {
            found.append("\(path): '\(key)' is not in the schema")
          }
        }
      }
      if let array = value as? [Any] {
        if let items = schema["items"] as? [String: Any] {
          for (index, item) in array.enumerated() {
            found += problems(item, against: items, at: "\(path)[\(index)]")
          }
        }
        if let least = schema["minItems"] as? Int, array.count < least {
          found.append("\(path): \(array.count) items, fewer than \(least)")
        }
        if let most = schema["maxItems"] as? Int, array.count > most {
          found.append("\(path): \(array.count) items, more than \(most)")
        }
      }
      if let number = value as? NSNumber, !isBoolean(value) {
        if let least = schema["minimum"] as? NSNumber, number.doubleValue < least.doubleValue {
          found.append("\(path): \(number) is below \(least)")
        }
        if let most = schema["maximum"] as? NSNumber, number.doubleValue > most.doubleValue {
          found.append("\(path): \(number) is above \(most)")
        }
      }
      if let text = value as? String, let pattern = schema["pattern"] as? String,
        text.range(of: pattern, options: .regularExpression) == nil
      {
        found.append("\(path): '\(text)' does not match \(pattern)")
      }
      return found
    }

    func isBoolean(_ value: Any) -> Bool { type(of: value) == booleanType }

    func isOfType(_ value: Any, _ type: String) -> Bool {
      switch type {
      case "object": return value is [String: Any]
      case "array": return value is [Any]
      case "string": return value is String
      case "boolean": return isBoolean(value)
      case "number": return value is NSNumber && !isBoolean(value)
      case "integer":
        guard let number = value as? NSNumber, !isBoolean(value) else { return false }
        return number.doubleValue == number.doubleValue.rounded()
      default: return false
      }
    }

    func same(_ allowed: Any, _ value: Any) -> Bool {
      if isBoolean(allowed) || isBoolean(value) {
        return isBoolean(allowed) && isBoolean(value) && (allowed as? Bool) == (value as? Bool)
      }
      if let text = allowed as? String { return (value as? String) == text }
      if let number = allowed as? NSNumber, let other = value as? NSNumber { return number == other }
      return false
    }
  }

  static func validator(_ url: URL = schemaURL) throws -> Validator {
    let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
    return Validator(root: try #require(schema as? [String: Any]))
  }

  /// Each line of `output` checked against the whole schema.
  static func problems(in output: String) throws -> [String] {
    let validator = try validator()
    var found: [String] = []
    for (index, line) in output.split(separator: "\n").enumerated() {
      let value = try JSONSerialization.jsonObject(with: Data(line.utf8))
      found += validator.problems(value, against: validator.root, at: "line \(index + 1)")
    }
    return found
  }

  @Test("every line of a run over the corpus and a broken flow matches the schema")
  func corpus() throws {
    let output = FormatGoldenTests.output(format: "json").drop { $0 != "\n" }.dropFirst()
    #expect(output.split(separator: "\n").count == SpecCorpusTests.specs.count + 1)
    #expect(try Self.problems(in: String(output)) == [])
  }

  @Test("--stats, --max-traces, warnings, a missing file and simulate match the schema")
  func options() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let violating = try directory.write("violating.flow", Fixture.violating)
    let missing = directory.path("missing.flow")
    let check = CommandRun([violating, missing, "--format", "json", "--stats", "--max-traces", "1"])
    #expect(check.stdout.split(separator: "\n").count == 2)
    #expect(try Self.problems(in: check.stdout) == [])
    for arguments in [["simulate", violating], ["simulate", Fixture.validPath(in: directory)]] {
      let simulate = CommandRun(arguments + ["--format", "json"])
      #expect(try Self.problems(in: simulate.stdout) == [])
    }
  }

  /// Each command line that writes JSON Lines on standard output, over flows that take each
  /// of its branches: a violation, a verified flow, an unreadable file, a flow every runtime
  /// can express, one only some can, one none can.
  static let jsonRuns: [[String]] = [
    ["VIOLATING", "MISSING", "--format", "json"],
    ["VALID", "--format", "json", "--stats"],
    ["simulate", "VIOLATING", "--format", "json"],
    ["VIOLATING", "--runtime", "all", "--format", "json"],
    ["VALID", "--runtime", "all", "--format", "json"],
    ["PORTABLE", "--runtime", "all", "--format", "json"],
    ["MISSING", "--runtime", "all", "--format", "json"],
    ["Specs/bugs", "--runtime", "all", "--format", "json", "--max-states", "2000"],
  ]

  @Test(arguments: jsonRuns)
  func everyJSONOutputMatchesTheSchema(arguments: [String]) throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let root = SpecCorpusTests.specsDirectory.deletingLastPathComponent().path + "/"
    let paths = [
      "VIOLATING": try directory.write("violating.flow", Fixture.violating),
      "VALID": Fixture.validPath(in: directory),
      "MISSING": directory.path("missing.flow"),
      "PORTABLE": root + "Specs/portable.flow",
    ]
    let run = CommandRun(arguments.map { paths[$0] ?? ($0.hasPrefix("Specs/") ? root + $0 : $0) })
    #expect(!run.stdout.isEmpty, "\(run.stderr)")
    #expect(try Self.problems(in: run.stdout) == [])
  }

  @Test("the validator rejects what the schema does not allow")
  func validatorRejects() throws {
    let validator = try Self.validator()
    let line = FormatGoldenTests.output(format: "json").split(separator: "\n")[1]
    var object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    #expect(validator.problems(object, against: validator.root, at: "$").isEmpty)
    object["undocumented"] = 1
    #expect(!validator.problems(object, against: validator.root, at: "$").isEmpty)
    object["undocumented"] = nil
    object["probabilistic"] = 1
    #expect(!validator.problems(object, against: validator.root, at: "$").isEmpty)
    object["probabilistic"] = false
    object["states"] = nil
    #expect(!validator.problems(object, against: validator.root, at: "$").isEmpty)
  }

  @Test("the schema's version is the one the reports carry")
  func version() throws {
    let text = try String(decoding: Data(contentsOf: Self.schemaURL), as: UTF8.self)
    #expect(text.contains("\"title\": \"flowcheck JSON output, schemaVersion \(JSONReport.schemaVersion)\""))
  }
}

/// The JSON files flowcheck writes, each made by a real run and checked against its entry in
/// `Docs/documents.schema.json` and against the schema's root, whose `oneOf` it must match
/// through that entry alone.
@Suite struct JSONDocumentSchemaTests {
  /// The problems of the document `text` against the `$defs` entry `definition`, and
  /// against the whole schema.
  static func problems(in text: String, definition: String) throws -> [String] {
    let validator = try JSONSchemaTests.validator(JSONSchemaTests.documentsSchemaURL)
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return validator.problems(value, against: ["$ref": "#/$defs/\(definition)"], at: definition)
      + validator.problems(value, against: validator.root, at: "root")
  }

  static let options = ["--threads", "1", "--quiet", "--no-progress", "--no-color"]

  @Test("check --trace-dir writes trace files that match the schema, whatever their steps")
  func traceFiles() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    // The bug specs violate many invariants through taps, gestures, app events, completions
    // and library callbacks: their traces, past the first violations too (a library event
    // such as Insecurity's "UIKit frees S first" comes after the pop that breaks an
    // invariant), take every kind of step but `launch`.
    let bugs = SpecCorpusTests.specsDirectory.appendingPathComponent("bugs").path
    let traces = directory.path("traces")
    let run = CommandRun(["check", bugs, "--trace-dir", traces, "--explore-past-violations"] + Self.options)
    #expect(run.status == 1, "\(run.stderr)")
    // No bug spec needs a library's own event to break an invariant: this flow's property
    // breaks only through the router's Cancel button.
    let cancel = try directory.write(
      "cancel.flow",
      """
      app Cancel {
        library router
        window Home
      }
      screen Home
      screen Form
      var cancelled = false
      coordinator Home: AppDelegateRouter {
        start { present Home }
        on Home.write { presentChild Writer onDismissed { cancelled = true } }
      }
      coordinator Writer: ModalNavigationRouter {
        start { present Form }
      }
      never cancelled
      """)
    let cancelRun = CommandRun(["check", cancel, "--trace-dir", traces] + Self.options)
    #expect(cancelRun.status == 1, "\(cancelRun.stdout)\(cancelRun.stderr)")
    let names = try FileManager.default.contentsOfDirectory(atPath: traces).sorted()
    #expect(names.count > 10)
    var kinds: Set<String> = []
    for name in names {
      let text = try directory.read(traces + "/" + name)
      #expect(try Self.problems(in: text, definition: "traceFile") == [], "\(name)")
      let steps = try #require(
        (try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])?["steps"]
          as? [[String: Any]])
      for step in steps { kinds.insert((step["gesture"] ?? step["kind"]) as? String ?? "") }
    }
    #expect(
      kinds.isSuperset(of: [
        "tap", "app-event", "completion", "library", "back-button", "back-menu", "select-tab", "swipe-down",
        "animation-ends", "navigation-animation-ends",
      ]), "\(kinds)")
  }

  @Test("swarm result files, and merge reports of two shards and of one, match the schema")
  func swarmResultsAndMerge() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let flow = try directory.write("v.flow", Fixture.violating)
    var files: [String] = []
    for shard in 1...2 {
      let file = directory.path("shard-\(shard).json")
      let run = CommandRun(
        ["check", flow, "--swarm", "\(shard)/2", "--swarm-out", file, "--bitstate", "20"] + Self.options)
      #expect(run.status == 1, "\(run.stderr)")
      let text = try directory.read(file)
      #expect(text.contains("\"violations\": ["), "a shard of a violating flow keeps its traces")
      #expect(try Self.problems(in: text, definition: "swarmResult") == [])
      files.append(file)
    }
    // Both shards, then one of two: `missing` holds the other as a range.
    for given in [files, [files[0]]] {
      let merge = CommandRun(["merge"] + given + ["--format", "json"])
      #expect(!merge.stdout.isEmpty, "\(merge.stderr)")
      #expect(try Self.problems(in: merge.stdout, definition: "swarmMerge") == [])
    }
    #expect(CommandRun(["merge", files[0], "--format", "json"]).stdout.contains("\"missingCount\": 1"))
  }

  @Test("diff --format json matches the schema, a fix against its bug both ways")
  func diff() throws {
    let specs = SpecCorpusTests.specsDirectory
    let bug = specs.appendingPathComponent("raypets.flow").path
    let fixed = specs.appendingPathComponent("raypets-fixed.flow").path
    for (old, new) in [(bug, fixed), (fixed, bug)] {
      let run = CommandRun(["diff", old, new, "--format", "json"])
      #expect(run.stdout.split(separator: "\n").count == 1, "\(run.stderr)")
      #expect(try Self.problems(in: run.stdout, definition: "diff") == [])
    }
  }

  @Test("--write-baseline writes a baseline that matches the schema, own properties included")
  func baseline() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let violating = try directory.write("v.flow", Fixture.violating)
    let launch = try directory.write("launch.flow", VerdictTests.brokenAtLaunch)
    let file = directory.path("b.json")
    let run = CommandRun(
      ["check", violating, launch, "--write-baseline", file] + Self.options,
      workingDirectory: directory.url.path)
    #expect(run.status == 1, "\(run.stderr)")
    let text = try directory.read(file)
    #expect(text.contains("\"property\": \"onScreen(Home)\""))
    #expect(try Self.problems(in: text, definition: "baseline") == [])
  }

  @Test("the documents' schema rejects a field it does not name and a malformed hash")
  func rejects() throws {
    let directory = try ScratchDirectory()
    defer { directory.remove() }
    let flow = try directory.write("v.flow", Fixture.violating)
    let file = directory.path("shard.json")
    _ = CommandRun(["check", flow, "--swarm", "1/1", "--swarm-out", file, "--bitstate", "20"] + Self.options)
    let text = try directory.read(file)
    #expect(try Self.problems(in: text, definition: "swarmResult") == [])
    let extraStepField = text.replacing("\"kind\": \"tap\"", with: "\"index\": 0, \"kind\": \"tap\"")
    #expect(extraStepField != text)
    #expect(try !Self.problems(in: extraStepField, definition: "swarmResult").isEmpty)
    let badHash = text.replacing("\"fnv1a64:", with: "\"fnv1a64:x")
    #expect(try !Self.problems(in: badHash, definition: "swarmResult").isEmpty)
  }
}

extension Fixture {
  /// Writes the valid fixture into `directory` and returns its path.
  static func validPath(in directory: ScratchDirectory) -> String {
    (try? directory.write("valid.flow", valid)) ?? ""
  }
}
