import Foundation
import TapedeckProtocol
import TapedeckState
import TapedeckTape
import TapedeckTestFixtures
import Testing

@testable import TapedeckReplay

@Suite struct ReplayerTests {
    @Test func aSessionTapeIsAppliedRecordByRecord() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        let result = try TapeReplay(tapes: [tape], model: ClientState()).run()
        let statistics = result.statistics
        #expect(statistics.records == 22)
        #expect(
            statistics.serverMessages == [
                "playerObject": 1, "u": 4, "messageEvent": 2, "claimResult": 2,
                "questionEvent": 1, "matchResult": 1,
            ])
        #expect(statistics.clientMessages == ["createCharacter": 1, "claimEvent": 2, "answerQuestion": 1, "swipe": 1])
        #expect(statistics.connectionEvents == 2)
        #expect(statistics.count(.ping) == 1 && statistics.count(.pong) == 1)
        #expect(statistics.markers.map(\.name) == ["scenario start", "claimed"])
        #expect(statistics.decodeFailures.isEmpty)
        #expect(result.stop == nil)
        // The state the records lead to: claim confirmed, question answered (88 from the server), the cold (-5),
        // the negative event claimed automatically, the socket closed by the app.
        #expect(result.model.gameState.money == 55)
        #expect(result.model.gameState.energy == 83)
        #expect(result.model.claimable.events.map(\.claimed) == [true, true])
        #expect(result.model.connection.closeCode == 1000)
        #expect(result.tapes == [.init(path: tape, records: 22, end: .complete)])
    }

    @Test func aMessageThatDoesNotDecodeIsReportedWithRecordAndOffsetAndSkipped() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "decode-error")
        let result = try TapeReplay(tapes: [tape], model: ClientState()).run()
        let failure = try #require(result.statistics.decodeFailures.first)
        #expect(result.statistics.decodeFailures.count == 1)
        #expect(failure.position.record == 5)
        #expect(failure.direction == .s2c)
        #expect(failure.error.pathDescription == "message.energy")
        #expect(failure.error.offset == 32)
        #expect(failure.description.hasPrefix("record 5 (t=2.097s): s2c message does not decode: message.energy: expected"))
        #expect(result.stop == nil)
        #expect(result.statistics.records == 22)

        var stopping = TapeReplay(tapes: [tape], model: ClientState())
        stopping.stopsOnDecodeFailure = true
        let stopped = try stopping.run()
        guard case .decodeFailure(let stop)? = stopped.stop else {
            Issue.record("expected a decode stop")
            return
        }
        #expect(stop.position.record == 5)
        #expect(stopped.statistics.records == 6)
    }

    @Test func tapesInARowAreOneSessionWithAContinuingClock() throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let first = try fixtures.tape(fixture: "session")
        let second = try fixtures.tape(fixture: "reconnect")
        let result = try TapeReplay(
            tapes: [first, second], model: ClientState(configuration: .init(sessionEpochMilliseconds: 1_767_225_600_000))
        ).run()
        #expect(result.statistics.records == 27)
        let last = try #require(result.lastPosition)
        #expect(last.tape == 1)
        #expect(last.record == 4)
        #expect(last.tapeTime == 3_000_000_000)
        // Tape 2 starts at tape 1's last record time, 11.2 s.
        #expect(last.sessionTime.nanoseconds == 14_200_000_000)
        let claimed = try #require(result.model.claimable.event(id: "ev-30"))
        #expect(claimed.claimedAt?.nanoseconds == 13_200_000_000)
        #expect(result.model.snapshot().value(at: "claimable.events[0].claimedAt") == .string("2026-01-01T00:00:13.200Z"))
        #expect(result.model.connection.openCount == 2)
    }

    @Test(arguments: [("9", 10), ("5.3s", 9), ("5300ms", 9), ("0", 1), ("100s", 22)])
    func untilStopsAfterARecordOrATime(limit: String, records: Int) throws {
        let fixtures = try TestTapes()
        defer { fixtures.remove() }
        let tape = try fixtures.tape(fixture: "session")
        let parsed = try #require(ReplayLimit(parsing: limit))
        let result = try TapeReplay(tapes: [tape], model: ClientState(), limit: parsed).run()
        #expect(result.statistics.records == records)
    }

    @Test func untilTextsParse() {
        #expect(ReplayLimit(parsing: "120") == .record(120))
        #expect(ReplayLimit(parsing: "2.5s") == .time(2_500_000_000))
        #expect(ReplayLimit(parsing: "1500ms") == .time(1_500_000_000))
        #expect(ReplayLimit(parsing: "7us") == .time(7_000))
        #expect(ReplayLimit(parsing: "1m") == .time(60_000_000_000))
        #expect(ReplayLimit(parsing: "2.5") == nil)
        #expect(ReplayLimit(parsing: "1.0000000001s") == nil)
        #expect(ReplayLimit(parsing: "s") == nil)
        #expect(ReplayLimit(parsing: "-3") == nil)
        #expect(TapeTime.text(2_500_000_000) == "2.5s")
        #expect(TapeTime.text(1_500_000) == "1500us")
        #expect(TapeTime.text(3_000_000_000) == "3s")
    }

    /// Issue 51, finding 2: a fraction that carries whole units that fit past 2^64-1 ns trapped.
    @Test func aFractionPastTheLargestTimeIsNoTime() {
        for text in ["18446744073.709551616s", "18446744073709.551616ms", "307445734.5618258603m", "18446744074s"] {
            #expect(TapeTime.parse(text) == nil, "\(text)")
        }
        #expect(TapeTime.parse("18446744073.709551615s") == UInt64.max)
        #expect(TapeTime.parse("18446744073709.551615ms") == UInt64.max)
    }
}
