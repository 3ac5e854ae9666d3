import TapedeckChecks
import TapedeckReplay
import TapedeckState
import TapedeckTape

/// Serves a recorded session back to a scenario in virtual time, through `RecordedSessionPlayer`:
/// the greeting on connect, the recorded answers to each matching send at their recorded delays.
/// Sends the tape has no answer for are collected in `unmatchedSends`.
///
/// A session tape holds several connections: each `connect` gets the next recorded one, played
/// from its start. A recorded refusal makes that connect fail, as it failed live; a recorded drop
/// arrives as a close with 1006 (no close frame), a recorded close with its code and reason. A
/// connect past the recorded connections fails, naming how many the tape has.
package final class TapeServedTransport: ScenarioTransport {
    package let clock: VirtualScenarioClock
    /// One player per recorded connection, in the tape's order.
    private var players: [RecordedSessionPlayer]
    /// The recorded connection being served (an index into `players`).
    private var current = 0
    private var queue = DeliveryQueue()
    /// When the last scheduled answer is due (nanoseconds).
    private var lastDue: UInt64 = 0
    private var isOpen = false
    /// How many times the scenario connected (refused attempts too).
    package private(set) var connects = 0
    package private(set) var unmatchedSends: [UnmatchedSend] = []

    package init(records: [TapeRecord], clock: VirtualScenarioClock, matchFields: [String] = []) {
        self.clock = clock
        let recorded = RecordedSessionPlayer.players(records: records, matchFields: matchFields)
        // A tape with no records still accepts one connection, which gets nothing.
        players = recorded.isEmpty ? [RecordedSessionPlayer(records: [])] : recorded
    }

    /// Reads the whole tape first; a truncated or damaged tape is an error.
    package convenience init(tapePath: String, clock: VirtualScenarioClock, matchFields: [String] = []) throws(TapeError) {
        let reader = try TapeReader(path: tapePath)
        var records: [TapeRecord] = []
        while let record = try reader.next() { records.append(record) }
        self.init(records: records, clock: clock, matchFields: matchFields)
    }

    /// How many connections the tape recorded (refused ones too).
    package var recordedConnections: Int { players.count }

    /// Recorded client messages the scenario has not matched, over every recorded connection.
    package var remainingClientMessages: Int { players.reduce(0) { $0 + $1.remainingClientMessages } }

    /// Said after the run when the scenario left recorded connections unopened (it never
    /// reconnected where the recording did); nil when it opened them all.
    package var unopenedConnectionsNote: String? {
        guard connects < players.count else { return nil }
        let times = connects == 1 ? "once" : "\(connects) times"
        return "the tape recorded \(players.count) connections; the scenario connected \(times)"
    }

    package func connect(url: String, headers: [(name: String, value: String)], subprotocol: String?) async throws {
        queue.removeAll()
        lastDue = 0
        isOpen = false
        connects += 1
        guard connects <= players.count else {
            let count = players.count
            throw ScenarioTransportError(
                "connect #\(connects): the tape recorded \(count) connection\(count == 1 ? "" : "s"), all of them served already")
        }
        current = connects - 1
        if let refusal = players[current].refusal {
            let status = refusal.status.map { "HTTP \($0): " } ?? ""
            throw ScenarioTransportError("the tape's connection \(connects) was refused: \(status)\(refusal.reason)")
        }
        isOpen = true
        schedule(players[current].open())
    }

    package func send(_ bytes: [UInt8]) async throws {
        guard isOpen else { throw ScenarioTransportError("the connection is closed") }
        switch players[current].answer(bytes) {
        case .matched(let replies): schedule(replies)
        case .unmatched(let unmatched): unmatchedSends.append(unmatched)
        }
    }

    private func schedule(_ replies: [RecordedSessionPlayer.Reply]) {
        let now = clock.now.nanoseconds
        for reply in replies {
            // A server answers one connection in order: a later send's answers never overtake the
            // earlier ones still waiting (a scenario may send again before they are due).
            let due = VirtualTime(nanoseconds: max(now &+ reply.delay, lastDue))
            lastDue = due.nanoseconds
            switch reply.event {
            case .message(let bytes): queue.schedule(.message(bytes), at: due)
            case .close(let code, let reason): queue.schedule(.closed(code: code, reason: reason), at: due)
            // 1006: the code a client reports for a connection that ended without a close frame.
            case .drop(let reason): queue.schedule(.closed(code: 1006, reason: reason), at: due)
            }
        }
    }

    package func receive(timeout: UInt64) async throws -> TransportEvent {
        guard isOpen else { throw ScenarioTransportError("not connected") }
        let deadline = VirtualTime(nanoseconds: clock.now.nanoseconds &+ timeout)
        if let due = queue.nextDue, due <= deadline {
            clock.advance(to: due)
            if let event = queue.popDue(at: clock.now) {
                if case .closed = event { isOpen = false }
                return event
            }
        }
        clock.advance(to: deadline)
        return .timeout
    }

    package func close(code: UInt16) async {
        isOpen = false
        queue.removeAll()
    }
}
