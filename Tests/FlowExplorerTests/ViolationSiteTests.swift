import FlowExplorer
import Testing

/// A step property broken at several sites (`ViolationCode`) gets a shortest trace per
/// site; reported as a plain index, one trace per property.
@Suite struct ViolationSiteTests {
  /// 0…199 by +1 and +7; the step property is broken by every step that lands on a multiple
  /// of 50, at the site of that multiple (1, 2, 3), or at no site with `sited` false.
  struct Landing: TransitionSystem {
    var sited = true
    let properties: [Property<Int>] = [.step("lands on a multiple of 50")]

    func initialStates() -> [Int] { [0] }
    func actions(in state: Int, into actions: inout [Int]) { actions.append(contentsOf: [1, 7]) }
    func successor(of state: Int, via increment: Int, violations: inout [Int]) -> Int? {
      let next = state + increment
      guard next < 200 else { return nil }
      if next % 50 == 0 { violations.append(ViolationCode.code(property: 0, site: sited ? next / 50 : 0)) }
      return next
    }
    func fingerprint(of state: Int) -> UInt64 { Fingerprint.hash(UInt64(state)) }
    func isTerminal(_ state: Int) -> Bool { false }
  }

  @Test func aCodeKeepsItsPropertyAndSite() {
    let code = ViolationCode.code(property: 12, site: 345)
    #expect(ViolationCode.property(code) == 12 && ViolationCode.site(code) == 345)
    #expect(ViolationCode.property(7) == 7 && ViolationCode.site(7) == 0)
  }

  @Test func eachSiteGetsItsOwnShortestTrace() {
    for threads in [1, 4] {
      let result = Explorer.explore(Landing(), options: ExplorerOptions(threads: threads))
      #expect(result.verdicts == [.violated])
      #expect(result.violations.map(\.property) == [0, 0, 0])
      // 50 = 7·7 + 1, 100 = 7·14 + 2, 150 = 7·21 + 3.
      #expect(result.violations.map(\.trace.count) == [8, 16, 24])
      #expect(result.violations.map { $0.trace.reduce(0, +) } == [50, 100, 150])
    }
  }

  @Test func withoutSitesOneTracePerProperty() {
    let result = Explorer.explore(Landing(sited: false))
    #expect(result.violations.map(\.trace.count) == [8])
  }
}
