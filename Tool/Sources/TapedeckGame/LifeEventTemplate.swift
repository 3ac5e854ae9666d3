/// A life event the simulation can produce. `{friend}`, `{mother}` and `{father}` in the text are
/// replaced by names, and that person becomes the event's character. Amounts are signed changes.
package struct LifeEventTemplate: Sendable, Equatable {
    package var text: String
    /// The event's `type` tag (the app's categories: career, social, finance, health, random...).
    package var category: String
    package var energy: Int = 0
    package var money: Int = 0
    package var diamonds: Int = 0
    package var affinity: Int = 0

    /// Every amount is zero or positive: a reward the player claims.
    package var isReward: Bool { energy >= 0 && money >= 0 && diamonds >= 0 && affinity >= 0 }

    package static let all: [LifeEventTemplate] = [
        LifeEventTemplate(text: "You found $20 on the sidewalk.", category: "finance", money: 20),
        LifeEventTemplate(text: "Your manager praised your work and gave you a bonus.", category: "career", money: 50),
        LifeEventTemplate(text: "A good night's sleep left you refreshed.", category: "health", energy: 15),
        LifeEventTemplate(text: "You won a small prize in a raffle.", category: "random", diamonds: 2),
        LifeEventTemplate(text: "{friend} spent the afternoon with you.", category: "social", energy: 5, affinity: 5),
        LifeEventTemplate(text: "Your teacher gave you top marks on an essay.", category: "education", money: 10, diamonds: 1),
        LifeEventTemplate(text: "{mother} sent you some pocket money.", category: "social", money: 30, affinity: 3),
        LifeEventTemplate(text: "You caught a cold.", category: "health", energy: -10),
        LifeEventTemplate(text: "Your phone screen cracked.", category: "finance", money: -40),
        LifeEventTemplate(text: "You missed the bus and had to take a taxi.", category: "random", money: -15),
        LifeEventTemplate(text: "You argued with {father} about chores.", category: "social", energy: -5, affinity: -5),
        // A gain and a loss at once: negative as a whole, claimed by the client at once.
        LifeEventTemplate(
            text: "You worked a double shift: good pay, but you are exhausted.", category: "career", energy: -20, money: 60),
    ]
}
