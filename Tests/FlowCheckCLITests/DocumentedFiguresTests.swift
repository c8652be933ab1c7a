import FlowReport
import Foundation
import Testing

/// The README's figures about the spec corpus, measured again: how many specs there are and
/// the transition tours of `flowcheck tests` (`scripts/corpus-figures` prints the same), so
/// that adding a spec or changing the tour cannot leave the README behind.
@Suite struct DocumentedFiguresTests {
  /// `1362` → `1,362`, as the README writes numbers.
  static func grouped(_ number: Int) -> String {
    var digits = String(number)
    var groups: [String] = []
    while digits.count > 3 {
      groups.insert(String(digits.suffix(3)), at: 0)
      digits.removeLast(3)
    }
    groups.insert(digits, at: 0)
    return groups.joined(separator: ",")
  }

  /// The README with every run of spaces and line breaks made one space, so that a figure
  /// is found wherever the paragraph is wrapped.
  static func readme() throws -> String {
    let url = SpecCorpusTests.specsDirectory.deletingLastPathComponent().appendingPathComponent("README.md")
    let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
    return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  @Test("the README's tour figures are the corpus's: shop.flow's tour and the total over every spec")
  func tourFigures() throws {
    let specs = SpecCorpusTests.specs
    var steps = 0
    var edges = 0
    var shop: TransitionTour?
    for spec in specs {
      let tour = try TransitionTour.build(GraphCommandTests.load(spec))
      steps += tour.length
      edges += tour.mapEdges
      if spec.hasSuffix("/Specs/shop.flow") { shop = tour }
    }
    let shopTour = try #require(shop)
    let readme = try Self.readme()
    let paths = shopTour.paths.count == 1 ? "in one path" : "in \(shopTour.paths.count) paths"
    let shopText =
      "(`Specs/shop.flow`: \(Self.grouped(shopTour.length)) steps for its \(Self.grouped(shopTour.mapEdges)) edges, \(paths),"
    #expect(readme.contains(shopText), "README: expected \(shopText)")
    let totalText =
      "over the \(Self.grouped(specs.count)) specs, \(Self.grouped(steps)) steps for \(Self.grouped(edges)) edges;"
    #expect(readme.contains(totalText), "README: expected \(totalText)")
  }

  @Test(arguments: [(0, "0"), (999, "999"), (1362, "1,362"), (1_234_567, "1,234,567")])
  func numbersAreGroupedAsTheReadmeWritesThem(number: Int, text: String) {
    #expect(Self.grouped(number) == text)
  }
}
