import TapedeckCore
import TapedeckProtocol
import TapedeckState
import TapedeckTape

/// Client logic that a replay drives with every record as the client's socket saw it: the exact
/// bytes of each message in and out, open, close and error, at the tape's virtual time. The app's
/// own parsing runs on those bytes, so a message Tapedeck's typed decoder rejects still reaches it.
///
/// A value type or a class; for an app's main-actor view models whose updates land a hop later,
/// use `AppClientAdapter` in TapedeckTesting instead. `ClientModel` is the typed layer over this
/// protocol (Tapedeck's own `ClientState` is one).
public protocol SocketModel {
    /// What the model shows: any `Encodable`, compared as canonical JSON (`SnapshotJSON`).
    associatedtype Snapshot: Encodable

    /// One socket event: a message received or sent, the socket opening, closing or failing.
    ///
    /// - Parameters:
    ///   - event: What happened on the socket, with the message's exact bytes.
    ///   - time: The session's virtual time of the record.
    mutating func handle(_ event: SocketEvent, at time: VirtualTime)
    /// The state now; it must depend only on the state.
    ///
    /// - Returns: The model's state, as goldens and diffs compare it.
    func snapshot() -> Snapshot
    /// The model's rules that do not hold now (empty when consistent), called after every record
    /// handed to the model. Defaults to none.
    ///
    /// - Returns: The broken rules; empty when every rule holds.
    mutating func checkInvariants() -> [InvariantViolation]
    /// How the replayer hands a record over; returns whether the model was given anything. The
    /// default makes a `SocketEvent` and calls `handle`; `ClientModel` passes the message the
    /// replayer already decoded. Models implement `handle`, not this.
    ///
    /// - Parameters:
    ///   - record: The tape record, as the tape holds it.
    ///   - input: The record as the replayer decoded it.
    ///   - time: The session's virtual time of the record.
    /// - Returns: True when the model was given the record (false for a marker or a record it has no event for).
    mutating func replay(_ record: TapeRecord, decoded input: ReplayInput, at time: VirtualTime) -> Bool
}

extension SocketModel {
    /// No rules: a model that checks nothing is always consistent.
    ///
    /// - Returns: An empty list.
    public mutating func checkInvariants() -> [InvariantViolation] { [] }

    /// Makes a `SocketEvent` from the record's bytes and calls `handle`.
    ///
    /// - Parameters:
    ///   - record: The tape record.
    ///   - input: The record as the replayer decoded it (unused here).
    ///   - time: The session's virtual time of the record.
    /// - Returns: False for a record that is no socket event (a marker, ping, pong or note), which
    ///   `handle` never sees.
    public mutating func replay(_ record: TapeRecord, decoded input: ReplayInput, at time: VirtualTime) -> Bool {
        guard let event = SocketEvent(record) else { return false }
        handle(event, at: time)
        return true
    }

    /// The snapshot as the JSON that goldens, diffs and digests compare.
    ///
    /// - Returns: Canonical JSON of `snapshot()`.
    public func snapshotJSON() -> JSONValue { SnapshotJSON.value(of: snapshot()) }
}
