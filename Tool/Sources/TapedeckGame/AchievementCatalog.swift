import TapedeckProtocol

/// The achievements of the reference server, each unlocked once per game by a first time.
package enum AchievementCatalog {
    package static let firstClaim = "first-claim"
    package static let firstAnswer = "first-answer"
    package static let firstMatch = "first-match"
    package static let firstDate = "first-date"
    package static let firstPurchase = "first-purchase"
    package static let streak3 = "streak-3"

    package static let all: [Achievement] = [
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
