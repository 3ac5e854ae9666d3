/// A broken RFC 6455 rule: the close code to answer with and what the peer did, as a phrase
/// that follows the peer's name ("client" + "sent an unmasked frame").
public struct ProtocolViolation: Equatable, Sendable {
    package var code: UInt16
    package var predicate: String

    /// The reason in words, for the close frame and the tape: "client sent an unmasked frame".
    package func reason(by peer: String) -> String { "\(peer) \(predicate)" }
}
