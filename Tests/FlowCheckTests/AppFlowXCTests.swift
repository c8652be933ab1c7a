import FlowCheck
import XCTest

/// The same call from an XCTest case: a failure would be an `XCTFail` with the report.
final class AppFlowXCTests: XCTestCase {
  func testShopFlowIsVerified() throws {
    let report = try FlowCheck.verify(file: "Specs/shop.flow")
    XCTAssertEqual(report.outcome, .verified)
  }

  func testRayPetsFixedIsVerified() throws {
    try FlowCheck.verify(file: "Specs/raypets-fixed.flow")
  }
}
