import FlowReport
import Foundation
import Testing

@testable import FlowCheckCLI

/// Every JSON line flowcheck prints is checked against the schema written down in
/// `Docs/report.schema.json` (documented in `Docs/JSON.md`): the run over the corpus and a
/// broken flow, a run with `--stats` and `--max-traces`, `simulate`, and `check --runtime
/// all`. Objects in the
/// schema allow no other properties, so a new field fails here until it is documented.
@Suite struct JSONSchemaTests {
  static let schemaURL = SpecCorpusTests.specsDirectory.deletingLastPathComponent()
    .appendingPathComponent("Docs/report.schema.json")

  /// The subset of JSON Schema (2020-12) the schema uses: `$ref` to `#/$defs/…`, `oneOf`,
  /// `type`, `enum`, `required`, `properties`, `additionalProperties` (`false`, or a schema
  /// for every other member) and `items`.
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
      if let array = value as? [Any], let items = schema["items"] as? [String: Any] {
        for (index, item) in array.enumerated() {
          found += problems(item, against: items, at: "\(path)[\(index)]")
        }
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

  static func validator() throws -> Validator {
    let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL))
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

extension Fixture {
  /// Writes the valid fixture into `directory` and returns its path.
  static func validPath(in directory: ScratchDirectory) -> String {
    (try? directory.write("valid.flow", valid)) ?? ""
  }
}
