import TapedeckCore

/// One peer of a WebSocket connection as the side receiving from it sees it: checks each frame
/// the peer sends against RFC 6455 (opcodes, masking by direction, reserved bits, fragments in
/// order, the message size limit, UTF-8 in text, the close payload), joins fragments into
/// messages, and keeps the two flags of the closing handshake. The one implementation of fragment
/// and close handling: the proxy's `RelayStateMachine` holds one per side, and the reference
/// server's and `WebSocketClient`'s `WebSocketEndpointMachine` holds one for its peer.
///
/// The type is public, its members package (no product vends this target): Swift 6.3 does not
/// inline a package type's `@inlinable` methods and initialisers into another module (mutating
/// ones, or on a struct of more than one field), and the proxy calls `receive` for every frame
/// from TapedeckProxy (issue 33, third round). The same holds for `FrameHeader`.
public struct WebSocketPeerMachine: Sendable {
    /// Whether the peer is a client, whose frames must be masked (RFC 6455 §5.3); a server's must not.
    @usableFromInline package let isClient: Bool
    @usableFromInline package let maxMessageBytes: Int
    /// The message whose frames are arriving, nil between messages.
    @usableFromInline package internal(set) var messageKind: MessageKind?
    /// Its bytes so far; only filled once it turns out to have more than one frame.
    private var message: [UInt8] = []
    @usableFromInline package internal(set) var fragmentCount = 0
    /// The text message being received, checked fragment by fragment (1007 at the first bad byte).
    @usableFromInline var text = UTF8Validator()
    /// A close frame went to this peer.
    package private(set) var closeSent = false
    /// This peer sent a close frame.
    package private(set) var closeReceived = false

    public enum MessageKind: Equatable, Sendable { case text, binary }

    /// A whole message, or the part of one received before it broke a rule.
    public struct Message: Equatable, Sendable {
        @usableFromInline package var kind: MessageKind
        @usableFromInline package var bytes: [UInt8]
        @usableFromInline package var fragmentCount: Int

        @inlinable
        package init(kind: MessageKind, bytes: [UInt8], fragmentCount: Int) {
            self.kind = kind
            self.bytes = bytes
            self.fragmentCount = fragmentCount
        }
    }

    /// What a received frame turned out to be.
    public enum Received: Equatable, Sendable {
        /// A text, binary or continuation frame that keeps the rules; the message once this was its last frame.
        case data(completed: Message?)
        case ping([UInt8])
        case pong([UInt8])
        /// A valid close frame: its code (nil when it had none) and reason bytes.
        case close(code: UInt16?, reason: [UInt8])
        /// A close frame whose payload breaks the rules (it still counts as the peer's close).
        case invalidClose(code: UInt16?, reason: [UInt8], ProtocolViolation)
        /// A frame that breaks the rules; for text that is not UTF-8, the message so far, this frame included.
        case violation(ProtocolViolation, unfinished: Message?)
    }

    package init(isClient: Bool, maxMessageBytes: Int) {
        self.isClient = isClient
        self.maxMessageBytes = maxMessageBytes
    }

    package var name: String { isClient ? "client" : "server" }

    /// What a frame from the peer is. The common case, a whole text or binary message in one frame
    /// that keeps every rule, is decided here, inlined into the caller: the proxy calls this for
    /// every frame from another module, where a call could not be inlined and the `Received` it
    /// returns was copied and destroyed through outlined functions (issue 33, third round).
    /// Everything else, and a text frame that is not UTF-8, takes `receiveFrame`; both leave the
    /// machine in the same state for the same frame.
    @inlinable @inline(__always)
    package mutating func receive(_ header: FrameHeader, payload: [UInt8]) -> Received {
        if header.fin, messageKind == nil, header.isMasked == isClient, !header.hasReservedBits,
            payload.count <= maxMessageBytes
        {
            switch header.opcode {
            case .binary:
                fragmentCount = 1
                text = UTF8Validator()
                return .data(completed: Message(kind: .binary, bytes: payload, fragmentCount: 1))
            case .text:
                var validator = UTF8Validator()
                if payload.withUnsafeBufferPointer({ validator.feed($0) }), validator.isComplete {
                    fragmentCount = 1
                    text = validator
                    return .data(completed: Message(kind: .text, bytes: payload, fragmentCount: 1))
                }
            default: break
            }
        }
        return receiveFrame(header, payload: payload)
    }

    /// `receive` for any frame: every rule checked in order.
    @usableFromInline
    mutating func receiveFrame(_ header: FrameHeader, payload: [UInt8]) -> Received {
        if let violation = check(header) { return .violation(violation, unfinished: nil) }
        switch header.opcode {
        case .text, .binary, .continuation:
            return receiveData(header, payload: payload)
        case .ping:
            return .ping(payload)
        case .pong:
            return .pong(payload)
        case .close:
            closeReceived = true
            let code = payload.count >= 2 ? UInt16(payload[0]) << 8 | UInt16(payload[1]) : nil
            let reason = payload.count >= 2 ? Array(payload[2...]) : payload
            if let violation = Self.closePayloadViolation(payload) {
                return .invalidClose(
                    code: code, reason: reason,
                    ProtocolViolation(code: violation.code, predicate: "sent a \(violation.reason)"))
            }
            return .close(code: code, reason: reason)
        case .reserved(let number):
            return .violation(
                ProtocolViolation(code: 1002, predicate: "sent a frame with reserved opcode \(number)"), unfinished: nil)
        }
    }

