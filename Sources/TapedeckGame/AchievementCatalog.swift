import TapedeckProtocol

/// The achievements of the reference server, each unlocked once per game by a first time.
public enum AchievementCatalog {
    public static let firstClaim = "first-claim"
    public static let firstAnswer = "first-answer"
    public static let firstMatch = "first-match"
    public static let firstDate = "first-date"
    public static let firstPurchase = "first-purchase"
    public static let streak3 = "streak-3"

    public static let all: [Achievement] = [
        Achievement(
            id: firstClaim, title: "Finders Keepers", description: "Claim your first life event reward.",
            unlocked: false, rewardDiamonds: 5),
        Achievement(
            id: firstAnswer, title: "Decisions, Decisions", description: "Answer your first question.",
            unlocked: false, rewardDiamonds: 3),
        Achievement(
            id: firstMatch, title: "It's a Match", description: "Match with someone while swiping.",
            unlocked: false, rewardDiamonds: 5),
        Achievement(
            id: firstDate, title: "First Date", description: "Go on your first date.",
            unlocked: false, rewardDiamonds: 5),
        Achievement(
            id: firstPurchase, title: "Shopper", description: "Buy something in the store.",
            unlocked: false, rewardDiamonds: 5),
        Achievement(
            id: streak3, title: "Creature of Habit", description: "Claim the daily reward 3 days in a row.",
            unlocked: false, rewardDiamonds: 10),
    ]
}
