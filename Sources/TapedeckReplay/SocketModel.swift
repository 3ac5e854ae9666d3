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
    mutating func handle(_ event: SocketEvent, at time: VirtualTime)
    /// The state now; it must depend only on the state.
    func snapshot() -> Snapshot
    /// The model's rules that do not hold now (empty when consistent), called after every record
    /// handed to the model. Defaults to none.
    mutating func checkInvariants() -> [InvariantViolation]
    /// How the replayer hands a record over; returns whether the model was given anything. The
    /// default makes a `SocketEvent` and calls `handle`; `ClientModel` passes the message the
    /// replayer already decoded. Models implement `handle`, not this.
    mutating func replay(_ record: TapeRecord, decoded input: ReplayInput, at time: VirtualTime) -> Bool
}

extension SocketModel {
    public mutating func checkInvariants() -> [InvariantViolation] { [] }

    public mutating func replay(_ record: TapeRecord, decoded input: ReplayInput, at time: VirtualTime) -> Bool {
        guard let event = SocketEvent(record) else { return false }
        handle(event, at: time)
        return true
    }

    /// The snapshot as the JSON that goldens, diffs and digests compare.
    public func snapshotJSON() -> JSONValue { SnapshotJSON.value(of: snapshot()) }
}