    /// The rules a frame's header must keep whatever its payload.
    private func check(_ header: FrameHeader) -> ProtocolViolation? {
        if case .reserved(let number) = header.opcode {
            return ProtocolViolation(code: 1002, predicate: "sent a frame with reserved opcode \(number)")
        }
        if isClient && !header.isMasked { return ProtocolViolation(code: 1002, predicate: "sent an unmasked frame") }
        if !isClient && header.isMasked { return ProtocolViolation(code: 1002, predicate: "sent a masked frame") }
        if header.hasReservedBits {
            return ProtocolViolation(code: 1002, predicate: "set reserved bits without a negotiated extension")
        }
        if header.opcode == .continuation && messageKind == nil {
            return ProtocolViolation(code: 1002, predicate: "sent a continuation frame outside a fragmented message")
        }
        if (header.opcode == .text || header.opcode == .binary) && messageKind != nil {
            return ProtocolViolation(code: 1002, predicate: "started a new message inside a fragmented one")
        }
        return nil
    }

    private mutating func receiveData(_ header: FrameHeader, payload: [UInt8]) -> Received {
        if header.opcode != .continuation {
            message.removeAll(keepingCapacity: true)
            messageKind = header.opcode == .text ? .text : .binary
            fragmentCount = 0
            text = UTF8Validator()
        }
        guard let kind = messageKind else { return .data(completed: nil) }
        guard message.count + payload.count <= maxMessageBytes else {
            abandonMessage()
            return .violation(
                ProtocolViolation(code: 1009, predicate: "sent a message over \(maxMessageBytes) bytes"), unfinished: nil)
        }
        fragmentCount += 1
        if kind == .text, !payload.withUnsafeBufferPointer({ text.feed($0) }) || (header.fin && !text.isComplete) {
            let unfinished = Message(kind: .text, bytes: message + payload, fragmentCount: fragmentCount)
            abandonMessage()
            return .violation(
                ProtocolViolation(code: 1007, predicate: "sent a text message that is not valid UTF-8"),
                unfinished: unfinished)
        }
        if header.fin && fragmentCount == 1 {
            // The common case: one frame, passed on without copying into the buffer.
            messageKind = nil
            return .data(completed: Message(kind: kind, bytes: payload, fragmentCount: 1))
        }
        message.append(contentsOf: payload)
        guard header.fin else { return .data(completed: nil) }
        let completed = Message(kind: kind, bytes: message, fragmentCount: fragmentCount)
        message = []
        messageKind = nil
        return .data(completed: completed)
    }

    /// Forgets the message under way (the connection is closing, or it broke a rule).
    package mutating func abandonMessage() {
        message = []
        messageKind = nil
    }

    /// Notes a close frame from the peer that is not checked further (the answer to ours after it broke a rule).
    package mutating func closeArrived() {
        closeReceived = true
    }

    /// Notes that a close frame goes to this peer; false when one already went.
    package mutating func sendingClose() -> Bool {
        guard !closeSent else { return false }
        closeSent = true
        return true
    }

    /// The close code and reason for a frame NIO's decoder refused.
    package func violation(for error: FrameDecodeError) -> ProtocolViolation {
        switch error {
        case .frameTooLarge: ProtocolViolation(code: 1009, predicate: "sent a frame over \(maxMessageBytes) bytes")
        case .fragmentedControlFrame: ProtocolViolation(code: 1002, predicate: "sent a fragmented control frame")
        case .longControlFrame: ProtocolViolation(code: 1002, predicate: "sent a control frame over 125 bytes")
        }
    }

    /// What is wrong with a received close frame's payload, as the close code to answer with
    /// (1002, 1007) and a reason; nil when it is valid (empty, or a valid code and UTF-8 reason).
    package static func closePayloadViolation(_ payload: [UInt8]) -> (code: UInt16, reason: String)? {
        guard !payload.isEmpty else { return nil }
        guard payload.count >= 2 else { return (1002, "close frame with a 1-byte payload (a close code takes 2 bytes)") }
        let code = UInt16(payload[0]) << 8 | UInt16(payload[1])
        guard WebSocketRules.mayTravel(closeCode: code) else {
            return (1002, "close code \(code) may not be sent in a close frame")
        }
        var reason = UTF8Validator()
        guard reason.feed(payload[2...]), reason.isComplete else { return (1007, "close reason is not valid UTF-8") }
        return nil
    }

    /// The payload of a close frame we send: the code and the reason cut to fit a control frame
    /// (125 bytes) on a character boundary; empty without a code.
    package static func closePayload(code: UInt16?, reason: String) -> [UInt8] {
        guard let code else { return [] }
        var payload = [UInt8(code >> 8), UInt8(code & 0xFF)]
        for character in reason {
            guard payload.count + character.utf8.count <= 125 else { break }
            payload.append(contentsOf: character.utf8)
        }
        return payload
    }
}
