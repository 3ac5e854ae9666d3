/// One line of a conversation between the player and a person.
public struct ConversationMessage: Sendable, Equatable {
    public var id: String
    /// "player", or the id of the person who wrote it.
    public var sender: String
    public var text: String
    /// Sentiment from -1 (negative) to 1 (positive), when the server analysed it.
    public var sentiment: Double?

    public init(id: String, sender: String, text: String, sentiment: Double? = nil) {
        self.id = id; self.sender = sender; self.text = text; self.sentiment = sentiment
    }
}

/// A conversation thread with one person (`playerObject.activeConversations`).
public struct Conversation: Sendable, Equatable {
    public var id: String
    public var personId: String
    public var messages: [ConversationMessage]

    public init(id: String, personId: String, messages: [ConversationMessage]) {
        self.id = id; self.personId = personId; self.messages = messages
    }
}
