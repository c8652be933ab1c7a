import Foundation
import Testing

@testable import FlowCheckCLI

/// The SARIF log of a run over the whole corpus and a flow with errors, checked against the
/// requirements of the SARIF 2.1.0 JSON schema (sarif-schema-2.1.0.json, OASIS) for every
/// object flowcheck writes: `required` properties, `enum` values, `minimum`s and
/// `minItems`; and what GitHub code scanning needs besides: a rule for each result's
/// `ruleId` at its `ruleIndex`, with help text, and locations naming files that exist.
@Suite struct SARIFSchemaTests {
  /// One requirement broken, as a path into the log and what is wrong there.
  struct Problem: CustomStringConvertible {
    var path: String
    var what: String
    var description: String { "\(path): \(what)" }
  }

  /// A small checker of the schema's constraints on the objects flowcheck writes.
  struct Checker {
    var problems: [Problem] = []

    mutating func object(_ value: Any?, _ path: String, required: [String]) -> [String: Any] {
      guard let object = value as? [String: Any] else {
        problems.append(Problem(path: path, what: "not an object"))
        return [:]
      }
      for key in required where object[key] == nil {
        problems.append(Problem(path: path, what: "missing required '\(key)'"))
      }
      return object
    }

    mutating func array(_ value: Any?, _ path: String, minItems: Int = 0) -> [Any] {
      guard let array = value as? [Any] else {
        if value != nil { problems.append(Problem(path: path, what: "not an array")) }
        return []
      }
      if array.count < minItems { problems.append(Problem(path: path, what: "fewer than \(minItems) items")) }
      return array
    }

    mutating func integer(_ value: Any?, _ path: String, minimum: Int) {
      guard let value else { return }
      guard let number = value as? Int, number >= minimum else {
        problems.append(Problem(path: path, what: "not an integer ≥ \(minimum)"))
        return
      }
    }

    mutating func level(_ value: Any?, _ path: String) {
      guard let value else { return }
      if !["none", "note", "warning", "error"].contains(value as? String ?? "") {
        problems.append(
          Problem(path: path, what: "level '\(value)' is not one of none, note, warning, error"))
      }
    }

    /// `message` and `multiformatMessageString`: a `text` (or, for a message, an `id`).
    mutating func message(_ value: Any?, _ path: String) {
      let message = object(value, path, required: [])
      if message["text"] as? String == nil && message["id"] as? String == nil {
        problems.append(Problem(path: path, what: "a message needs 'text' or 'id'"))
      }
    }

    mutating func location(_ value: Any?, _ path: String, files: (String) -> Bool) {
      let location = object(value, path, required: [])
      if let text = location["message"] { message(text, path + ".message") }
      guard let physical = location["physicalLocation"] else {
        problems.append(Problem(path: path, what: "GitHub needs a physicalLocation"))
        return
      }
      let physicalLocation = object(
        physical, path + ".physicalLocation", required: ["artifactLocation", "region"])
      let artifact = object(
        physicalLocation["artifactLocation"], path + ".physicalLocation.artifactLocation", required: ["uri"])
      let uri = artifact["uri"] as? String ?? ""
      if uri.contains(" ") || uri.isEmpty || !files(uri) {
        problems.append(Problem(path: path, what: "uri '\(uri)' names no file of the checkout"))
      }
      let region = object(
        physicalLocation["region"], path + ".physicalLocation.region", required: ["startLine"])
      integer(region["startLine"], path + ".region.startLine", minimum: 1)
      integer(region["startColumn"], path + ".region.startColumn", minimum: 1)
    }
  }

