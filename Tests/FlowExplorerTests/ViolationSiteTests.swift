import FlowExplorer
import Testing

/// A step or `always` property broken at several sites (`ViolationCode`) gets a shortest
/// trace per site; reported as a plain index, one trace per property.
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

  /// The same walk with an `always` property that every multiple of 50 breaks, at the site of
  /// that multiple (`site(ofBroken:in:)`); `notNew` is a multiple not broken there (as if the
  /// state it came from broke it already), `sited` false puts them all at no site.
  struct Multiples: TransitionSystem {
    var sited = true
    var notNew: Int? = nil
    let properties: [Property<Int>] = [.always("not a multiple of 50") { $0 == 0 || $0 % 50 != 0 }]

    func initialStates() -> [Int] { [0] }
    func actions(in state: Int, into actions: inout [Int]) { actions.append(contentsOf: [1, 7]) }
    func successor(of state: Int, via increment: Int, violations: inout [Int]) -> Int? {
      state + increment < 200 ? state + increment : nil
    }
    func fingerprint(of state: Int) -> UInt64 { Fingerprint.hash(UInt64(state)) }
    func isTerminal(_ state: Int) -> Bool { false }
    func site(ofBroken property: Int, in state: Int) -> Int? {
      state == notNew ? nil : sited ? state / 50 : 0
    }
  }

  @Test func eachSiteOfAnInvariantGetsItsOwnShortestTrace() {
    for threads in [1, 4] {
      let result = Explorer.explore(Multiples(), options: ExplorerOptions(threads: threads))
      #expect(result.verdicts == [.violated])
      #expect(result.violations.map(\.trace.count) == [8, 16, 24])
      #expect(result.violations.map { $0.trace.reduce(0, +) } == [50, 100, 150])
    }
    #expect(Explorer.explore(Multiples(sited: false)).violations.map(\.trace.count) == [8])
    // A state that is not where the invariant was broken is no violation.
    let skipping = Explorer.explore(Multiples(notNew: 100))
    #expect(skipping.violations.map { $0.trace.reduce(0, +) } == [50, 150])
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
