import Foundation
import TapedeckTestFixtures
import TestSupport
import Testing

/// What an app's test package resolves when it depends on Tapedeck: the runtime package at the
/// repository's root, which depends on nothing. None of the tool's packages (SwiftNIO,
/// swift-nio-ssl, swift-crypto, GRDB, swift-certificates, argument-parser) may come with it;
/// docs/ARCHITECTURE.md, "Two packages".
@Suite(.tags(.integration)) struct RuntimePackageTests {
    @Test func anAppTestPackageResolvesNoOtherPackage() async throws {
        let app = try TestFolder("tapedeck-app-package")
        defer { try? FileManager.default.removeItem(atPath: app.path) }
        try app.write(
            Self.manifest(
                targets: """
                        .target(name: "BaoLife", dependencies: [.product(name: "TapedeckSocket", package: "Tapedeck")]),
                        .testTarget(
                            name: "BaoLifeTests",
                            dependencies: ["BaoLife", .product(name: "TapedeckTesting", package: "Tapedeck")]),
                    """), to: "Package.swift")
        try app.write("import TapedeckSocket\n", to: "Sources/BaoLife/BaoLife.swift")
        try app.write("import TapedeckTesting\n", to: "Tests/BaoLifeTests/BaoLifeTests.swift")

        let run = try await TapedeckBinary.runProcess(
            "/usr/bin/env", ["swift", "package", "--package-path", app.path, "resolve"], environment: ["TAPEDECK_DOCS": "0"])
        #expect(run.status == 0, "swift package resolve: \(run.stderr)")

        // No package to pin, so no Package.resolved; a pin, if one came, would be in it.
        #expect(app.read("Package.resolved") == nil, "the app resolved: \(app.read("Package.resolved") ?? "")")
        let checkouts = (try? FileManager.default.contentsOfDirectory(atPath: app.file(".build/checkouts"))) ?? []
        #expect(checkouts.isEmpty, "the app fetched \(checkouts.sorted())")
    }

    /// Issue 42: `import TapedeckTesting` brings what an app's test code names (the wire types, the
    /// client state, the replayer's models, the JSON tree) and none of the tool's checking,
    /// reporting or generating types. One test target names the first and builds; the other names
    /// the second and fails with each name not found. `import TapedeckRecorder` brings the
    /// redaction rules its configuration takes.
    @Test func anAppTestTargetSeesTheModelsAndNotTheTools() async throws {
        let app = try TestFolder("tapedeck-app-imports")
        defer { try? FileManager.default.removeItem(atPath: app.path) }
        try app.write(
            Self.manifest(
                targets: """
                        .target(name: "DebugBuild", dependencies: [.product(name: "TapedeckRecorder", package: "Tapedeck")]),
                    .testTarget(name: "Named", dependencies: [.product(name: "TapedeckTesting", package: "Tapedeck")]),
                        .testTarget(name: "Hidden", dependencies: [.product(name: "TapedeckTesting", package: "Tapedeck")]),
                    """), to: "Package.swift")
        let named = [
            "ClientModel", "SocketModel", "JSONValue", "JSONPath", "RecordMode", "SnapshotDiff", "Checkpoint", "ServerMessage",
            "ClientMessage", "ClientState", "TapeCheckReport", "CheckCase", "CheckOptions", "ClientFinding",
            "ClientMessageComparison", "AppReplay", "ReplaySocket", "ReplayNetwork", "TapeTesting", "SocketEvent", "TapeReplay",
        ]
        let hidden = [
            "JUnitReport", "JUnitXML", "ServeVerdict", "CoverageReport", "CoverageCounter", "SyntheticMessages",
            "SyntheticSession", "ConformanceChecker", "WireSchema", "GoldenStore", "TapeCheck", "CheckRunner", "DigestTrace",
            "ClientVerifier", "RecordedSessionPlayer",
        ]
        func source(_ names: [String]) -> String {
            // An extension names a struct, an enum, a protocol or a generic type alike.
            "import TapedeckTesting\n\n" + names.map { "extension \($0) {}\n" }.joined()
        }
        try app.write(source(named), to: "Tests/Named/Names.swift")
        try app.write(source(hidden), to: "Tests/Hidden/Names.swift")
        // A debug build configures the flight recorder's redaction by the rules' name.
        try app.write(
            """
            import TapedeckRecorder

            let configuration = FlightRecorderConfiguration(
                directory: "/tmp/flight", redaction: RedactionRules.defaults.merging(RedactionRules(jsonKeys: ["sessionSecret"])))
            """, to: "Sources/DebugBuild/Recorder.swift")

        func build(_ target: String) async throws -> (status: Int32, output: String) {
            let run = try await TapedeckBinary.runProcess(
                "/usr/bin/env", ["swift", "build", "--package-path", app.path, "--target", target],
                environment: ["TAPEDECK_DOCS": "0"])
            return (run.status, run.stdout + run.stderr)
        }
        let allowed = try await build("Named")
        #expect(allowed.status == 0, "\(allowed.output)")
        let debugBuild = try await build("DebugBuild")
        #expect(debugBuild.status == 0, "\(debugBuild.output)")
        let refused = try await build("Hidden")
        #expect(refused.status != 0)
        for name in hidden {
            #expect(refused.output.contains("cannot find type '\(name)' in scope"), "\(name) is visible to an app's tests")
        }
    }

    /// An app package's manifest on the runtime package at the repository's root, with `targets`.
    static func manifest(targets: String) -> String {
        """
        // swift-tools-version:6.1
        import PackageDescription

        let package = Package(
            name: "BaoLifeApp",
            platforms: [.macOS(.v14), .iOS(.v16)],
            dependencies: [.package(name: "Tapedeck", path: "\(TapedeckBinary.repositoryRoot.path)")],
            targets: [
        \(targets)
            ]
        )
        """
    }
}
