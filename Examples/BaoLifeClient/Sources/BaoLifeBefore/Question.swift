import Foundation

/// A `questionEvent`: a choice the player must make. Queued; the first one is on screen.
public struct Question: Identifiable {
    public var id: String
    public var question: String
    public var options: [AnswerOption]
    public var characters: [SimplePerson]
    public var date: String?
    public var hour: Int?

    public init?(json: [String: Any]) {
        guard let id = json["id"] as? String, let question = json["question"] as? String else { return nil }
        self.id = id
        self.question = question
        options = (json["options"] as? [[String: Any]] ?? []).compactMap(AnswerOption.init(json:))
        characters = (json["characters"] as? [[String: Any]] ?? []).compactMap(SimplePerson.init(json:))
        date = json["date"] as? String
        hour = json["hour"] as? Int
    }
}

/// One answer. Its costs are amounts spent: positive means the player pays that much.
public struct AnswerOption: Identifiable {
    public var id: String
    public var text: String
    public var energyCost: Int?
    public var moneyCost: Int?
    public var diamondCost: Int?

    public init?(json: [String: Any]) {
        guard let id = json["id"] as? String else { return nil }
        self.id = id
        text = json["text"] as? String ?? ""
        energyCost = json["energyCost"] as? Int
        moneyCost = json["moneyCost"] as? Int
        diamondCost = json["diamondCost"] as? Int
    }
}
