import Testing

@testable import TapedeckWebSocket

/// One row of `WebSocketPeerMachine`'s transition table: the peer (a client, whose frames must be
/// masked, or a server), the frames it sent before, the frame under test, what the machine makes
/// of it, and the message under way afterwards (its kind and how many frames it has).
struct PeerTransition: Sendable, CustomTestStringConvertible {
    typealias Frame = (header: FrameHeader, payload: [UInt8])

    var name: String
    var peerIsClient: Bool
    var given: [Frame]
    var frame: Frame
    var received: WebSocketPeerMachine.Received
    var after: (kind: WebSocketPeerMachine.MessageKind?, fragments: Int)?
    var closeReceived: Bool

    init(
        _ name: String, client: Bool = true, given: [Frame] = [], _ frame: Frame, _ received: WebSocketPeerMachine.Received,
        after: (kind: WebSocketPeerMachine.MessageKind?, fragments: Int)? = nil, closeReceived: Bool = false
    ) {
        self.name = name
        self.peerIsClient = client
        self.given = given
        self.frame = frame
        self.received = received
        self.after = after
        self.closeReceived = closeReceived
    }

    var testDescription: String { name }

    /// The message size limit of every row's machine.
    static let limit = 16

    static func machine(client: Bool) -> WebSocketPeerMachine {
        WebSocketPeerMachine(isClient: client, maxMessageBytes: limit)
    }

    // Shorthands for the table: frames as a client sends them (masked) unless `masked` says otherwise.

    static func text(_ text: String, fin: Bool = true, masked: Bool = true) -> Frame {
        (FrameHeader(fin: fin, opcode: .text, isMasked: masked), Array(text.utf8))
    }

    static func frame(_ opcode: FrameOpcode, _ payload: [UInt8], fin: Bool = true, masked: Bool = true, rsv: Bool = false)
        -> Frame
    {
        (FrameHeader(fin: fin, opcode: opcode, isMasked: masked, hasReservedBits: rsv), payload)
    }

    static func close(_ code: UInt16, _ reason: String = "") -> Frame {
        frame(.close, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8))
    }

    static func completed(_ kind: WebSocketPeerMachine.MessageKind, _ bytes: [UInt8], fragments: Int = 1)
        -> WebSocketPeerMachine.Received
    {
        .data(completed: WebSocketPeerMachine.Message(kind: kind, bytes: bytes, fragmentCount: fragments))
    }

    static func completed(_ text: String, fragments: Int = 1) -> WebSocketPeerMachine.Received {
        completed(.text, Array(text.utf8), fragments: fragments)
    }

    static func violation(_ code: UInt16, _ predicate: String, unfinished: WebSocketPeerMachine.Message? = nil)
        -> WebSocketPeerMachine.Received
    {
        .violation(ProtocolViolation(code: code, predicate: predicate), unfinished: unfinished)
    }
}
