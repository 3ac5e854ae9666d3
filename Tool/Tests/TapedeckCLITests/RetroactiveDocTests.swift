import Foundation
import TapedeckTestFixtures
import TestSupport
import Testing

/// docs/TESTING-YOUR-APP.md tells an app that keeps its own socket protocol to conform
/// `ReplaySocket` to it with `@retroactive` in its tests (issue 43: a new user met the warning).
/// Compiled as an Xcode app's test target is: the protocol in one module, the extension in another,
/// neither in a package with TapedeckTesting.
@Suite(.tags(.integration), .ownThread) struct RetroactiveDocTests {
    static let line = "extension ReplaySocket: @retroactive GameSocket {}"

    @Test func theGuidesExtensionCompilesWithoutAWarningAndIsNeeded() async throws {
        let guide = try String(
            contentsOf: TapedeckBinary.repositoryRoot.appendingPathComponent("docs/TESTING-YOUR-APP.md"), encoding: .utf8)
        #expect(guide.contains(Self.line))
        let swiftc = try #require(ChildProcess.which("swiftc"))
        let folder = try TestFolder("tapedeck-retroactive").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let modules = TapedeckBinary.repositoryRoot.appendingPathComponent("Tool/.build/debug/Modules").path
        try "public protocol GameSocket: AnyObject, Sendable { func resume() }\n"
            .write(toFile: folder + "/App.swift", atomically: true, encoding: .utf8)
        let app = try await ChildProcess.run(
            swiftc,
            ["-emit-module", "-module-name", "App", "-emit-module-path", folder + "/App.swiftmodule", folder + "/App.swift"])
        try #require(app.status == 0, "\(app.standardError)")
        func typecheck(_ line: String) async throws -> ChildProcess.Finished {
            try "import App\nimport TapedeckTesting\n\(line)\n".write(
                toFile: folder + "/Tests.swift", atomically: true, encoding: .utf8)
            return try await ChildProcess.run(
                swiftc,
                [
                    "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", folder, "-I", modules,
                    folder + "/Tests.swift",
                ])
        }
        let shown = try await typecheck(Self.line)
        #expect(shown.status == 0, "\(shown.standardError)")
        let without = try await typecheck(Self.line.replacingOccurrences(of: "@retroactive ", with: ""))
        #expect(without.status != 0)
        #expect(without.standardError.contains("add '@retroactive' to silence this warning"), "\(without.standardError)")
    }
}
