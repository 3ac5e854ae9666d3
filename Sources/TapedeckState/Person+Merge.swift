import TapedeckProtocol

extension Person {
    /// This person with the fields present in `update` laid over it (`personObject` upserts).
    /// Optional fields that are nil keep their value. The required `name` and `lastName` and the
    /// `interests` and `traits` lists are decoded as empty when absent, so empty counts as absent.
    ///
    /// - Parameter update: The server's person, with only some fields present.
    /// - Returns: The merged person; its `id` stays this person's.
    public func merging(_ update: Person) -> Person {
        var merged = self
        if !update.name.isEmpty { merged.name = update.name }
        if !update.lastName.isEmpty { merged.lastName = update.lastName }
        if let value = update.sex { merged.sex = value }
        if let value = update.age { merged.age = value }
        if let value = update.birthday { merged.birthday = value }
        if let value = update.image { merged.image = value }
        if let value = update.status { merged.status = value }
        if let value = update.mood { merged.mood = value }
        if let value = update.energy { merged.energy = value }
        if let value = update.money { merged.money = value }
        if let value = update.diamonds { merged.diamonds = value }
        if let value = update.affinity { merged.affinity = value }
        if let value = update.prestige { merged.prestige = value }
        if let value = update.happiness { merged.happiness = value }
        if let value = update.health { merged.health = value }
        if let value = update.intelligence { merged.intelligence = value }
        if let value = update.bio { merged.bio = value }
        if let value = update.compatibilityScore { merged.compatibilityScore = value }
        if let value = update.currentEducation { merged.currentEducation = value }
        if !update.interests.isEmpty { merged.interests = update.interests }
        if !update.traits.isEmpty { merged.traits = update.traits }
        return merged
    }

    /// "name lastName" without leading or trailing whitespace.
    public var fullName: String {
        let joined = "\(name) \(lastName)"
        let trimmedFront = joined.drop { $0.isWhitespace }
        var end = trimmedFront.endIndex
        while end > trimmedFront.startIndex {
            let before = trimmedFront.index(before: end)
            guard trimmedFront[before].isWhitespace else { break }
            end = before
        }
        return String(trimmedFront[trimmedFront.startIndex..<end])
    }
}
