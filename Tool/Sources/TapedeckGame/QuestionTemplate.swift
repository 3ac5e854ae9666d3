/// A question the simulation can ask. Option costs are what the player pays (negative = earned);
/// `affinity` is added to every character's relationship when the option is chosen.
package struct QuestionTemplate: Sendable, Equatable {
    package struct Option: Sendable, Equatable {
        package var id: String
        package var text: String
        package var energy: Int = 0
        package var money: Int = 0
        package var diamonds: Int = 0
        package var affinity: Int = 0
    }

    package var text: String
    /// Which people the question is about: "friend", "mother", "father".
    package var characters: [String]
    package var options: [Option]

    package static let all: [QuestionTemplate] = [
        QuestionTemplate(
            text: "{friend} invites you to a concert tonight.", characters: ["friend"],
            options: [
                Option(id: "go", text: "Go together", energy: 15, money: 30, affinity: 8),
                Option(id: "decline", text: "Stay home and rest", energy: -5, affinity: -2),
            ]),
        QuestionTemplate(
            text: "A coworker asks you to cover their evening shift.", characters: [],
            options: [
                Option(id: "accept", text: "Cover the shift", energy: 20, money: -40),
                Option(id: "refuse", text: "Politely refuse"),
            ]),
        QuestionTemplate(
            text: "{mother} and {father} want you home for a family dinner.", characters: ["mother", "father"],
            options: [
                Option(id: "join", text: "Join them", energy: 5, affinity: 6),
                Option(id: "skip", text: "Say you are busy", affinity: -4),
                Option(id: "bring-gift", text: "Join and bring dessert", energy: 5, money: 15, affinity: 10),
            ]),
        QuestionTemplate(
            text: "A street vendor offers you a lucky charm.", characters: [],
            options: [
                Option(id: "buy", text: "Buy it (it makes you feel lucky)", energy: -10, diamonds: 1),
                Option(id: "ignore", text: "Walk on"),
            ]),
    ]
}
