import TapedeckCore
import TapedeckProtocol
import TapedeckState
import TapedeckTape

/// The typed layer over `SocketModel`: client logic that takes messages Tapedeck has decoded
/// (`ServerMessage`, `ClientMessage`) rather than bytes. Tapedeck's `ClientState` is one; the
/// replayer decodes each message once and calls `receive` or `send`. A message that does not
/// decode is not applied (the replay reports it), so a typed model never sees it: models of an
/// app's own code should take the bytes (`SocketModel`).
///
/// `snapshot()` must depend only on the state: canonical JSON of it is what goldens and digests
/// compare. Effects (what the client would send) are not part of the protocol because the tape
/// already holds what the client really sent.
public protocol ClientModel: SocketModel where Snapshot == JSONValue {
    /// A message from the server (s2c text record).
    mutating func receive(_ message: ServerMessage, at time: VirtualTime)
    /// A message the client sent (c2s text record): its optimistic changes.
    mutating func send(_ message: ClientMessage, at time: VirtualTime)
    /// The socket opened, closed or failed (open, close and error records).
    mutating func connectionChanged(_ event: ConnectionEvent, at time: VirtualTime)
}

extension ClientModel {
    public mutating func replay(_ record: TapeRecord, decoded input: ReplayInput, at time: VirtualTime) -> Bool {
        switch input {
        case .server(let message): receive(message, at: time)
        case .client(let message): send(message, at: time)
        case .connection(let event): connectionChanged(event, at: time)
        case .marker, .passive, .undecodable: return false
        }
        return true
    }

    /// A typed model handed raw socket events decodes them as the replayer would.
    public mutating func handle(_ event: SocketEvent, at time: VirtualTime) {
        switch event {
        case .opened: connectionChanged(.opened, at: time)
        case .closed(let code, let reason): connectionChanged(.closed(code: code, reason: reason), at: time)
        case .failed(let reason): connectionChanged(.failed(reason), at: time)
        case .received(let message):
            if message.isText, let decoded = try? ServerMessage.decode(message.bytes) { receive(decoded, at: time) }
        case .sent(let message):
            if message.isText, let decoded = try? ClientMessage.decode(message.bytes) { send(decoded, at: time) }
        }
    }
}

extension ClientState: ClientModel {
    public mutating func receive(_ message: ServerMessage, at time: VirtualTime) {
        _ = apply(message, at: time)
    }

    public mutating func send(_ message: ClientMessage, at time: VirtualTime) {
        _ = apply(message, at: time)
    }

    public mutating func connectionChanged(_ event: ConnectionEvent, at time: VirtualTime) {
        apply(event, at: time)
    }
}
