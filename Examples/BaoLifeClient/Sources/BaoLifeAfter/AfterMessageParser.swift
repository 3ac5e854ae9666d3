import Foundation

/// A server message as the refactored app reads it: the `Codable` model of its payload.
public enum ServerMessage: Sendable {
    case update(PartialUpdate)
    case batchUpdate(BatchUpdate)
    case playerObject(PlayerObject)
    case personObject(Person)
    case messageEvent(MessageEvent)
    case questionEvent(Question)
    case relationshipEvent(RelationshipEvent)
    case claimResult(ClaimResult)
    case purchaseResult(PurchaseResult)
    case error(ServerError)
    /// A type no view model of this miniature reads (conversations, achievements, tiers...).
    case other(type: String)
}

/// The app's parsing of server messages after the refactor, the way the service and the view
/// models' handlers do it: `JSONDecoder` reads the envelope's `type`, then the payload's model.
public enum AfterMessageParser {
    public static func parse(_ bytes: [UInt8]) throws -> ServerMessage {
        try parse(Data(bytes))
    }

    public static func parse(_ data: Data) throws -> ServerMessage {
        switch try MessageCoding.type(of: data) {
        case "u": .update(try MessageCoding.payload(PartialUpdate.self, from: data))
        case "batch_update": .batchUpdate(try MessageCoding.payload(BatchUpdate.self, from: data))
        case "playerObject": .playerObject(try MessageCoding.payload(PlayerObject.self, from: data))
        case "personObject": .personObject(try MessageCoding.payload(Person.self, from: data))
        case "messageEvent": .messageEvent(try MessageCoding.payload(MessageEvent.self, from: data))
        case "questionEvent": .questionEvent(try MessageCoding.payload(Question.self, from: data))
        case "relationshipEvent": .relationshipEvent(try MessageCoding.payload(RelationshipEvent.self, from: data))
        case "claimResult": .claimResult(try MessageCoding.payload(ClaimResult.self, from: data))
        case "purchaseResult": .purchaseResult(try MessageCoding.payload(PurchaseResult.self, from: data))
        case "error": .error(try MessageCoding.payload(ServerError.self, from: data))
        case let type: .other(type: type)
        }
    }
}
