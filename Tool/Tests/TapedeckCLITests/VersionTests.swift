import Foundation
import TapedeckCore
import TestSupport
import Testing

@testable import TapedeckCLI

@Suite struct VersionTests {
    @Test func versionIsSemantic() {
        #expect(TapedeckVersion.current.split(separator: ".").count == 3)
    }

    /// The dependency line an app team copies names the version `tapedeck --version` prints, which
    /// is also the release's tag (docs/TESTING-YOUR-APP.md, "Versions").
    @Test func theAppDocsDependOnTheCurrentVersion() throws {
        let page = try String(
            contentsOfFile: ChildProcess.repositoryRoot + "/docs/TESTING-YOUR-APP.md", encoding: .utf8)
        #expect(page.contains(#".upToNextMinor(from: "\#(TapedeckVersion.current)")"#))
        #expect(TapedeckVersion.current.hasPrefix("0."), "the docs describe the 0.MINOR.PATCH scheme")
    }
}
