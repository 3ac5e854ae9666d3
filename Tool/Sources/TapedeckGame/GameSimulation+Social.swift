import TapedeckProtocol

/// Conversations, habits and focus.
extension GameSimulation {
    private static let positiveWords = ["love", "thanks", "thank", "great", "fun", "miss", "happy", "awesome", "nice"]
    private static let negativeWords = ["hate", "angry", "sad", "sorry", "bad", "annoyed", "tired", "boring"]
    private static let warmReplies = [
        "That made my day!", "Aww, you're the best.", "Haha, same here!", "Let's hang out soon!",
    ]
    private static let neutralReplies = [
        "Oh really? Tell me more.", "Hmm, I see.", "What are you up to today?", "Sounds good.",
    ]
    private static let coolReplies = [
        "That's not nice to hear.", "Are you okay?", "Let's talk about it later.", "Wow. Okay.",
    ]

    /// A crude sentiment in -1...1 from keywords, so the reply and the affinity change follow the text.
    static func sentiment(of text: String) -> Double {
        let words = text.lowercased().split { !$0.isLetter }.map(String.init)
        let score = words.filter(positiveWords.contains).count - words.filter(negativeWords.contains).count
        return score > 0 ? 0.8 : (score < 0 ? -0.6 : 0.1)
    }

    /// Answers with the person's reply as a `conversationEvent` (the player's own line is kept in the
    /// conversation, not echoed back).
    mutating func sendMessage(_ message: SendMessage) -> [ServerMessage] {
        guard world.relationshipIndex(message.personId) != nil, let person = world.person(message.personId) else {
            return [failure(.serverError, "unknown person \(message.personId): you can only write to people you know")]
        }
        let conversationIndex: Int
        if let index = world.conversations.firstIndex(where: { $0.personId == person.id }) {
            conversationIndex = index
        } else {
            world.conversations.append(Conversation(id: ids.next("conversation"), personId: person.id, messages: []))
            conversationIndex = world.conversations.count - 1
        }
        let sentiment = Self.sentiment(of: message.text)
        let own = ConversationMessage(
            id: ids.next("message"), sender: "player", text: message.text,
            sentiment: sentiment)
        let replies = sentiment > 0.5 ? Self.warmReplies : (sentiment < 0 ? Self.coolReplies : Self.neutralReplies)
        let reply = ConversationMessage(
            id: ids.next("message"), sender: person.id, text: rng.pick(replies),
            sentiment: sentiment > 0.5 ? 0.7 : (sentiment < 0 ? -0.3 : 0.2))
        world.conversations[conversationIndex].messages += [own, reply]
        world.changeAffinity(of: person.id, by: sentiment > 0.5 ? 2 : (sentiment < 0 ? -2 : 1))
        world.questCounters[.messages, default: 0] += 1
        return [
            .conversationEvent(
                ConversationEvent(
                    conversationId: world.conversations[conversationIndex].id, personId: person.id, message: reply))
        ]
    }

    /// Starting to quit costs 5 happiness (withdrawal); giving up gives 2 back. Answers the player's `personObject`.
    mutating func changeHabit(_ habitId: String, quitting: Bool) -> [ServerMessage] {
        guard let index = world.habits.firstIndex(where: { $0.id == habitId }) else {
            let known = world.habits.map(\.id).joined(separator: ", ")
            return [failure(.serverError, "unknown habit \(habitId) (habits: \(known))")]
        }
        let wasQuitting = world.habits[index].status == .quitting
        world.habits[index].status = quitting ? .quitting : .active
        world.habits[index].quitDays = quitting && wasQuitting ? world.habits[index].quitDays : 0
        if quitting != wasQuitting {
            let change = quitting ? -5 : 2
            world.player.happiness = max(0, min(100, (world.player.happiness ?? 50) + change))
        }
        return [.personObject(currentPlayer())]
    }

    /// Selects a focus; answers a `batch_update` (the focus trains its stat by 1 each game day).
    mutating func setFocus(_ focusId: String) -> [ServerMessage] {
        guard world.focuses.contains(where: { $0.id == focusId }) else {
            let known = world.focuses.map(\.id).joined(separator: ", ")
            return [failure(.serverError, "unknown focus \(focusId) (focuses: \(known))")]
        }
        for index in world.focuses.indices {
            world.focuses[index].selected = world.focuses[index].id == focusId
        }
        return [batchUpdate()]
    }
}
