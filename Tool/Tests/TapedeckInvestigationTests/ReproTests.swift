import TapedeckInvestigation
import TapedeckProtocol
import TapedeckReplay
import TapedeckScenario
import TapedeckState
import TapedeckTestFixtures
import Testing

@Suite struct ReproTests {
    /// Injects `fault` after the healthy records and returns the failure found.
    func failure(
        with fault: [String], predicate: String? = nil, in tapes: TestTapes, name: String = "bug",
        prepare: ((String) throws -> Void)? = nil
    ) throws -> ReproFailure? {
        let path = try tapes.tape(name, BaoLifeMessages.healthy + fault + [BaoLifeMessages.update(energy: 90)])
        try prepare?(path)
        let search = try ReproSetup.search(forTape: path, until: predicate.map { try StatePredicate(parsing: $0) })
        return search.find(in: try ReproTape.load(path))
    }

    // The healthy records are 0 (open) ... 7; the fault is record 8.
    static let faultRecord = BaoLifeMessages.healthy.count + 1

    @Test func healthyTapeHasNoFailure() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        let path = try tapes.tape("ok", BaoLifeMessages.healthy)
        #expect(
            try ReproSetup.search(forTape: path, until: StatePredicate(parsing: "gameState.energy < 0")).find(
                in: ReproTape.load(path))
                == nil)
    }

    @Test func malformedJSONIsADecodeError() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        let found = try #require(try failure(with: [#"{"type":"u","message":{"energy":}}"#], in: tapes))
        #expect(found.index == Self.faultRecord)
        guard case .decodeError(let kind) = found.kind else {
            Issue.record("got \(found.kind)")
            return
        }
        #expect(kind.hasPrefix("s2c "))
        #expect(found.report.contains("offending record 8: s2c text (undecodable)"))
        #expect(found.report.contains("the record did not change the state"))
        #expect(found.context.count == 5)
        #expect(found.context.last?.hasPrefix("record 7 ") == true)
    }

    @Test func wrongFieldTypeIsADifferentDecodeError() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        let found = try #require(try failure(with: [#"{"type":"u","message":{"energy":"lots"}}"#], in: tapes))
        #expect(found.index == Self.faultRecord)
        guard case .decodeError(let kind) = found.kind else {
            Issue.record("got \(found.kind)")
            return
        }
        #expect(kind.contains("message.energy"))
        #expect(kind.hasPrefix("s2c "))
    }

    @Test func claimResultForAnUnknownEventBreaksTheStreamInvariant() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        let found = try #require(try failure(with: [BaoLifeMessages.claimResult("ghost")], in: tapes))
        #expect(found.index == Self.faultRecord)
        #expect(found.kind == .invariant(["claimResult.answersClaim"]))
        #expect(found.report.contains("\"eventId\": \"ghost\""))
    }

    @Test func predicateCrossingNamesTheRecordAndTheStateChange() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        let found = try #require(
            try failure(with: [BaoLifeMessages.update(energy: -5)], predicate: "gameState.energy < 0", in: tapes))
        #expect(found.index == Self.faultRecord)
        #expect(found.kind == .predicate("gameState.energy < 0"))
        #expect(found.report.contains("−   energy: 96"))
        #expect(found.report.contains("+   energy: -5"))
    }

    @Test func checkpointMismatchAgainstAGolden() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        let found = try #require(
            try failure(with: [BaoLifeMessages.update(energy: 50)], in: tapes) { path in
                try tapes.write("after-fault: record \(Self.faultRecord)\n", to: "bug.checkpoints")
                // The golden holds the state of a healthy run (energy 96 instead of 50).
                let expected = ReproSearch().state(of: try ReproTape.load(path), indices: Array(0..<Self.faultRecord)).snapshot()
                try tapes.write(expected.canonicalJSONString(pretty: true), to: "bug.golden/after-fault.json")
            })
        #expect(found.index == Self.faultRecord)
        #expect(found.kind == .checkpointMismatch("after-fault"))
        #expect(found.detail.contains("gameState.energy"))
    }

    @Test func badPredicateIsBadInputWithAColumn() throws {
        #expect(throws: ScenarioParseError.self) { try StatePredicate(parsing: "gameState.enrgy < 0") }
        do {
            _ = try StatePredicate(parsing: "gameState.energy < 0 nand x")
            Issue.record("parsed")
        } catch {
            #expect(error.description.contains("--until:1:22"))
        }
    }

    @Test func missingTapeIsBadInput() {
        #expect(throws: ReproError.self) { try ReproTape.load("/nonexistent/x.tape") }
    }

    @Test func inspectGivesTheStateAtARecordOrTimeAndASubtree() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        let tape = try ReproTape.load(try tapes.tape("ok", BaoLifeMessages.healthy))
        let atRecord = StateInspection.snapshot(of: tape, at: .record(2)).snapshot
        #expect(try StateInspection.subtree(atRecord, path: "gameState.energy") == .int(98))
        let atTime = StateInspection.snapshot(of: tape, at: .time(1_500_000_000))
        #expect(atTime.records == 2)
        #expect(try StateInspection.subtree(atTime.snapshot, path: "gameState.energy") == .int(99))
        do {
            _ = try StateInspection.subtree(atRecord, path: "gameState.nothing")
            Issue.record("found a value")
        } catch {
            #expect(error.description.contains("gameState has no nothing"))
        }
    }
}
