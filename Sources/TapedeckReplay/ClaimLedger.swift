import TapedeckProtocol
import TapedeckState

/// A rule of the message stream that no single state machine can see: the server's `claimResult`
/// answers a `claimEvent` the client sent earlier in the session. A result for an event the client
/// never claimed means the server (or the tape) is confused about which events exist; the state
/// rules ignore such a result, so without this check the replay would pass silently.
public struct ClaimLedger: Sendable, Equatable {
    /// The name the rule's violations carry.
    public static let invariantName = "claimResult.answersClaim"

    /// Event ids the client sent `claimEvent` for in this session.
    private var claimed: Set<String> = []

    /// A ledger with no claims: the start of a session.
    public init() {}

    /// Notes a claim the client sent; other messages change nothing.
    ///
    /// - Parameter message: A message the client sent.
    public mutating func noteSent(_ message: ClientMessage) {
        if case .claimEvent(let claim) = message { claimed.insert(claim.eventId) }
    }

    /// The violation a server message causes, if any.
    ///
    /// - Parameter message: A message from the server.
    /// - Returns: A violation for a `claimResult` whose event the client never claimed; nil otherwise.
    public func check(_ message: ServerMessage) -> InvariantViolation? {
        guard case .claimResult(let result) = message, !claimed.contains(result.eventId) else { return nil }
        return InvariantViolation(
            name: Self.invariantName,
            message: "claimResult (accepted: \(result.accepted)) for event \"\(result.eventId)\", "
                + "but the client sent no claimEvent for it in this session")
    }
}
