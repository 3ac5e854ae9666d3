/// Who last wrote a resource (energy, money, diamonds). The server may set any value, even a
/// negative one; the client's own optimistic changes never go below zero, so a negative value
/// written by the client is a bug the invariants report.
public enum ResourceWriter: String, Sendable, Equatable, CaseIterable {
    /// The app's defaults, or an optimistic change made by the client.
    case client
    /// A `u`, `batch_update`, `playerObject`, `personObject` or `purchaseResult` from the server.
    case server
}