  @Test(
    "the log of the whole corpus and a broken flow, and of a run cut by a limit, meet the schema's requirements",
    arguments: [false, true])
  func logMeetsTheSchema(cut: Bool) throws {
    let output =
      cut ? FormatGoldenTests.cutOutput(format: "sarif") : FormatGoldenTests.output(format: "sarif")
    let text = output.drop { $0 != "\n" }.dropFirst()
    let log = try JSONSerialization.jsonObject(with: Data(text.utf8))
    let root = FormatGoldenTests.root
    let files: (String) -> Bool = { FileManager.default.fileExists(atPath: root + "/" + $0) }
    var checker = Checker()

    let sarif = checker.object(log, "$", required: ["version", "runs"])
    #expect(sarif["version"] as? String == "2.1.0")
    #expect(sarif["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
    let runs = checker.array(sarif["runs"], "$.runs", minItems: 1)
    #expect(runs.count == 1)
    var resultCount = 0
    for (runIndex, runValue) in runs.enumerated() {
      let path = "$.runs[\(runIndex)]"
      let run = checker.object(runValue, path, required: ["tool"])
      let tool = checker.object(run["tool"], path + ".tool", required: ["driver"])
      let driver = checker.object(tool["driver"], path + ".tool.driver", required: ["name"])
      #expect(driver["name"] as? String == "flowcheck")
      var ruleIDs: [String] = []
      for (index, ruleValue) in checker.array(driver["rules"], path + ".rules").enumerated() {
        let rulePath = path + ".tool.driver.rules[\(index)]"
        let rule = checker.object(ruleValue, rulePath, required: ["id", "shortDescription", "help"])
        ruleIDs.append(rule["id"] as? String ?? "")
        for key in ["shortDescription", "fullDescription", "help"] {
          let text = checker.object(rule[key], rulePath + "." + key, required: ["text"])
          #expect(!(text["text"] as? String ?? "").isEmpty, "\(rulePath).\(key)")
        }
        let configuration = rule["defaultConfiguration"] as? [String: Any]
        checker.level(configuration?["level"], rulePath + ".defaultConfiguration.level")
      }
      #expect(Set(ruleIDs).count == ruleIDs.count, "rule ids are unique")
      for (index, resultValue) in checker.array(run["results"], path + ".results").enumerated() {
        resultCount += 1
        let resultPath = path + ".results[\(index)]"
        let result = checker.object(resultValue, resultPath, required: ["message", "ruleId", "locations"])
        checker.message(result["message"], resultPath + ".message")
        checker.level(result["level"], resultPath + ".level")
        checker.integer(result["ruleIndex"], resultPath + ".ruleIndex", minimum: -1)
        let ruleIndex = result["ruleIndex"] as? Int ?? -1
        #expect(
          ruleIndex >= 0 && ruleIndex < ruleIDs.count && ruleIDs[ruleIndex] == result["ruleId"] as? String,
          "\(resultPath): ruleIndex \(ruleIndex) does not name rule '\(result["ruleId"] ?? "")'")
        for (l, location) in checker.array(result["locations"], resultPath + ".locations", minItems: 1)
          .enumerated()
        {
          checker.location(location, resultPath + ".locations[\(l)]", files: files)
        }
        for (c, flowValue) in checker.array(result["codeFlows"], resultPath + ".codeFlows").enumerated() {
          let flowPath = resultPath + ".codeFlows[\(c)]"
          let codeFlow = checker.object(flowValue, flowPath, required: ["threadFlows"])
          if let text = codeFlow["message"] { checker.message(text, flowPath + ".message") }
          for (t, threadValue) in checker.array(
            codeFlow["threadFlows"], flowPath + ".threadFlows", minItems: 1
          )
          .enumerated() {
            let threadPath = flowPath + ".threadFlows[\(t)]"
            let thread = checker.object(threadValue, threadPath, required: ["locations"])
            for (s, step) in checker.array(thread["locations"], threadPath + ".locations", minItems: 1)
              .enumerated()
            {
              let stepObject = checker.object(step, threadPath + ".locations[\(s)]", required: [])
              checker.location(stepObject["location"], threadPath + ".locations[\(s)].location", files: files)
            }
          }
        }
      }
    }
    #expect(checker.problems.isEmpty, "\(checker.problems)")
    // Every violation of the corpus and the broken flow's two errors; or the violation and
    // the two incomplete searches of the cut run.
    #expect(resultCount > (cut ? 2 : SpecCorpusTests.specs.count))
  }

  @Test("the checker itself finds what is missing")
  func checkerFindsProblems() {
    var checker = Checker()
    _ = checker.object(["runs": []], "$", required: ["version", "runs"])
    checker.level("fatal", "$.level")
    checker.integer(0, "$.startLine", minimum: 1)
    checker.message([String: Any](), "$.message")
    _ = checker.array([Any](), "$.threadFlows", minItems: 1)
    #expect(checker.problems.count == 5)
  }
}
