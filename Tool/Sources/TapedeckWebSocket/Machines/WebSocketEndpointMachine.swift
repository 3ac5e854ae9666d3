/// One end of a WebSocket connection that reads whole messages (the reference server, and
/// `WebSocketClient`): its peer's frames checked and joined by `WebSocketPeerMachine`, pings
/// answered, the closing handshake run in both directions. `WebSocketMessageAggregator` turns
/// channel events into these calls and performs the returned actions.
package struct WebSocketEndpointMachine: Sendable {
    package enum Action: Equatable, Sendable {
        /// Hand a whole message to the next handler.
        case deliver(WebSocketMessage)
        case sendPong([UInt8])
        /// Tell the next handler a pong arrived (clients use ping/pong as a barrier).
        case pongReceived([UInt8])
        /// Tell the next handler the peer sent a close frame (with its code, nil when it had none).
        case peerClosed(code: UInt16?)
        /// Send our close frame (nil code: an empty payload).
        case sendClose(code: UInt16?, reason: String)
        /// Close the channel once the close frame is written (the peer's close already came).
        case closeAfterWrite
        /// Wait at most the grace period for the peer's answer, then close the channel.
        case startGraceTimer
        /// Close the channel now (the peer answered our close frame).
        case closeChannel
    }

    package private(set) var peer: WebSocketPeerMachine

    /// `isClient`: this end is a client, so its peer is a server.
    package init(isClient: Bool, maxMessageBytes: Int) {
        peer = WebSocketPeerMachine(isClient: !isClient, maxMessageBytes: maxMessageBytes)
    }

    /// Writes are refused after our close frame: nothing may follow it.
    package var acceptsWrites: Bool { !peer.closeSent }

    package mutating func received(_ header: FrameHeader, payload: [UInt8]) -> [Action] {
        let received = peer.receive(header, payload: payload)
        if peer.closeSent {
            // Closing: only the peer's answer and pongs still matter.
            switch received {
            case .close(let code, _), .invalidClose(let code, _, _): return [.peerClosed(code: code), .closeChannel]
            case .pong(let payload): return [.pongReceived(payload)]
            default: return []
            }
        }
        switch received {
        case .data(let completed):
            guard let completed else { return [] }
            return [.deliver(completed.kind == .text ? .text(completed.bytes) : .binary(completed.bytes))]
        case .ping(let payload):
            return [.sendPong(payload)]
        case .pong(let payload):
            return [.pongReceived(payload)]
        case .close(let code, _):
            // Echo the peer's code (none when it sent none: 1005 never goes on the wire), then close.
            return [.peerClosed(code: code)] + sendClose(code: code, reason: "", thenDisconnect: true)
        case .invalidClose(_, _, let violation):
            // Answered with the error instead of an echo; the peer already said goodbye, so no wait.
            return sendClose(code: violation.code, reason: violation.reason(by: peer.name), thenDisconnect: true)
        case .violation(let violation, _):
            return sendClose(code: violation.code, reason: violation.reason(by: peer.name))
        }
    }

    /// NIO's decoder refused a frame: answered with a close frame, the connection kept open.
    package mutating func decodeFailed(_ error: FrameDecodeError) -> [Action] {
        let violation = peer.violation(for: error)
        return sendClose(code: violation.code, reason: violation.reason(by: peer.name))
    }

    /// The next handler asked to close (`WebSocketCloseRequest`). 1005, 1006 and the other codes
    /// that may not travel become a close frame without a code.
    package mutating func closeRequested(code: UInt16, reason: String) -> [Action] {
        sendClose(code: WebSocketRules.mayTravel(closeCode: code) ? code : nil, reason: reason)
    }

    private mutating func sendClose(code: UInt16?, reason: String, thenDisconnect: Bool = false) -> [Action] {
        guard peer.sendingClose() else { return [] }
        peer.abandonMessage()
        return [.sendClose(code: code, reason: reason), thenDisconnect ? .closeAfterWrite : .startGraceTimer]
    }
}
