import Foundation
import TapedeckChecks
import TapedeckInvestigation
import TapedeckProtocol
import TapedeckReplay
import TapedeckState
import TapedeckTestFixtures
import Testing

/// `check`, `repro`, `report`, `shrink`, `diff` and `coverage` replay through one engine
/// (`ReplayCursor`): on the same tape they reach the same verdict, at the same record.
@Suite struct VerdictAgreementTests {
    typealias T = BaoLifeMessages

    /// 0 open, 1 playerObject, 2 messageEvent, 3 claimEvent (c2s), 4 claimResult, 5 u, 6 u, 7 marker.
    static func session(answering answered: String = "ev-1", lastEnergy: Int = 97) -> [String] {
        [
            T.playerObject(), T.lifeEvent("ev-1", date: T.reportDate), T.claim("ev-1"), T.claimResult(answered),
            T.update(energy: 98, hour: 8, minute: 30), T.update(energy: lastEnergy, hour: 9, minute: 0), "#after claim",
        ]
    }

    /// A tape with a checkpoint at its marker and a golden of the passing session's state there.
    static func tape(_ name: String, _ messages: [String], in tapes: TestTapes) throws -> String {
        let path = try tapes.tape(name, messages)
        try tapes.write("claimed: marker \"after claim\"\n", to: "\(name).checkpoints")
        let good = try tapes.tape("\(name)-reference", session())
        try tapes.golden(forTape: good, checkpoint: "claimed", afterRecord: 7)
        try FileManager.default.moveItem(
            atPath: tapes.directory + "/\(name)-reference.golden", toPath: tapes.directory + "/\(name).golden")
        return path
    }

    /// `check`'s verdict: its first failing case, and for a broken invariant the record it stopped at.
    static func checkVerdict(_ tape: String) -> (failure: String?, record: Int?, digest: String?) {
        let report = TapeCheck.run(tape: tape, options: CheckOptions(record: .none), makeModel: { ClientState() })
        if let invariants = report.cases.first(where: { $0.name == CheckCase.invariants && !$0.passed }) {
            // "invariant broken at record 4 (t=4.000s), s2c claimResult: claimResult.answersClaim: ..."
            let line = invariants.message.prefix { $0 != "\n" }
            let record = line.firstMatch(of: #/at record (\d+) /#).flatMap { Int($0.1) }
            let names = ClaimLedger.invariantName
            #expect(line.contains(": \(names): "))
            return ("invariant " + names, record, invariants.digest)
        }
        if let checkpoint = report.failures.first {
            return ("checkpoint \(checkpoint.name) differs from its golden", nil, checkpoint.digest)
        }
        return (nil, nil, nil)
    }

    @Test func everyCommandReachesCheckVerdictOnThePassingAndTheFailingTapes() throws {
        let tapes = try TestTapes.report()
        defer { tapes.remove() }
        let passing = try Self.tape("passing", Self.session(), in: tapes)
        // The server answers a claim the client never sent: `claimResult.answersClaim` breaks at record 4.
        let invariant = try Self.tape("invariant", Self.session(answering: "ev-9"), in: tapes)
        // The last update differs from the recorded session: the checkpoint's state differs from its golden.
        let mismatch = try Self.tape("mismatch", Self.session(lastEnergy: 60), in: tapes)

        let verdicts = [passing, invariant, mismatch].map(Self.checkVerdict)
        #expect(verdicts[0].failure == nil)
        #expect(verdicts[1].failure == "invariant claimResult.answersClaim" && verdicts[1].record == 4)
        #expect(verdicts[2].failure == "checkpoint claimed differs from its golden")

        let reference = try ReproTape.load(passing)
        for (tape, check) in zip([passing, invariant, mismatch], verdicts) {
            let loaded = try ReproTape.load(tape)
            let search = try ReproSetup.search(forTape: tape, until: nil)

            // repro: the same first failure, at the record check stopped at, with the state check saw.
            let repro = search.find(in: loaded)
            #expect(repro?.kind.signature == check.failure, "repro on \(tape)")
            if let record = check.record {
                #expect(repro?.index == record)
                #expect(repro.map { SnapshotDigest.hex($0.after) } == check.digest)
            }

            // report: the same failure on the page, and each checkpoint judged as check judged it.
            let report = try SessionReportBuilder().build(tapePaths: [tape])
            #expect(report.failure?.signature == check.failure, "report on \(tape)")
            if let record = check.record { #expect(report.failure?.row == record) }
            let claimed = try #require(report.checkpoints.first)
            switch check.failure {
            case nil: #expect(claimed.outcome == .passed)
            case "checkpoint claimed differs from its golden":
                guard case .failed(_, let paths) = claimed.outcome else {
                    Issue.record("report: \(claimed.outcome)")
                    continue
                }
                #expect(paths == ["gameState.energy"])
                #expect(claimed.digest == check.digest)
            default:
                // Check stops at the invariant; the report goes on and finds the claim never answered.
                guard case .failed(_, let paths) = claimed.outcome else {
                    Issue.record("report: \(claimed.outcome)")
                    continue
                }
                #expect(paths == ["claimable.events[id=ev-1].claimPending"])
            }

            // shrink (which judges no checkpoints, as the command runs it): fails the same way or not at all.
            let shrinkSearch = try ReproSetup.search(forTape: tape, until: nil, checkpoints: false)
            let shrunk = Shrinker(search: shrinkSearch).shrink(loaded)
            #expect(shrunk?.failure.signature == (check.record == nil ? nil : check.failure), "shrink on \(tape)")

            // diff against the passing session: the first difference is where check's verdict points.
            let diff = SessionDiff(reference, loaded)
            switch check.failure {
            case nil: #expect(diff.isEmpty)
            case "checkpoint claimed differs from its golden":
                #expect(diff.messages?.recordA == 6)
                #expect(diff.state?.paths == ["gameState.energy"])
            default:
                #expect(diff.messages?.recordA == check.record)
                #expect(diff.state?.recordA == check.record)
            }

            // coverage: counts every record check replayed and none after its stop.
            let coverage = try CoverageCounter.measure(tapes: [tape])
            let updates = coverage.items.first { $0.kind == .serverType && $0.name == "u" }?.count
            #expect(updates == (check.record == nil ? 2 : 0), "coverage on \(tape)")
            let results = coverage.items.first { $0.kind == .serverType && $0.name == "claimResult" }?.count
            #expect(results == 1)
        }
    }
}
