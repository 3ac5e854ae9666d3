import Foundation
import TapedeckInvestigation
import TapedeckProtocol
import TapedeckReplay
import TapedeckScenario
import TapedeckSynthetic
import TapedeckTape
import TapedeckTestFixtures
import TestSupport
import Testing

@Suite struct ShrinkTests {
    @Test func unitsKeepAnEventWithItsClaimAndResult() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        let tape = try ReproTape.load(try tapes.tape("ok", BaoLifeMessages.healthy))
        let units = ShrinkUnits(tape: tape, through: tape.records.count - 1)
        #expect(units.fixed == [0])
        #expect(units.units.contains([3, 4, 5]))
        #expect(units.units.count == 5)
    }

    @Test func shrinksASmallTapeToTheFault() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        let path = try tapes.tape("bug", BaoLifeMessages.healthy + [BaoLifeMessages.update(energy: -5)] + BaoLifeMessages.healthy)
        let tape = try ReproTape.load(path)
        let search = try ReproSetup.search(forTape: path, until: StatePredicate(parsing: "gameState.energy < 0"))
        let result = try #require(Shrinker(search: search).shrink(tape))
        #expect(result.indices == [0, 8])
        #expect(result.failure == .predicate("gameState.energy < 0"))
    }

    @Test func doesNotShrinkATapeThatDoesNotFail() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        let tape = try ReproTape.load(try tapes.tape("ok", BaoLifeMessages.healthy))
        #expect(Shrinker(search: ReproSearch()).shrink(tape) == nil)
    }

    /// 100,000 synthetic server messages (claim results left out: they answer no claim) with one
    /// claim result for an event nobody claimed at record 70,000.
    @Test(.slow) func shrinksAHundredThousandRecordTape() throws {
        let tapes = try TestTapes()
        defer { tapes.remove() }
        var stream = SyntheticMessages(seed: 42)
        var records = [TapeRecord(time: 0, direction: .c2s, kind: .open)]
        while records.count < 100_000 {
            if records.count == 70_000 {
                records.append(
                    TapeRecord(
                        time: UInt64(records.count) * 1_000_000, direction: .s2c, kind: .text,
                        payload: Array(BaoLifeMessages.claimResult("ghost").utf8)))
                continue
            }
            let message = stream.next()
            if case .claimResult = message { continue }
            records.append(
                TapeRecord(time: UInt64(records.count) * 1_000_000, direction: .s2c, kind: .text, payload: message.encoded()))
        }
        let path = try tapes.tape("big", records: records)
        let tape = try ReproTape.load(path)
        let clock = ContinuousClock()
        let started = clock.now
        let result = try #require(Shrinker(search: ReproSearch()).shrink(tape))
        print("shrink of 100,000 records: \(clock.now - started), \(result.tests) replays, \(result.indices.count) records kept")
        #expect(result.failure == .invariant(["claimResult.answersClaim"]))
        #expect(result.indices.count <= 10)
        #expect(result.indices.contains(70_000))
        let output = tapes.directory + "/min.tape"
        try tape.write(indices: result.indices, to: output)
        let small = try ReproTape.load(output)
        #expect(small.records.count == result.indices.count)
        #expect(ReproSearch().firstFailure(in: small)?.kind == .invariant(["claimResult.answersClaim"]))
    }
}
