import TapedeckProtocol
import TapedeckState

/// The client logic a replay drives: Tapedeck's `ClientState`, or the app's own state logic once
/// it is extracted from its view models. The replayer feeds it every record of a tape in order,
/// with the tape's virtual time, and compares its canonical snapshot with the goldens.
///
/// `snapshot()` must depend only on the state: canonical JSON of it is what goldens and digests
/// compare. Effects (what the client would send) are not part of the protocol because the tape
/// already holds what the client really sent.
public protocol ClientModel {
    /// A message from the server (s2c text record).
    mutating func receive(_ message: ServerMessage, at time: VirtualTime)
    /// A message the client sent (c2s text record): its optimistic changes.
    mutating func send(_ message: ClientMessage, at time: VirtualTime)
    /// The socket opened, closed or failed (open, close and error records).
    mutating func connectionChanged(_ event: ConnectionEvent, at time: VirtualTime)
    /// The state as JSON, the same for the same state on every machine.
    func snapshot() -> JSONValue
    /// The rules of the model that do not hold now (empty when consistent). Called after every
    /// record that may have changed the state, so it must be cheap; it is `mutating` so a model can
    /// remember what it already checked (as `ClientState.checkInvariants()` does). Defaults to none.
    mutating func checkInvariants() -> [InvariantViolation]
}

extension ClientModel {
    public mutating func checkInvariants() -> [InvariantViolation] { [] }
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
