import Foundation

// The bodies of the server messages the view models read, and of the client messages they send.

/// `u`: only the fields present change.
public struct PartialUpdate: Codable, Sendable {
    public var energy: Int?
    public var money: Int?
    public var diamonds: Int?
    public var date: String?
    public var hourOfDay: Int?
    public var minuteOfHour: Int?
    public var location: String?
    public var mood: String?
}

/// `batch_update`: many fields at once; only those present change.
public struct BatchUpdate: Codable, Sendable {
    public var energy: Int?
    public var money: Int?
    public var diamonds: Int?
    public var date: String?
    public var hourOfDay: Int?
    public var minuteOfHour: Int?
    public var season: String?
    public var gameSpeed: Int?
    public var status: String?
    public var age: Int?
    public var health: Int?
    public var happiness: Int?
    public var intelligence: Int?
    public var prestige: Int?
    public var mood: String?
    public var location: String?
}

/// `playerObject`: the full state.
public struct PlayerObject: Codable, Sendable {
    public var date: String
    public var status: String
    public var season: String
    public var hourOfDay: Int
    public var minuteOfHour: Int
    public var gameSpeed: Int
    public var person: Person
    public var r: [Person]?
    public var relData: [Relationship]?
}

public struct RelationshipEvent: Codable, Sendable {
    public var personId: String
    public var milestone: String
    public var kind: Relationship.Kind
    public var status: String
    public var affinity: Int
    public var text: String
    public var person: Person?
}

public struct ClaimResult: Codable, Sendable {
    public var eventId: String
    public var accepted: Bool
    public var reason: String?
}

public struct PurchaseResult: Codable, Sendable {
    public var kind: String
    public var id: String
    public var success: Bool
    public var reason: String?
    public var energy: Int?
    public var money: Int?
    public var diamonds: Int?
}

public struct ServerError: Codable, Sendable {
    public var kind: String
    public var message: String
}

// Client → server

public struct ClaimEventRequest: Codable, Sendable {
    public var eventId: String
    public var timestamp: String
}

public struct AnswerQuestionRequest: Codable, Sendable {
    public var questionId: String
    public var optionId: String
}

public struct SpeedRequest: Codable, Sendable {
    public var speed: Int
}

public struct RetrievePersonRequest: Codable, Sendable {
    public var personId: String?
}
