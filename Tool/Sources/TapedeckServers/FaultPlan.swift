import TapedeckWebSocket

/// The faults the reference server injects on a connection, counted in server messages (the
/// malformed extras it inserts do not count). Pure: the session asks it what to do after each message.
package struct FaultPlan: Sendable, Equatable {
    /// Drop the TCP connection, without a close frame, right after this many messages.
    package var dropAfter: Int?
    /// Delay every server message by this many milliseconds (order is kept).
    package var delayMilliseconds: Int
    /// After every N-th message, send one extra text frame that is not valid JSON.
    package var malformedEvery: Int?
    /// Close with a close frame of `closeCode` right after this many messages.
    package var closeAfter: Int?
    package var closeCode: UInt16
    /// Drop the TCP connection, without a close frame, when a client message of this type arrives:
    /// after the game applied it, before its answer is sent (a claim in flight when the network went).
    package var dropOn: String?
    /// The connections (the server's ordinals, from 1) the faults apply to; nil for every one. A
    /// session's first connection drops, its reconnect does not.
    package var connections: Set<Int>?

    package init(
        dropAfter: Int? = nil, delayMilliseconds: Int = 0, malformedEvery: Int? = nil,
        closeAfter: Int? = nil, closeCode: UInt16 = 1000, dropOn: String? = nil, connections: Set<Int>? = nil
    ) {
        self.dropAfter = dropAfter
        self.delayMilliseconds = delayMilliseconds
        self.malformedEvery = malformedEvery
        self.closeAfter = closeAfter
        self.closeCode = closeCode
        self.dropOn = dropOn
        self.connections = connections
    }

    /// The faults of connection `ordinal`: these, or none when `connections` leaves it out.
    package func forConnection(_ ordinal: Int) -> FaultPlan {
        guard let connections, !connections.contains(ordinal) else { return self }
        return .none
    }

    /// Whether a client message of `type` drops the connection.
    package func drops(onClientMessage type: String) -> Bool { dropOn == type }

    package static let none = FaultPlan()

    /// What to do after sending message number `count` (1-based).
    package enum Action: Sendable, Equatable {
        case sendMalformed
        case close(code: UInt16)
        case drop
    }

    package func actions(afterMessage count: Int) -> [Action] {
        var actions: [Action] = []
        if let every = malformedEvery, every > 0, count % every == 0 {
            actions.append(.sendMalformed)
        }
        if let dropAfter, count == dropAfter {
            actions.append(.drop)
        } else if let closeAfter, count == closeAfter {
            actions.append(.close(code: closeCode))
        }
        return actions
    }

    /// The malformed frame sent for a message: its first half, so it ends inside the JSON.
    package static func malformed(_ message: [UInt8]) -> [UInt8] {
        Array(message.prefix(max(1, message.count / 2)))
    }
}
