/// What the state machines need to know of a received WebSocket frame, without NIO: the channel
/// handlers translate NIO's `WebSocketFrame` into this and the unmasked payload as bytes.
/// Made for every frame, in another module: inlinable, and public for the reason
/// `WebSocketPeerMachine` gives.
public struct FrameHeader: Equatable, Sendable {
    @usableFromInline package var fin: Bool
    @usableFromInline package var opcode: FrameOpcode
    @usableFromInline package var isMasked: Bool
    /// Any of RSV1-3 set (no extension is ever negotiated, so each is an error).
    @usableFromInline package var hasReservedBits: Bool

    @inlinable
    package init(fin: Bool = true, opcode: FrameOpcode, isMasked: Bool, hasReservedBits: Bool = false) {
        self.fin = fin
        self.opcode = opcode
        self.isMasked = isMasked
        self.hasReservedBits = hasReservedBits
    }
}

/// A frame's opcode (RFC 6455 §5.2); the ten unassigned ones keep their number.
public enum FrameOpcode: Equatable, Sendable {
    case continuation, text, binary, close, ping, pong
    case reserved(UInt8)

    @inlinable
    package init(number: UInt8) {
        self =
            switch number {
            case 0x0: .continuation
            case 0x1: .text
            case 0x2: .binary
            case 0x8: .close
            case 0x9: .ping
            case 0xA: .pong
            default: .reserved(number)
            }
    }
}

/// Frames NIO's decoder refuses before a handler sees them, named without NIO.
package enum FrameDecodeError: Equatable, Sendable {
    /// A frame longer than the configured maximum.
    case frameTooLarge
    case fragmentedControlFrame
    /// A control frame whose payload is over 125 bytes.
    case longControlFrame
}
