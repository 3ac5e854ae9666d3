/// Names, interests and traits the simulation draws people from.
package enum NamePool {
    package static let femaleNames = [
        "Mia", "Ava", "Lena", "Sofia", "Hana", "Chloe", "Nora", "Iris", "Maya", "Zoe", "Elena", "Aiko",
    ]
    package static let maleNames = [
        "Leo", "Noah", "Kai", "Mateo", "Ethan", "Omar", "Lucas", "Felix", "Ravi", "Theo", "Jonas", "Ken",
    ]
    package static let lastNames = [
        "Nguyen", "Garcia", "Okafor", "Tanaka", "Rossi", "Novak", "Silva", "Kim", "Larsen", "Haddad",
        "Dubois", "Moreau", "Patel", "Walsh",
    ]
    package static let interests = [
        "music", "hiking", "cooking", "gaming", "reading", "travel", "art", "fitness", "movies", "photography",
        "dancing", "coding",
    ]
    package static let traits = [
        "kind", "curious", "ambitious", "funny", "shy", "loyal", "creative", "stubborn", "optimistic", "calm",
    ]
    package static let bios = [
        "Coffee first, adventures second.",
        "Looking for someone to share playlists with.",
        "Weekend hiker, weekday dreamer.",
        "I will cook for you if you do the dishes.",
        "Ask me about my favourite book.",
        "Probably planning my next trip.",
    ]
}
