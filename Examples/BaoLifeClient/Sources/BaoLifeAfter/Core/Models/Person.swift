import Foundation

/// A character: the player's own person or someone they know. Decoded from `playerObject.person`,
/// `playerObject.r`, `personObject` and `relationshipEvent.person`.
public struct Person: Codable, Identifiable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var lastName: String?
    public var sex: String?
    public var age: Int?
    public var birthday: String?
    public var image: String?
    public var status: String?
    public var mood: String?
    public var energy: Int?
    public var money: Int?
    public var diamonds: Int?
    public var affinity: Int?
    public var prestige: Int?
    public var happiness: Int?
    public var health: Int?
    public var intelligence: Int?
    public var bio: String?
    public var compatibilityScore: Int?
    public var currentEducation: String?
    public var interests: [String]?
    public var traits: [String]?

    public init(id: String = "", name: String = "") {
        self.id = id
        self.name = name
    }

    public var fullName: String {
        "\(name) \(lastName ?? "")".trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// This person with the fields present in `update` laid over it (`personObject` upserts):
    /// absent fields, empty names and empty lists keep their value.
    public func merging(_ update: Person) -> Person {
        var merged = self
        if !update.name.isEmpty { merged.name = update.name }
        if let value = update.lastName, !value.isEmpty { merged.lastName = value }
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
        if let value = update.interests, !value.isEmpty { merged.interests = value }
        if let value = update.traits, !value.isEmpty { merged.traits = value }
        return merged
    }
}

/// How the player relates to one of the people (`relData`).
public struct Relationship: Codable, Identifiable, Equatable, Sendable {
    public enum Kind: String, Codable, Sendable { case romantic, family, friend }

    public var personId: String
    public var kind: Kind
    public var status: String
    public var affinity: Int
    public var milestones: [String]?

    public var id: String { personId }
}

public struct SimplePerson: Codable, Identifiable, Equatable, Sendable {
    public var id: String
    public var name: String
    public var image: String?
}
