/// A character: the player's own person or anyone they know (`personObject`, `playerObject.person`,
/// `playerObject.r`). Stats are 0–100 unless noted; absent fields keep their previous value on upsert.
public struct Person: Sendable, Equatable {
    public var id: String
    public var name: String
    public var lastName: String
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
    public var interests: [String]
    public var traits: [String]
    /// Gives the decoder the compiler-made memberwise initialiser (see `MemberwiseInit`).
    let memberwise: MemberwiseInit
}

extension Person {
    public init(
        id: String, name: String, lastName: String = "", sex: String? = nil, age: Int? = nil,
        birthday: String? = nil, image: String? = nil, status: String? = nil, mood: String? = nil,
        energy: Int? = nil, money: Int? = nil, diamonds: Int? = nil, affinity: Int? = nil,
        prestige: Int? = nil, happiness: Int? = nil, health: Int? = nil, intelligence: Int? = nil,
        bio: String? = nil, compatibilityScore: Int? = nil, currentEducation: String? = nil,
        interests: [String] = [], traits: [String] = []
    ) {
        memberwise = MemberwiseInit()
        self.id = id; self.name = name; self.lastName = lastName; self.sex = sex; self.age = age
        self.birthday = birthday; self.image = image; self.status = status; self.mood = mood
        self.energy = energy; self.money = money; self.diamonds = diamonds; self.affinity = affinity
        self.prestige = prestige; self.happiness = happiness; self.health = health
        self.intelligence = intelligence; self.bio = bio; self.compatibilityScore = compatibilityScore
        self.currentEducation = currentEducation; self.interests = interests; self.traits = traits
    }
}

/// The short form of a person that events carry (`characters`).
public struct SimplePerson: Sendable, Equatable {
    public var id: String
    public var name: String
    public var image: String?

    public init(id: String, name: String, image: String? = nil) {
        self.id = id; self.name = name; self.image = image
    }
}
