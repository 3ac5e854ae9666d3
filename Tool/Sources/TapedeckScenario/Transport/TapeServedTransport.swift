import TapedeckReplay
import TapedeckState
import TapedeckTape

/// Serves a recorded session back to a scenario in virtual time, through `RecordedSessionPlayer`:
/// the greeting on connect, the recorded answers to each matching send at their recorded delays.
/// Sends the tape has no answer for are collected in `unmatchedSends`.
package final class TapeServedTransport: ScenarioTransport {
    package let clock: VirtualScenarioClock
    private var player: RecordedSessionPlayer
    private var queue = DeliveryQueue()
    /// When the last scheduled answer is due (nanoseconds).
    private var lastDue: UInt64 = 0
    private var isOpen = false
    package private(set) var unmatchedSends: [UnmatchedSend] = []

    package init(records: [TapeRecord], clock: VirtualScenarioClock, matchFields: [String] = []) {
        self.clock = clock
        player = RecordedSessionPlayer(records: records, matchFields: matchFields)
    }

    /// Reads the whole tape first; a truncated or damaged tape is an error.
    package convenience init(tapePath: String, clock: VirtualScenarioClock, matchFields: [String] = []) throws(TapeError) {
        let reader = try TapeReader(path: tapePath)
        var records: [TapeRecord] = []
        while let record = try reader.next() { records.append(record) }
        self.init(records: records, clock: clock, matchFields: matchFields)
    }

    /// Recorded client messages the scenario has not matched.
    package var remainingClientMessages: Int { player.remainingClientMessages }

    package func connect(url: String, headers: [(name: String, value: String)], subprotocol: String?) async throws {
        queue.removeAll()
        lastDue = 0
        isOpen = true
        schedule(player.open())
    }

    package func send(_ bytes: [UInt8]) async throws {
        guard isOpen else { throw ScenarioTransportError("the connection is closed") }
        switch player.answer(bytes) {
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
