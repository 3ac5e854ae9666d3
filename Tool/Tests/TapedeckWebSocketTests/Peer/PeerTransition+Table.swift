@testable import TapedeckWebSocket

extension PeerTransition {
    /// Every transition of `WebSocketPeerMachine` (RFC 6455 §5 and §7 as one side receives them).
    static let table: [PeerTransition] = messages + fragments + limits + utf8 + controlFrames + closes + headerRules

    static let messages: [PeerTransition] = [
        PeerTransition("a masked text frame from a client is a message", text("hi"), completed("hi"), after: (nil, 1)),
        PeerTransition(
            "a masked binary frame from a client is a message", frame(.binary, [0, 255]), completed(.binary, [0, 255]),
            after: (nil, 1)),
        PeerTransition(
            "an unmasked text frame from a server is a message", client: false, text("hi", masked: false),
            completed("hi"), after: (nil, 1)),
        PeerTransition("an empty text frame is an empty message", text(""), completed(""), after: (nil, 1)),
    ]

    static let fragments: [PeerTransition] = [
        PeerTransition(
            "a first fragment starts a message and completes nothing", text("he", fin: false), .data(completed: nil),
            after: (.text, 1)),
        PeerTransition(
            "a middle fragment adds to it", given: [text("he", fin: false)], frame(.continuation, Array("l".utf8), fin: false),
            .data(completed: nil), after: (.text, 2)),
        PeerTransition(
            "the last fragment completes it with every byte and its frame count",
            given: [text("he", fin: false), frame(.continuation, Array("l".utf8), fin: false)],
            frame(.continuation, Array("lo".utf8)), completed("hello", fragments: 3), after: (nil, 3)),
        PeerTransition(
            "a binary message in fragments", given: [frame(.binary, [1], fin: false)], frame(.continuation, [2, 3]),
            completed(.binary, [1, 2, 3], fragments: 2), after: (nil, 2)),
        PeerTransition(
            "a continuation outside a message breaks the rules", frame(.continuation, Array("x".utf8)),
            violation(1002, "sent a continuation frame outside a fragmented message"), after: (nil, 0)),
        PeerTransition(
            "a new text message inside a fragmented one breaks the rules", given: [text("he", fin: false)], text("new"),
            violation(1002, "started a new message inside a fragmented one"), after: (.text, 1)),
        PeerTransition(
            "a new binary message inside a fragmented one breaks the rules", given: [text("he", fin: false)],
            frame(.binary, [1]), violation(1002, "started a new message inside a fragmented one"), after: (.text, 1)),
    ]

    static let limits: [PeerTransition] = [
        PeerTransition(
            "a one-frame message at the limit passes", text(String(repeating: "a", count: limit)),
            completed(String(repeating: "a", count: limit))),
        PeerTransition(
            "a one-frame message over the limit breaks it (1009)", text(String(repeating: "a", count: limit + 1)),
            violation(1009, "sent a message over 16 bytes"), after: (nil, 0)),
        PeerTransition(
            "fragments over the limit together break it and the message is dropped",
            given: [text(String(repeating: "a", count: 10), fin: false)],
            frame(.continuation, Array(String(repeating: "b", count: 7).utf8)), violation(1009, "sent a message over 16 bytes"),
            after: (nil, 1)),
    ]

    static let utf8: [PeerTransition] = [
        PeerTransition(
            "text that is not UTF-8 breaks the rules (1007) with the bytes so far", frame(.text, [0x68, 0xFF]),
            violation(
                1007, "sent a text message that is not valid UTF-8",
                unfinished: .init(kind: .text, bytes: [0x68, 0xFF], fragmentCount: 1)),
            after: (nil, 1)),
        PeerTransition(
            "a character split across fragments is whole", given: [frame(.text, [0x63, 0x61, 0x66, 0xC3], fin: false)],
            frame(.continuation, [0xA9]), completed(.text, [0x63, 0x61, 0x66, 0xC3, 0xA9], fragments: 2), after: (nil, 2)),
        PeerTransition(
            "a message that ends inside a character breaks the rules (1007)",
            given: [frame(.text, [0x63], fin: false)], frame(.continuation, [0xC3]),
            violation(
                1007, "sent a text message that is not valid UTF-8",
                unfinished: .init(kind: .text, bytes: [0x63, 0xC3], fragmentCount: 2)),
            after: (nil, 2)),
        PeerTransition(
            "a bad byte in a middle fragment is caught there, not at the end", given: [text("ok", fin: false)],
            frame(.continuation, [0xFF], fin: false),
            violation(
                1007, "sent a text message that is not valid UTF-8",
                unfinished: .init(kind: .text, bytes: [0x6F, 0x6B, 0xFF], fragmentCount: 2)),
            after: (nil, 2)),
        PeerTransition(
            "binary is never checked as UTF-8", frame(.binary, [0xFF, 0xC3]), completed(.binary, [0xFF, 0xC3])),
    ]

