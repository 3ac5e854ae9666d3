import Foundation
import TapedeckChecks
import TapedeckInvestigation
import TapedeckReplay
import TapedeckScenario
import TapedeckState
import TapedeckTestFixtures
import Testing

@Suite struct PromotionTests {
    @Test func promotedPredicateFailurePassesCheckUntilTheStateChanges() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        let source = try tapes.tape("bug", BaoLifeMessages.healthy + [BaoLifeMessages.update(energy: -5)])
        let search = try ReproSetup.search(
            forTape: source, until: StatePredicate(parsing: "gameState.energy < 0"), checkpoints: false)
        let result = try Promotion.promote(
            source, name: "negative-energy", directory: tapes.directory + "/Recordings", search: search)
        #expect(result.failure.index == 8)
        let checkpoints = try String(contentsOfFile: result.checkpoints, encoding: .utf8)
        #expect(checkpoints.hasSuffix("failure: record 8\n"))
        let passing = TapeCheck.run(tape: result.tape, model: ClientState(), mode: .none)
        let failed = passing.cases.filter { !$0.passed }.map { $0.name }
        let names = passing.cases.map { $0.name }
        #expect(failed == [])
        #expect(names.contains("failure"))
        // The golden pins energy -5 at that record: a different state fails the check.
        let golden = try String(contentsOfFile: result.golden, encoding: .utf8)
        try Data(golden.replacingOccurrences(of: "\"energy\": -5", with: "\"energy\": 7").utf8).write(
            to: URL(fileURLWithPath: result.golden))
        let failing = TapeCheck.run(tape: result.tape, model: ClientState(), mode: .none)
        #expect(failing.cases.first { $0.name == "failure" }?.passed == false)
    }

    @Test func promotedInvariantFailureKeepsFailingCheck() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        let source = try tapes.tape("bug", BaoLifeMessages.healthy + [BaoLifeMessages.claimResult("ghost")])
        let result = try Promotion.promote(
            source, name: "ghost-claim", directory: tapes.directory + "/Recordings", search: ReproSearch())
        let report = TapeCheck.run(tape: result.tape, model: ClientState(), mode: .none)
        #expect(report.cases.first { $0.name == CheckCase.invariants }?.passed == false)
        #expect(throws: ReproError.self) {
            try Promotion.promote(source, name: "ghost-claim", directory: tapes.directory + "/Recordings", search: ReproSearch())
        }
    }

    @Test func aTapeThatDoesNotFailIsNotPromoted() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        let source = try tapes.tape("ok", BaoLifeMessages.healthy)
        #expect(throws: ReproError.self) {
            try Promotion.promote(source, name: "ok", directory: tapes.directory + "/Recordings", search: ReproSearch())
        }
        #expect(!FileManager.default.fileExists(atPath: tapes.directory + "/Recordings/ok.tape"))
    }
}
