import TapedeckCore
import TapedeckReplay
import TapedeckState

/// What every kind of adapter gives `AppReplay`: what the app shows, its rules, and when it is
/// settled. The two kinds differ in how the tape reaches the app: `AppSocketAdapter` (the app's own
/// socket code reads a `ReplaySocket`; the send check runs) and `AppClientAdapter` (the adapter
/// hands each event to the app's receive path, for apps without a socket seam).
@MainActor
public protocol AppUnderReplay: AnyObject {
    /// What the app shows: any `Encodable` (the app's own view state), compared as canonical JSON.
    associatedtype Snapshot: Encodable

    /// Returns once the work that the delivered events set off has landed in what `snapshot()`
    /// reads. Each kind of adapter has a default (see there).
    func settle() async
    /// What the app shows now.
    ///
    /// - Returns: The app's view state as it is now, settled.
    func snapshot() -> Snapshot
    /// The app's rules that do not hold now; empty when consistent. Defaults to none.
    ///
    /// - Returns: One violation per broken rule, each with its name and what is wrong.
    func checkInvariants() -> [InvariantViolation]
}

extension AppUnderReplay {
    /// No rules: an adapter that has some overrides this.
    ///
    /// - Returns: An empty list.
    public func checkInvariants() -> [InvariantViolation] { [] }

    /// The snapshot as the JSON that goldens, diffs and digests compare.
    ///
    /// - Returns: `snapshot()` encoded as a JSON tree (dates as ISO 8601 text); an object with a
    ///   `snapshotError` key when it cannot be encoded, which no golden matches.
    public func snapshotJSON() -> JSONValue { SnapshotJSON.value(of: snapshot()) }
}
