import FlowModel
import FlowReport
import FlowTestSupport
import Foundation
import Testing

@testable import FlowLanguage

/// The fuzz targets' side of the test suite (`scripts/fuzz`, `Tests/Fuzz`): their laws hold
/// on every seed, every input a fuzzer found is kept here once it holds, and the dictionary
/// names every word and token of the language.
@Suite struct FuzzTargetTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test(arguments: SpecCorpusTests.specs)
  func frontEndLawsHoldOnEverySeed(path: String) throws {
    let bytes = try #require(FileManager.default.contents(atPath: path))
    #expect(FrontEndLaws.broken(Array(bytes), path: path) == [])
  }

  @Test(arguments: SpecCorpusTests.specs)
  func checkerLawsHoldOnEverySeed(path: String) throws {
    let bytes = try #require(FileManager.default.contents(atPath: path))
    #expect(CheckerLaws.broken(Array(bytes), path: path) == [])
  }

  /// An input a fuzz target broke a law with, kept once the law holds on it.
  struct Finding: Sendable, CustomTestStringConvertible {
    var name: String
    var bytes: [UInt8]
    var testDescription: String { name }
  }

  /// What the `frontend` target found, each with the cause.
  static let frontEndFindings: [Finding] = [
    // A `//` comment ending the file in tabs, a carriage return and a tab: the formatter
    // drops all that white space, and the law kept the carriage return (the oracle was wrong).
    Finding(name: "comment ending in tabs and a carriage return", bytes: Array("// A c<\t\t\r\t".utf8))
  ]

  @Test(arguments: frontEndFindings)
  func frontEndLawsHoldOnWhatTheFuzzerFound(finding: Finding) {
    #expect(FrontEndLaws.broken(finding.bytes) == [])
  }

  /// The seeds of the `replay` and `merge` targets (`Tests/Fuzz/seeds/TARGET`).
  static func readerSeeds(_ target: String) throws -> [URL] {
    let directory = root.appendingPathComponent("Tests/Fuzz/seeds/\(target)")
    return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
      .sorted { $0.path < $1.path }
  }

  @Test func readerLawsHoldOnEverySeed() throws {
    let traces = try Self.readerSeeds("replay")
    let results = try Self.readerSeeds("merge")
    #expect(!traces.isEmpty && !results.isEmpty)
    for seed in traces {
      let bytes = Array(try Data(contentsOf: seed))
      #expect(ReaderLaws.brokenByTrace(bytes) == [], "\(seed.path)")
      #expect(
        (try? TraceFile.parse(bytes)) != nil, "\(seed.path) is no trace")
    }
    for seed in results {
      let bytes = Array(try Data(contentsOf: seed))
      #expect(ReaderLaws.brokenBySwarmResult(bytes) == [], "\(seed.path)")
      #expect(
        (try? SwarmResult.parse(bytes)) != nil, "\(seed.path) is no result")
    }
  }

  /// Inputs that trapped the readers before they were total: each is now a failure or a value.
  static let readerFindings: [Finding] = [
    // A high surrogate escape followed by an escape below U+DC00: the pair's arithmetic
    // underflowed ("arithmetic overflow" in JSONParser.string).
    Finding(
      name: "high surrogate then \\u0041",
      bytes: Array(#"{"format": "flowcheck-trace", "why": "\ud800\u0041"}"#.utf8))
  ]

  @Test(arguments: readerFindings)
  func readerLawsHoldOnWhatTheFuzzersFound(finding: Finding) {
    #expect(ReaderLaws.brokenByTrace(finding.bytes) == [])
    #expect(ReaderLaws.brokenBySwarmResult(finding.bytes) == [])
  }

  /// A real shard's result (the `merge` seed) claiming a swarm of `Int.max` shards: listing
  /// the missing shards one by one never ended. The reader refuses the count itself, the
  /// one thing wrong with the file, and the laws hold.
  @Test func aSwarmOfIntMaxShardsIsRefusedForItsSize() throws {
    let seed = Self.root.appendingPathComponent("Tests/Fuzz/seeds/merge/raypets.swarm-2-of-4.json")
    let text = try String(contentsOf: seed, encoding: .utf8)
    #expect((try? SwarmResult.parse(text))?.shards == 4)
    let huge = text.replacing("\"shards\": 4,", with: "\"shards\": 9223372036854775807,")
    #expect(huge != text)
    #expect(
      throws: SwarmResultError("\"shards\" is 9223372036854775807, more than a swarm has (at most 65536)")
    ) {
      try SwarmResult.parse(huge)
    }
    #expect(ReaderLaws.brokenBySwarmResult(Array(huge.utf8)) == [])
  }

  /// The entries of `Tests/Fuzz/flow.dict`, unquoted (`\"` and `\xNN` decoded).
  static func dictionaryEntries() throws -> Set<String> {
    let url = root.appendingPathComponent("Tests/Fuzz/flow.dict")
    let text = try String(contentsOf: url, encoding: .utf8)
    var entries: Set<String> = []
    for line in text.split(separator: "\n") where line.hasPrefix("\"") && line.hasSuffix("\"") {
      var bytes: [UInt8] = []
      var characters = line.dropFirst().dropLast().utf8.makeIterator()
      while let byte = characters.next() {
        guard byte == UInt8(ascii: "\\"), let escaped = characters.next() else {
          bytes.append(byte)
          continue
        }
        if escaped == UInt8(ascii: "x"), let high = characters.next(), let low = characters.next(),
          let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
        {
          bytes.append(value)
        } else {
          bytes.append(escaped)
        }
      }
      entries.insert(String(decoding: bytes, as: UTF8.self))
    }
    return entries
  }

  /// Every word the parser reads by position, every name the resolver knows, every invariant
  /// id and every token's spelling is in the dictionary, so that a new one is not left out.
  @Test func theDictionaryHasEveryWordAndToken() throws {
    let entries = try Self.dictionaryEntries()
    let punctuation: [TokenKind] = [
      .leftBrace, .rightBrace, .leftParen, .rightParen, .comma, .semicolon, .colon, .dot, .ellipsis, .assign,
      .addAssign, .subtractAssign, .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .plus,
      .minus, .bang, .and, .or,
    ]
    let invariantIDs = InvariantRegistry.all.map(\.id.rawValue)
    let words: [String] =
      Parser.declarationKeywords + Parser.appMemberKeywords + Parser.coordinatorMemberKeywords
      + Parser.statementKeywords + Parser.screenAttributeKeywords
      + ["true", "false", "when", "to", "animated", "onDismissed", "pass", "incomplete", "violation"]
      + ["retained", "in", "nil"] + RuntimeCapabilities.startContextNames(of: RuntimeRegistry.libraries)
      + RuntimeRegistry.libraries.map(\.library.rawValue)
      + RuntimeRegistry.libraries.flatMap { $0.coordinatorKinds.map(\.rawValue) }
      + RuntimeRegistry.libraries.flatMap { $0.statements.map(\.keyword) + $0.members.map(\.keyword) }
      + RuntimeRegistry.libraries.flatMap { $0.baseSettings.flatMap { [$0.name] + $0.values } }
      + PortableKind.allCases.map(\.rawValue)
      + rootSourceNames + PresentationStyle.allCases.map(\.rawValue) + FlowLimits.names
      + builtInValueNames + builtInFunctionNames + invariantIDs
      + punctuation.map(\.spelling) + ["//", "/*", "*/", "\"", "\n"]
    let missing = words.filter { !entries.contains($0) }
    #expect(missing == [], "add these to Tests/Fuzz/flow.dict")
  }
}
