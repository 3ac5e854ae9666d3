import TapedeckChecks
import TapedeckTape
import TestSupport
import Testing

/// Issue 51, finding 7: `serve` built each recorded connection's player by reading the whole tape,
/// quadratic in connections (40,000 took 9.7 s, 19 s with `--verify`). One pass now: the players
/// are the same, and eight times the connections cost about eight times as much, not 64.
@Suite(.cpuBound) struct PlayerScalingTests {
    /// `connections` connections of an open, one client message and its answer, interleaved in pairs.
    static func tape(connections: Int) -> [TapeRecord] {
        var records: [TapeRecord] = []
        var time: UInt64 = 0
        for connection in 0..<UInt32(connections) {
            for (direction, kind, text) in [
                (TapeRecord.Direction.c2s, TapeRecord.Kind.open, ""),
                (.c2s, .text, #"{"type":"getPlayer","message":{}}"#),
                (.s2c, .text, #"{"type":"u","message":{"n":\#(connection)}}"#),
            ] {
                time += 1_000
                records.append(
                    TapeRecord(time: time, connection: connection, direction: direction, kind: kind, payload: Array(text.utf8)))
            }
        }
        // One refused connection among them.
        records.append(
            TapeRecord(
                time: time + 1, connection: UInt32(connections), direction: .note, kind: .error,
                payload: Array("upgrade failed: upstream answered 503 Service Unavailable".utf8)))
        return records
    }

    @Test func onePassGivesEachConnectionTheSamePlayer() {
        let records = Self.tape(connections: 6)
        let players = RecordedSessionPlayer.players(records: records)
        let connections = RecordedSessionPlayer.connections(in: records)
        #expect(players.count == connections.count)
        for (player, connection) in zip(players, connections) {
            var one = player
            var other = RecordedSessionPlayer(records: records, connection: connection)
            #expect(one.open() == other.open())
            #expect(one.refusal == other.refusal)
            #expect(one.remainingClientMessages == other.remainingClientMessages)
            #expect(
                one.answer(Array(#"{"type":"getPlayer","message":{}}"#.utf8))
                    == other.answer(Array(#"{"type":"getPlayer","message":{}}"#.utf8)))
        }
        #expect(players.last?.refusal?.status == 503)
    }

    /// What `serve --verify` builds at start-up, timed on 3,000 and 24,000 connections: rounds
    /// alternate, and the best of each counts, so a busy moment of the machine does not. A ratio of
    /// wall times: in the slow lane (`make test-slow`, a release build alone), since `make test`'s
    /// parallel suite moved it to 38 once.
    @Test(.slow) func startUpIsLinearInConnections() {
        func seconds(_ records: [TapeRecord]) -> Double {
            let start = ContinuousClock.now
            let verifier = ClientVerifier(records: records)
            let elapsed = ContinuousClock.now - start
            #expect(verifier.recordedConnections == RecordedSessionPlayer.connections(in: records).count)
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        let smallTape = Self.tape(connections: 3_000)
        let largeTape = Self.tape(connections: 24_000)
        var small = Double.infinity
        var large = Double.infinity
        for _ in 0..<3 {
            small = min(small, seconds(smallTape))
            large = min(large, seconds(largeTape))
        }
        print("player start-up: 3,000 connections \(small) s, 24,000 connections \(large) s, ratio \(large / small)")
        // Linear: about 8. Quadratic: about 64.
        #expect(large / small < 24, "3,000 connections \(small) s, 24,000 \(large) s")
    }
}
