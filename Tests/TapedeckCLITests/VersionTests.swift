import TapedeckCore
import Testing

@testable import TapedeckCLI

@Suite struct VersionTests {
    @Test func versionIsSemantic() {
        #expect(TapedeckVersion.current.split(separator: ".").count == 3)
    }
}
