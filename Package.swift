// swift-tools-version: 6.2
// The code needs Swift 6.2 (InlineArray, spans, SendableMetatype): an older toolchain stops
// here with a message naming the version, not at the first error in the sources.
import PackageDescription

// Layers import downward only:
// FlowLanguage (text → checked flow) ▸ FlowModel (UIKit world + runtimes)
// ▸ FlowExplorer (generic, knows no navigation) ▸ FlowReport ▸ FlowCheckCLI ▸ flowcheck.

// The containers' `_checkInvariants()` (the `Type+Invariants.swift` files) are compiled in
// debug builds, which `swift build` and `swift test` make; release builds, which the
// benchmarks use, leave them out.
let internalChecks: [SwiftSetting] = [.define("FLOWCHECK_INTERNAL_CHECKS", .when(configuration: .debug))]

let package = Package(
  name: "flowcheck",
  products: [
    // `import FlowCheck` in a team's tests: `FlowCheck.verify(file:)` and the reports.
    .library(
      name: "FlowCheck",
      targets: ["FlowCheck", "FlowLanguage", "FlowExplorer", "FlowModel", "FlowReport", "FlowCheckCLI"]
    ),
    .executable(name: "flowcheck", targets: ["flowcheck"]),
    // `swift package flowcheck [args]` in a package that depends on this one.
    .plugin(name: "FlowCheckPlugin", targets: ["FlowCheckPlugin"]),
    // `swift package flowcheck-write fmt --in-place` and `… tests --xcuitest DIR`.
    .plugin(name: "FlowCheckWritePlugin", targets: ["FlowCheckWritePlugin"]),
    // `plugins: [.plugin(name: "FlowCheckBuildPlugin", package: "flowcheck")]` on a target:
    // every build checks its .flow files (or the package's Specs/) and reports violations
    // as the build's issues.
    .plugin(name: "FlowCheckBuildPlugin", targets: ["FlowCheckBuildPlugin"]),
  ],
  targets: [
    .target(name: "FlowLanguage"),
    // Relaxed atomic loads and stores for the visited table that threads share.
    .target(name: "RelaxedAtomics"),
    // The executable's async-signal-safe SIGINT and SIGTERM handler, in C.
    .target(name: "StopSignals"),
    .target(name: "MallocArena"),
    .target(name: "FlowExplorer", dependencies: ["RelaxedAtomics", "MallocArena"], swiftSettings: internalChecks),
    .target(name: "FlowModel", dependencies: ["FlowLanguage", "FlowExplorer"], swiftSettings: internalChecks),
    .target(name: "FlowReport", dependencies: ["FlowLanguage", "FlowModel", "FlowExplorer"]),
    .target(
      name: "FlowCheckCLI",
      dependencies: ["FlowLanguage", "FlowModel", "FlowExplorer", "FlowReport", "StopSignals"]
    ),
    .executableTarget(name: "flowcheck", dependencies: ["FlowCheckCLI", "FlowExplorer"]),
    .plugin(
      name: "FlowCheckPlugin",
      capability: .command(
        intent: .custom(verb: "flowcheck", description: "Run flowcheck on the package's .flow files (Specs/ by default)")
      ),
      dependencies: ["flowcheck"]
    ),
    // The same with the permission to write, which SwiftPM asks for on every run of a plugin
    // that declares it: for `fmt --in-place` and `tests --xcuitest DIR` only.
    .plugin(
      name: "FlowCheckWritePlugin",
      capability: .command(
        intent: .custom(
          verb: "flowcheck-write",
          description: "Run flowcheck fmt --in-place or tests --xcuitest, which write into the package"),
        permissions: [
          .writeToPackageDirectory(
            reason: "'flowcheck fmt --in-place' rewrites .flow files; 'flowcheck tests --xcuitest' writes XCUITest source")
        ]),
      dependencies: ["flowcheck"]
    ),
    .plugin(name: "FlowCheckBuildPlugin", capability: .buildTool(), dependencies: ["flowcheck"]),
    // The test API: one module to import, re-exporting the reports.
    .target(name: "FlowCheck", dependencies: ["FlowLanguage", "FlowModel", "FlowReport"]),
    // Seeded generators shared by the property tests, and the laws the fuzz targets in
    // Tests/Fuzz check (built by scripts/fuzz); not part of the product.
    .target(name: "FlowTestSupport", dependencies: ["FlowLanguage", "FlowModel", "FlowReport"]),
    .testTarget(name: "FlowLanguageTests", dependencies: ["FlowLanguage", "FlowTestSupport"]),
    .testTarget(name: "FlowExplorerTests", dependencies: ["FlowExplorer"]),
    .testTarget(name: "FlowModelTests", dependencies: ["FlowModel", "FlowLanguage", "FlowExplorer", "FlowTestSupport"]),
    // The test API used as an app team would: only `import FlowCheck`.
    .testTarget(name: "FlowCheckTests", dependencies: ["FlowCheck"]),
    // The golden files are read from the source tree by path (#filePath), not bundled.
    .testTarget(
      name: "FlowCheckCLITests",
      dependencies: ["FlowCheckCLI", "FlowLanguage", "FlowModel", "FlowExplorer", "FlowReport", "FlowTestSupport"],
      exclude: ["Golden", "GoldenCompletion", "GoldenDiff", "GoldenGraph", "GoldenReplay", "GoldenRuntimes", "GoldenXCUITest"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
