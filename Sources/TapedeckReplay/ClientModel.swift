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
    ///
    /// - Parameters:
    ///   - message: The decoded server message.
    ///   - time: The session's virtual time of the record.
    mutating func receive(_ message: ServerMessage, at time: VirtualTime)
    /// A message the client sent (c2s text record): its optimistic changes.
    ///
    /// - Parameters:
    ///   - message: The decoded client message.
    ///   - time: The session's virtual time of the record.
    mutating func send(_ message: ClientMessage, at time: VirtualTime)
    /// The socket opened, closed or failed (open, close and error records).
    ///
    /// - Parameters:
    ///   - event: What happened to the connection.
    ///   - time: The session's virtual time of the record.
    mutating func connectionChanged(_ event: ConnectionEvent, at time: VirtualTime)
}

extension ClientModel {
    /// Hands the decoded message to `receive` or `send`, a connection record to `connectionChanged`.
    ///
    /// - Parameters:
    ///   - record: The tape record (its input is already decoded).
    ///   - input: The record as the replayer decoded it.
    ///   - time: The session's virtual time of the record.
    /// - Returns: False for a marker, a passive record or a message that does not decode, which the model never sees.
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
    ///
    /// - Parameters:
    ///   - event: What happened on the socket; a message that does not decode is dropped.
    ///   - time: The session's virtual time of the event.
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
    /// Applies the server message to the state.
    ///
    /// - Parameters:
    ///   - message: The decoded server message.
    ///   - time: The session's virtual time of the record.
    public mutating func receive(_ message: ServerMessage, at time: VirtualTime) {
        _ = apply(message, at: time)
    }

    /// Applies the client's optimistic changes to the state.
    ///
    /// - Parameters:
    ///   - message: The decoded client message.
    ///   - time: The session's virtual time of the record.
    public mutating func send(_ message: ClientMessage, at time: VirtualTime) {
        _ = apply(message, at: time)
    }

    /// Applies the connection's change to the state.
    ///
    /// - Parameters:
    ///   - event: What happened to the connection.
    ///   - time: The session's virtual time of the record.
    public mutating func connectionChanged(_ event: ConnectionEvent, at time: VirtualTime) {
        apply(event, at: time)
    }
}
