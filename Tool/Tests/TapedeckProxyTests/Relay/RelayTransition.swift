import TapedeckTape
import Testing

@testable import TapedeckProxy

/// One row of the relay machine's transition table: the events that lead to a state, the event
/// under test, the actions it must return in order and, where it matters, both sides' phases after it.
struct RelayTransition: Sendable, CustomTestStringConvertible {
    typealias Phase = RelayStateMachine.Phase

    var name: String
    var given: [RelayEvent]
    var event: RelayEvent
    var actions: [RelayAction]
    var phases: (client: Phase, server: Phase)?

    init(
        _ name: String, given: [RelayEvent] = [], _ event: RelayEvent, _ actions: [RelayAction],
        phases: (client: Phase, server: Phase)? = nil
    ) {
        self.name = name
        self.given = given
        self.event = event
        self.actions = actions
        self.phases = phases
    }

    var testDescription: String { name }

    static let limit = 64
    static let graceSeconds: Int64 = 2

    static func machine() -> RelayStateMachine {
        RelayStateMachine(maxMessageBytes: limit, closeGraceSeconds: graceSeconds)
    }

    // Shorthands for the table.

    static let open: [RelayEvent] = [.attach(.server), .attach(.client)]

    static func record(
        _ direction: TapeRecord.Direction, _ kind: TapeRecord.Kind, _ payload: [UInt8], code: UInt16? = nil,
        fragments: UInt32? = nil
    ) -> RelayAction {
        .record(RelayRecord(direction, kind, closeCode: code, payload: payload, fragmentCount: fragments))
    }

    static func record(
        _ direction: TapeRecord.Direction, _ kind: TapeRecord.Kind, _ text: String, code: UInt16? = nil,
        fragments: UInt32? = nil
    ) -> RelayAction {
        record(direction, kind, Array(text.utf8), code: code, fragments: fragments)
    }

    static func note(_ kind: TapeRecord.Kind, _ text: String, code: UInt16? = nil) -> RelayAction {
        .record(.note(kind, text, closeCode: code))
    }

    /// The error note of a connection's end, with who ended it.
    static func end(_ text: String, by party: TapeRecord.Party) -> RelayAction {
        .record(RelayRecord(.note, .error, payload: Array(text.utf8), endedBy: party))
    }

    /// What a protocol error by `side` does when both sides are attached and open: the tape says
    /// why, the other side and the offender get close frames with the code, both with timers
    /// (the offender's channel closes after the write instead when its close frame was the offence).
    static func protocolError(_ side: RelaySide, _ code: UInt16, _ predicate: String, offenceWasClose: Bool = false)
        -> [RelayAction]
    {
        let reason = "\(side.name) \(predicate)"
        return [
            end("\(reason): closing with \(code)", by: side.party), note(.close, reason, code: code),
            .sendClose(to: side.other, code: code, reason: "proxy: \(reason)"), .startGraceTimer(side.other),
            .sendClose(to: side, code: code, reason: reason), offenceWasClose ? .closeAfterWrites(side) : .startGraceTimer(side),
        ]
    }
}
