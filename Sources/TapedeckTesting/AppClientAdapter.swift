import TapedeckReplay
import TapedeckState

/// The app's own client code under replay for an app without a socket seam: the adapter hands each
/// record of a tape, exactly as the app's socket saw it, to the app's receive path. Prefer
/// `AppSocketAdapter` where the app can take a `ReplaySocket`: only then do its socket loop and
/// its sends run, and get checked.
///
/// After each event the replayer awaits `settle()` before it takes a snapshot or checks
/// invariants: the app is *settled* when every update that the delivered events set off has landed
/// in the state `snapshot()` reads. The default waits for a few round trips through the main queue
/// and the main actor, enough for work that hops to the main thread up to four times in a row;
/// an adapter whose app goes further (a background queue, a debounce) overrides `settle()` and
/// returns when it knows the work is done (a counter of pending updates, say).
@MainActor
public protocol AppClientAdapter: AppUnderReplay {
    /// Hands one socket event to the app's code as its socket would: a message received goes to
    /// the service's receive path; `.sent` records are what the real client sent at that point,
    /// which an adapter uses to perform the user action that sent them (claim an event, answer a
    /// question), or ignores. The app's own sends must be captured, never reach a network.
    ///
    /// - Parameters:
    ///   - event: The record as the socket saw it: opened, a message received or sent, a close
    ///     or a failure.
    ///   - time: The record's virtual time: nanoseconds since the session started, from the tape.
    func handle(_ event: SocketEvent, at time: VirtualTime)
}

extension AppClientAdapter {
    /// Waits for a few round trips through the main queue and the main actor: enough for an app
    /// whose work hops to the main thread up to four times in a row.
    public func settle() async { await Settling.mainQueue() }
}
