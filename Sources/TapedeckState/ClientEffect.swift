import TapedeckProtocol

/// What the client does in answer to a message, besides changing its state: a message it sends
/// on its own, or something it shows. The state machines never perform these; callers do.
public enum ClientEffect: Sendable, Equatable {
    /// A message the client sends by itself (the automatic claim of a negative life event).
    case send(ClientMessage)
    /// A question became the current one and is shown.
    case showQuestion(id: String)
    /// A relationship milestone is shown in its modal.
    case showRelationshipMilestone(personId: String, milestone: String)
    case toast(Toast)
}
