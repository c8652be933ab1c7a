import FlowLanguage
import FlowTestSupport
import Foundation
import Testing

/// A fresh temporary directory for one test, removed by the caller.
private func temporaryDirectory() throws -> String {
  let path = NSTemporaryDirectory() + "flowcheck-frontend-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

private func write(_ bytes: [UInt8], to path: String) throws {
  try Data(bytes).write(to: URL(fileURLWithPath: path))
}

/// The `.flow` files under the project's `Specs/` directory (found from this file's path),
/// sorted by path.
func specFiles() -> [String] {
  let testFile = "\(#filePath)"
  guard let range = testFile.range(of: "/Tests/FlowLanguageTests/") else { return [] }
  let specs = (String(testFile[..<range.lowerBound]) + "/Specs" as NSString).resolvingSymlinksInPath
  guard let enumerator = FileManager.default.enumerator(atPath: specs) else { return [] }
  var files: [String] = []
  while let relative = enumerator.nextObject() as? String {
    if relative.hasSuffix(".flow") { files.append(specs + "/" + relative) }
  }
  return files.sorted()
}

@Suite struct FrontEndTests {
  /// A read failure is one error at 1:1 naming the system's reason, and `readFailed`.
  private func expectReadFailure(_ result: FrontEndResult, reason: String, path: String) {
    #expect(result.readFailed)
    #expect(result.hasErrors)
    #expect(result.flow == nil && result.file == nil)
    #expect(result.diagnostics.count == 1)
    let diagnostic = result.diagnostics.first
    #expect(diagnostic?.id == .unreadableFile)
    #expect(diagnostic?.offset == 0)
    #expect(diagnostic?.message == "cannot read file: \(reason)")
    if let source = result.source, let diagnostic {
      #expect(
        DiagnosticRenderer(colour: false).render(diagnostic, in: source)
          == "\(path):1:1: error: cannot read file: \(reason)\n")
    } else {
      Issue.record("a read failure still carries an (empty) source to render against")
    }
  }

  @Test func directory() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    expectReadFailure(FrontEnd.load(path: directory), reason: "is a directory", path: directory)
  }

  /// A named pipe is refused at once, not waited on for a writer that never comes.
  @Test func namedPipe() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/pipe.flow"
    #expect(mkfifo(path, 0o600) == 0)
    expectReadFailure(
      FrontEnd.load(path: path), reason: "not a regular file (a pipe, a device or a socket)", path: path)
  }

  /// An endless device is refused, not read until memory runs out.
  @Test func device() {
    expectReadFailure(
      FrontEnd.load(path: "/dev/zero"), reason: "not a regular file (a pipe, a device or a socket)",
      path: "/dev/zero")
  }

  /// A file past the size cap is refused before it is read (a sparse file: nothing written).
  @Test func fileLargerThanTheCap() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/large.flow"
    #expect(FileManager.default.createFile(atPath: path, contents: Data("app A {}\n".utf8)))
    #expect(truncate(path, off_t(FrontEnd.maximumFileSize + 1)) == 0)
    expectReadFailure(
      FrontEnd.load(path: path), reason: "larger than 64 MiB, the most flowcheck reads", path: path)
  }

  @Test func missingFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/missing.flow"
    expectReadFailure(FrontEnd.load(path: path), reason: "no such file or directory", path: path)
  }

  @Test func pathThroughAFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try write(Array("app A {}\n".utf8), to: directory + "/file.flow")
    let path = directory + "/file.flow/child.flow"
    expectReadFailure(FrontEnd.load(path: path), reason: "not a directory", path: path)
  }

  @Test func unreadableFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/secret.flow"
    try write(Array("screen Home\n".utf8), to: path)
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
    let result = FrontEnd.load(path: path)
    if FileManager.default.isReadableFile(atPath: path) {
      // Running as root: permissions do not stop reading; the file is then simply checked.
      #expect(!result.readFailed)
      #expect(result.diagnostics.map(\.id).contains(.missingApp))
    } else {
      expectReadFailure(result, reason: "permission denied", path: path)
    }
  }

  @Test func binaryFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/image.flow"
    let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48]
    try write(bytes, to: path)
    let result = FrontEnd.load(path: path)
    #expect(!result.readFailed)
    #expect(result.hasErrors && result.flow == nil)
    #expect(result.diagnostics.map(\.id) == [.binaryFile])
    #expect((0...bytes.count).contains(result.diagnostics.first?.offset ?? -1))
  }

  @Test func emptyFile() throws {
    let directory = try temporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/empty.flow"
    try write([], to: path)
    let result = FrontEnd.load(path: path)
    #expect(!result.readFailed)
    #expect(result.diagnostics.map(\.id) == [.emptyFile])
    #expect(result.diagnostics.first?.offset == 0)
    #expect(result.flow == nil)
  }

  @Test func commentsOnlyFileHasNoApp() {
    let result = FrontEnd.check(source: SourceFile(path: "notes.flow", text: "// nothing here yet\n"))
    #expect(result.diagnostics.map(\.id) == [.missingApp])
    #expect(result.diagnostics.first?.offset == 0)
  }

  @Test func invalidUTF8() {
    var bytes = Array("app Shop {\n  window App\n}\nscreen Ho".utf8)
    let bad = bytes.count
    bytes += [0xFF, 0xFE]
    bytes += Array("me\n".utf8)
    let result = FrontEnd.check(source: SourceFile(path: "bad.flow", bytes: bytes))
    #expect(result.hasErrors && result.flow == nil)
    let diagnostic = result.diagnostics.first { $0.id == .invalidUTF8 }
    #expect(diagnostic?.offset == bad)
    #expect(result.source?.location(of: bad) == FlowLanguage.SourceLocation(line: 4, column: 10))
  }

  /// A 10 MB file: thousands of screens, then one typo on the last line. Must simply finish,
  /// with both errors: the screen past the most the model numbers, and the typo.
  @Test func tenMegabytes() {
    var text =
      "app Big {\n  window App\n}\ncoordinator App: NavigationCoordinator {\n  root window\n  start { root S0 }\n}\n"
    var index = 0
    while text.utf8.count < 10_000_000 {
      text += "screen S\(index) { style formSheet, modalInPresentation, emits next, back, close, open }\n"
      index += 1
    }
    let lastLine = text.split(separator: "\n", omittingEmptySubsequences: false).count
    text += "reachable top == Nope\n"
    let source = SourceFile(path: "big.flow", text: text)
    let result = FrontEnd.check(source: source)
    #expect(result.hasErrors && result.flow == nil)
    let errors = result.diagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.id) == [.tooManyDeclarations, .unknownScreen])
    if let error = errors.first {
      // Screen S4096 is on line 8 + 4096: the header takes 7 lines.
      #expect(source.location(of: error.offset).line == 8 + CheckedFlow.maximumDeclarations)
    }
    if let error = errors.last {
      #expect(source.location(of: error.offset) == FlowLanguage.SourceLocation(line: lastLine, column: 18))
      #expect(error.message == "unknown screen 'Nope'")
    }
  }

  /// Two megabytes of text that is not a flow at all: syntax errors, each inside the file.
  @Test func megabytesOfGarbage() {
    let line = "screen { style ) } app 12 %% coordinator : { on . } \n"
    let text = String(repeating: line, count: 2_000_000 / line.utf8.count + 1)
    let source = SourceFile(path: "garbage.flow", text: text)
    let result = FrontEnd.check(source: source)
    #expect(result.hasErrors && result.flow == nil)
    #expect(result.diagnostics.allSatisfy { (0...source.bytes.count).contains($0.offset) })
  }

  @Test func syntaxErrorsStopBeforeResolution() {
    // `Prodcut` would be an unknown screen, but the syntax error comes first, alone.
    let text =
      "app Shop {\n  window App\n}\nscreen Home {\ncoordinator App: NavigationCoordinator {\n  root window\n  start { show Prodcut }\n}\n"
    let result = FrontEnd.check(source: SourceFile(path: "t.flow", text: text))
    #expect(result.hasErrors && result.flow == nil)
    #expect(result.file != nil)
    #expect(!result.diagnostics.contains { $0.id == .unknownScreen })
  }

  @Test func validFileGivesAFlow() throws {
    let text =
      "app Shop {\n  window App\n}\nscreen Home\ncoordinator App: NavigationCoordinator {\n  root window\n  start { root Home }\n}\n"
    let result = FrontEnd.check(source: SourceFile(path: "t.flow", text: text))
    #expect(result.diagnostics.isEmpty && !result.hasErrors && !result.readFailed)
    let flow = try #require(result.flow)
    #expect(flow.screens.map(\.name) == ["Home"])
  }

  @Test func warningsAloneKeepTheFlow() {
    let text =
      "app Shop {\n  window App\n}\nscreen Home\nscreen Lonely\ncoordinator App: NavigationCoordinator {\n  root window\n  start { root Home }\n}\n"
    let result = FrontEnd.check(source: SourceFile(path: "t.flow", text: text))
    #expect(result.diagnostics.map(\.id) == [.screenNeverShown])
    #expect(!result.hasErrors && result.flow != nil)
  }

  @Test func specsLoadWithoutErrors() {
    let files = specFiles()
    #expect(!files.isEmpty, "no Specs/*.flow found from \(#filePath)")
    for path in files {
      let result = FrontEnd.load(path: path)
      #expect(!result.hasErrors, "\(path): \(result.diagnostics)")
      #expect(result.flow != nil, "\(path)")
    }
  }
}
