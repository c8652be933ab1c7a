#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Fails the running test: a Swift Testing issue inside a `@Test`, an XCTest failure
/// otherwise, at the caller's line.
enum TestFailure {
  static func record(
    _ message: String, fileID: StaticString, filePath: StaticString, line: UInt, column: UInt
  ) {
    #if canImport(Testing)
      if Test.current != nil {
        let location = Testing.SourceLocation(
          fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column))
        Issue.record(Comment(rawValue: message), sourceLocation: location)
        return
      }
    #endif
    #if canImport(XCTest)
      XCTFail(message, file: filePath, line: line)
    #else
      fatalError(message)
    #endif
  }
}
