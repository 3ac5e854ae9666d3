import Foundation
import TapedeckChecks
import TapedeckState
import TapedeckTestFixtures
import Testing

@testable import TapedeckReplay

/// `TAPEDECK_RECORD` overrides the record mode passed in code; each test passes its own
/// environment, so parallel tests never see each other's.
@Suite struct RecordModeEnvironmentTests {
    @Test(arguments: RecordMode.allCases)
    func theVariableNamesTheMode(_ mode: RecordMode) throws {
        #expect(try RecordMode.fromEnvironment(default: .none, environment: ["TAPEDECK_RECORD": mode.rawValue]) == mode)
    }

    @Test func unsetOrEmptyKeepsTheModeFromCode() throws {
        #expect(try RecordMode.fromEnvironment(default: .none, environment: [:]) == RecordMode.none)
        #expect(try RecordMode.fromEnvironment(default: .all, environment: ["TAPEDECK_RECORD": ""]) == .all)
        #expect(try RecordMode.fromEnvironment(default: .missing, environment: ["OTHER": "all"]) == .missing)
    }

    @Test(arguments: ["ALL", "yes", "1", " all"])
    func anotherValueIsAnErrorNamingTheVariableAndTheModes(_ value: String) {
        #expect(throws: RecordModeEnvironmentError(value: value)) {
            try RecordMode.fromEnvironment(default: .missing, environment: ["TAPEDECK_RECORD": value])
        }
        #expect(
            RecordModeEnvironmentError(value: value).description
                == "TAPEDECK_RECORD=\"\(value)\" is not a record mode: use missing, all or none, or unset it to use the mode passed in code"
        )
    }

    /// A check whose code says `none` re-records a differing golden under `TAPEDECK_RECORD=all`.
    @Test func theModeFromTheEnvironmentRecordsWhereTheCodeSaysNone() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        _ = TapeCheck.run(tape: tape, model: ClientState(), mode: .missing)
        let original = try #require(fixtures.read("session.golden/claimed.json"))
        try fixtures.write(
            original.replacingOccurrences(of: "\"money\": 555", with: "\"money\": 1"), to: "session.golden/claimed.json")

        let mode = try RecordMode.fromEnvironment(default: .none, environment: ["TAPEDECK_RECORD": "all"])
        let report = TapeCheck.run(tape: tape, options: CheckOptions(record: mode)) { ClientState() }
        #expect(report.recordedGoldens == ["\(fixtures.directory)/session.golden/claimed.json"])
        #expect(fixtures.read("session.golden/claimed.json") == original)
    }
}
