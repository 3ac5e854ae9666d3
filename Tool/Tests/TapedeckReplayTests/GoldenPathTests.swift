import Foundation
import TapedeckChecks
import TapedeckState
import TapedeckTestFixtures
import Testing

@testable import TapedeckReplay

/// A golden that differs names its file, so the reader opens the right one.
@Suite struct GoldenPathTests {
    @Test func aMismatchNamesTheGoldenBesideTheTape() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        _ = TapeCheck.run(tape: tape, model: ClientState(), mode: .missing)
        let golden = try #require(fixtures.read("session.golden/claimed.json"))
        try fixtures.write(
            golden.replacingOccurrences(of: "\"money\": 555", with: "\"money\": 1"), to: "session.golden/claimed.json")

        let failure = try #require(TapeCheck.run(tape: tape, model: ClientState(), mode: .none).failures.first)
        let lines = failure.message.split(separator: "\n", omittingEmptySubsequences: false)
        let goldenLine = try #require(lines.firstIndex { $0.hasPrefix("golden: ") })
        #expect(lines[goldenLine] == "golden: \(fixtures.directory)/session.golden/claimed.json")
        #expect(lines[goldenLine + 1] == "Expected: −, Actual: +")
        #expect(lines[goldenLine + 2] == "Changed: gameState.money")
    }

    @Test func aMismatchNamesTheGoldenInTheCallersFolder() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        let folder = fixtures.directory + "/Tests/Goldens"
        _ = TapeCheck.run(tape: tape, options: CheckOptions(record: .missing, goldens: folder), makeModel: { ClientState() })

        let report = TapeCheck.run(tape: tape, options: CheckOptions(record: .none, goldens: folder + "/")) {
            EnergyIgnoringModel()
        }
        let claimed = try #require(report.failures.first { $0.name == "claimed" })
        #expect(
            claimed.message.contains(
                "\ngolden: \(folder)/session/claimed.json\nExpected: −, Actual: +\nChanged: gameState.energy\n"))
    }
}
