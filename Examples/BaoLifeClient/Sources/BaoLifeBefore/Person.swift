import Foundation

/// A character: the player's own person or someone they know (the server's `r` list).
/// Built from the server's dictionaries; `personObject` updates are laid over an existing person.
public final class Person: Identifiable, Hashable {
    public var id: String = ""
    public var name: String = ""
    public var lastName: String = ""
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
    public var interests: [String] = []
    public var traits: [String] = []

    public init() {}

    public convenience init(json: [String: Any]) {
        self.init()
        update(with: json)
    }

    /// Lays the fields present in `json` over this person. Absent (or null) fields keep their
    /// value, and so do empty names and lists.
    public func update(with json: [String: Any]) {
        if let value = json["id"] as? String { id = value }
        if let value = json["name"] as? String, !value.isEmpty { name = value }
        if let value = json["lastName"] as? String, !value.isEmpty { lastName = value }
        if let value = json["sex"] as? String { sex = value }
        if let value = json["age"] as? Int { age = value }
        if let value = json["birthday"] as? String { birthday = value }
        if let value = json["image"] as? String { image = value }
        if let value = json["status"] as? String { status = value }
        if let value = json["mood"] as? String { mood = value }
        if let value = json["energy"] as? Int { energy = value }
        if let value = json["money"] as? Int { money = value }
        if let value = json["diamonds"] as? Int { diamonds = value }
        if let value = json["affinity"] as? Int { affinity = value }
        if let value = json["prestige"] as? Int { prestige = value }
        if let value = json["happiness"] as? Int { happiness = value }
        if let value = json["health"] as? Int { health = value }
        if let value = json["intelligence"] as? Int { intelligence = value }
        if let value = json["bio"] as? String { bio = value }
        if let value = json["compatibilityScore"] as? Int { compatibilityScore = value }
        if let value = json["currentEducation"] as? String { currentEducation = value }
        if let value = json["interests"] as? [String], !value.isEmpty { interests = value }
        if let value = json["traits"] as? [String], !value.isEmpty { traits = value }
    }

    /// A new instance with the same fields, so a change can be published as a new value.
    public func copy() -> Person {
        let other = Person()
        other.id = id
        other.name = name
        other.lastName = lastName
        other.sex = sex
        other.age = age
        other.birthday = birthday
        other.image = image
        other.status = status
        other.mood = mood
        other.energy = energy
        other.money = money
        other.diamonds = diamonds
        other.affinity = affinity
        other.prestige = prestige
        other.happiness = happiness
        other.health = health
        other.intelligence = intelligence
        other.bio = bio
        other.compatibilityScore = compatibilityScore
        other.currentEducation = currentEducation
        other.interests = interests
        other.traits = traits
        return other
    }

    public var fullName: String { "\(name) \(lastName)".trimmingCharacters(in: .whitespacesAndNewlines) }

    public static func == (lhs: Person, rhs: Person) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// How the player relates to one of the people (`relData`).
public struct Relationship: Identifiable {
    public var personId: String
    public var kind: String // "romantic", "family", "friend"
    public var status: String
    public var affinity: Int
    public var milestones: [String]

    public var id: String { personId }

    public init?(json: [String: Any]) {
        guard let personId = json["personId"] as? String else { return nil }
        self.personId = personId
        kind = json["kind"] as? String ?? "friend"
        status = json["status"] as? String ?? ""
        affinity = json["affinity"] as? Int ?? 0
        milestones = json["milestones"] as? [String] ?? []
    }

    public init(personId: String, kind: String, status: String, affinity: Int, milestones: [String]) {
        self.personId = personId
        self.kind = kind
        self.status = status
        self.affinity = affinity
        self.milestones = milestones
    }
}
