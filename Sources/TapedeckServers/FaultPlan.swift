import TapedeckWebSocket

/// The faults the reference server injects on a connection, counted in server messages (the
/// malformed extras it inserts do not count). Pure: the session asks it what to do after each message.
public struct FaultPlan: Sendable, Equatable {
    /// Drop the TCP connection, without a close frame, right after this many messages.
    public var dropAfter: Int?
    /// Delay every server message by this many milliseconds (order is kept).
    public var delayMilliseconds: Int
    /// After every N-th message, send one extra text frame that is not valid JSON.
    public var malformedEvery: Int?
    /// Close with a close frame of `closeCode` right after this many messages.
    public var closeAfter: Int?
    public var closeCode: UInt16

    public init(
        dropAfter: Int? = nil, delayMilliseconds: Int = 0, malformedEvery: Int? = nil,
        closeAfter: Int? = nil, closeCode: UInt16 = 1000
    ) {
        self.dropAfter = dropAfter; self.delayMilliseconds = delayMilliseconds
        self.malformedEvery = malformedEvery; self.closeAfter = closeAfter; self.closeCode = closeCode
    }

    public static let none = FaultPlan()

    /// What to do after sending message number `count` (1-based).
    public enum Action: Sendable, Equatable {
        case sendMalformed
        case close(code: UInt16)
        case drop
    }

    public func actions(afterMessage count: Int) -> [Action] {
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
    public static func malformed(_ message: [UInt8]) -> [UInt8] {
        Array(message.prefix(max(1, message.count / 2)))
    }
}
