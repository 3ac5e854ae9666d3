import TapedeckReplay
import TapedeckState

/// The app's own client code under replay: what an app's test target writes around its WebSocket
/// service and view models (main-actor classes whose updates may land a hop later, through
/// Combine's `receive(on:)`, a `Task`, or an observation callback). `AppReplay` drives it with
/// every record of a tape, exactly as the app's socket saw it, and compares what it shows with
/// goldens.
///
/// After each event the replayer awaits `settle()` before it takes a snapshot or checks
/// invariants: the app is *settled* when every update that the delivered events set off has landed
/// in the state `snapshot()` reads. The default waits for a few round trips through the main queue
/// and the main actor, enough for work that hops to the main thread up to four times in a row;
/// an adapter whose app goes further (a background queue, a debounce) overrides `settle()` and
/// returns when it knows the work is done (a counter of pending updates, say).
@MainActor
public protocol AppClientAdapter: AnyObject {
    /// What the app shows: any `Encodable` (the app's own view state), compared as canonical JSON.
    associatedtype Snapshot: Encodable

    /// Hands one socket event to the app's code as its socket would: a message received goes to
    /// the service's receive path; `.sent` records are what the real client sent at that point,
    /// which an adapter uses to perform the user action that sent them (claim an event, answer a
    /// question), or ignores. The app's own sends must be captured, never reach a network.
    func handle(_ event: SocketEvent, at time: VirtualTime)
    /// Returns once the work that the delivered events set off has landed (see above).
    func settle() async
    /// What the app shows now.
    func snapshot() -> Snapshot
    /// The app's rules that do not hold now; empty when consistent. Defaults to none.
    func checkInvariants() -> [InvariantViolation]
}

extension AppClientAdapter {
    public func settle() async { await Settling.mainQueue() }
    public func checkInvariants() -> [InvariantViolation] { [] }

    /// The snapshot as the JSON that goldens, diffs and digests compare.
    public func snapshotJSON() -> JSONValue { SnapshotJSON.value(of: snapshot()) }
}
