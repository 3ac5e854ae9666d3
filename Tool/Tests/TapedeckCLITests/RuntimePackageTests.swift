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
            """
            // swift-tools-version:6.1
            import PackageDescription

            let package = Package(
                name: "BaoLifeApp",
                platforms: [.macOS(.v14), .iOS(.v16)],
                dependencies: [.package(name: "Tapedeck", path: "\(TapedeckBinary.repositoryRoot.path)")],
                targets: [
                    .target(name: "BaoLife", dependencies: [.product(name: "TapedeckSocket", package: "Tapedeck")]),
                    .testTarget(
                        name: "BaoLifeTests",
                        dependencies: ["BaoLife", .product(name: "TapedeckTesting", package: "Tapedeck")]),
                ]
            )
            """, to: "Package.swift")
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
}
