import Foundation

/// A `questionEvent`: a choice to make; questions queue and show one at a time.
public struct Question: Codable, Identifiable, Equatable, Sendable {
    public var id: String
    public var question: String
    public var options: [AnswerOption]
    public var characters: [SimplePerson]?
    public var date: String?
    public var hour: Int?
}

/// An answer; its costs are amounts spent (positive = the player pays).
public struct AnswerOption: Codable, Identifiable, Equatable, Sendable {
    public var id: String
    public var text: String
    public var energyCost: Int?
    public var moneyCost: Int?
    public var diamondCost: Int?
}