    static let controlFrames: [PeerTransition] = [
        PeerTransition("a ping carries its payload", frame(.ping, [1, 2]), .ping([1, 2])),
        PeerTransition("a pong carries its payload", frame(.pong, [3]), .pong([3])),
        PeerTransition(
            "a ping between fragments leaves the message under way", given: [text("he", fin: false)], frame(.ping, []),
            .ping([]), after: (.text, 1)),
        PeerTransition(
            "the message completes after a ping between its fragments",
            given: [text("he", fin: false), frame(.ping, [])], frame(.continuation, Array("y".utf8)),
            completed("hey", fragments: 2), after: (nil, 2)),
    ]

    static let closes: [PeerTransition] = [
        PeerTransition(
            "a close with a code and a reason", close(1000, "bye"), .close(code: 1000, reason: Array("bye".utf8)),
            closeReceived: true),
        PeerTransition("a close without a payload", frame(.close, []), .close(code: nil, reason: []), closeReceived: true),
        PeerTransition(
            "an application's close code (4000-4999) may travel", close(4001, "resync"),
            .close(code: 4001, reason: Array("resync".utf8)), closeReceived: true),
        PeerTransition(
            "a 1-byte close payload breaks the rules but still closes", frame(.close, [3]),
            .invalidClose(
                code: nil, reason: [3],
                ProtocolViolation(code: 1002, predicate: "sent a close frame with a 1-byte payload (a close code takes 2 bytes)")),
            closeReceived: true),
        PeerTransition(
            "a close code that may not travel (1005) breaks the rules", close(1005),
            .invalidClose(
                code: 1005, reason: [],
                ProtocolViolation(code: 1002, predicate: "sent a close code 1005 may not be sent in a close frame")),
            closeReceived: true),
        PeerTransition(
            "a close reason that is not UTF-8 breaks the rules (1007)", frame(.close, [0x03, 0xE8, 0xFF]),
            .invalidClose(
                code: 1000, reason: [0xFF], ProtocolViolation(code: 1007, predicate: "sent a close reason is not valid UTF-8")),
            closeReceived: true),
        PeerTransition(
            "a close between fragments leaves the message to the caller", given: [text("he", fin: false)], close(1000),
            .close(code: 1000, reason: []), after: (.text, 1), closeReceived: true),
    ]

    static let headerRules: [PeerTransition] = [
        PeerTransition(
            "an unmasked frame from a client breaks the rules", text("hi", masked: false),
            violation(1002, "sent an unmasked frame")),
        PeerTransition(
            "a masked frame from a server breaks the rules", client: false, text("hi"), violation(1002, "sent a masked frame")),
        PeerTransition(
            "reserved bits without an extension break the rules", frame(.text, Array("hi".utf8), rsv: true),
            violation(1002, "set reserved bits without a negotiated extension")),
        PeerTransition(
            "a reserved data opcode breaks the rules", frame(.reserved(3), []),
            violation(1002, "sent a frame with reserved opcode 3")),
        PeerTransition(
            "a reserved control opcode breaks the rules", frame(.reserved(0xB), [1]),
            violation(1002, "sent a frame with reserved opcode 11")),
        PeerTransition(
            "an unmasked ping from a client breaks the rules", frame(.ping, [], masked: false),
            violation(1002, "sent an unmasked frame")),
    ]
}
