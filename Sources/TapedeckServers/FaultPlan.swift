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

    package init(
        dropAfter: Int? = nil, delayMilliseconds: Int = 0, malformedEvery: Int? = nil,
        closeAfter: Int? = nil, closeCode: UInt16 = 1000
    ) {
        self.dropAfter = dropAfter; self.delayMilliseconds = delayMilliseconds
        self.malformedEvery = malformedEvery; self.closeAfter = closeAfter; self.closeCode = closeCode
    }

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
