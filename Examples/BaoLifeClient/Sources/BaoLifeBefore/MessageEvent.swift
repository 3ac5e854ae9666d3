import Foundation

/// A life event (`messageEvent`) in the home screen's timeline, with the claimable-rewards state.
/// The amounts are signed: positive is a reward the player taps to claim, negative a loss.
public struct MessageEvent: Identifiable {
    public var id: String
    public var message: String
    public var type: String?
    public var date: String
    public var hour: Int
    public var energyCost: Int?
    public var moneyCost: Int?
    public var diamondCost: Int?
    public var affinityChange: Int?
    public var characters: [SimplePerson]

    // Claimable system
    public var claimed = false
    public var claimedAt: Date?
    public var category: EventCategory = .neutral

    public init?(json: [String: Any]) {
        guard let id = json["id"] as? String, let message = json["message"] as? String else { return nil }
        self.id = id
        self.message = message
        type = json["type"] as? String
        date = json["date"] as? String ?? ""
        hour = json["hour"] as? Int ?? 0
        energyCost = json["energyCost"] as? Int
        moneyCost = json["moneyCost"] as? Int
        diamondCost = json["diamondCost"] as? Int
        affinityChange = json["affinityChange"] as? Int
        characters = (json["characters"] as? [[String: Any]] ?? []).compactMap(SimplePerson.init(json:))
    }

    /// Has a reward: money, energy, diamonds or affinity above zero.
    public var isClaimable: Bool {
        (energyCost ?? 0) > 0 || (moneyCost ?? 0) > 0 || (diamondCost ?? 0) > 0 || (affinityChange ?? 0) > 0
    }

    /// Has a loss: any amount below zero. Negative events are claimed automatically.
    public var isNegative: Bool {
        (energyCost ?? 0) < 0 || (moneyCost ?? 0) < 0 || (diamondCost ?? 0) < 0 || (affinityChange ?? 0) < 0
    }
}

public struct SimplePerson: Identifiable {
    public var id: String
    public var name: String
    public var image: String?

    public init?(json: [String: Any]) {
        guard let id = json["id"] as? String else { return nil }
        self.id = id
        name = json["name"] as? String ?? ""
        image = json["image"] as? String
    }
}

public enum EventCategory: String, CaseIterable {
    case career, social, achievement, education, health, finance, random, neutral, negative
}
