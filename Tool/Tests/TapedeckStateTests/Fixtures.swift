import TapedeckProtocol

@testable import TapedeckState

/// Shared sample data: a player with people of every relationship kind, activities with and
/// without records, habits, focuses and items.
enum Fixtures {
    static let t0 = VirtualTime(nanoseconds: 1_000_000_000)
    static let t1 = VirtualTime(nanoseconds: 2_500_000_000)

    static let me = Person(
        id: "p0", name: "Mei", lastName: "Lin", sex: "female", age: 17, energy: 80, money: 120,
        diamonds: 5, prestige: 40, happiness: 70, health: 90, intelligence: 65,
        interests: ["music"], traits: ["kind"])
    static let alex = Person(id: "p1", name: "Alex", lastName: "Kim", age: 18, affinity: 60)
    static let mom = Person(id: "p2", name: "Grace", lastName: "Lin", age: 45)
    static let sam = Person(id: "p3", name: "Sam", lastName: "Ortiz", age: 17)
    static let jo = Person(id: "p4", name: "Jo", lastName: "Park", age: 16)

    static let playerObject = PlayerObject(
        date: "2026-03-14", status: "playing", season: "spring", hourOfDay: 9, minuteOfHour: 30, gameSpeed: 1000,
        person: me, r: [alex, mom, sam, jo],
        relData: [
            Relationship(personId: "p1", kind: .romantic, status: "dating", affinity: 60, milestones: ["met"]),
            Relationship(personId: "p2", kind: .family, status: "parent", affinity: 80),
            Relationship(personId: "p3", kind: .friend, status: "best friend", affinity: 75),
            Relationship(personId: "p4", kind: .friend, status: "classmate", affinity: 30),
        ],
        activities: [
            Activity(id: "a1", name: "High School", kind: .highSchool),
            Activity(id: "a2", name: "Chess Club", kind: .extracurricular, energyCost: 5),
        ],
        activityRecords: [
            ActivityRecord(id: "a0", performance: 88, achievements: ["honor roll"], gpa: 3.7),
            ActivityRecord(id: "a1", performance: 72, gpa: 3.2),
        ],
        habits: [
            Habit(id: "h1", name: "Smoking", status: .active),
            Habit(id: "h2", name: "Junk food", status: .quitting, quitDays: 12),
        ],
        focuses: [
            FocusOption(id: "study", name: "Study", selected: true),
            FocusOption(id: "social", name: "Social", selected: false),
            FocusOption(id: "health", name: "Health", selected: false),
        ],
        storeItems: [
            StoreItem(id: "rose", name: "Rose", price: 20, currency: .money),
            StoreItem(id: "ring", name: "Ring", price: 50, currency: .diamonds),
        ],
        inventory: [StoreItem(id: "book", name: "Book", price: 10, currency: .money, quantity: 2)],
        occupations: [Occupation(id: "o1", name: "Barista", salary: 1200)],
        inAppPurchases: [InAppPurchase(productId: "diamond1", diamonds: 100, price: "$0.99")],
        activeConversations: [
            Conversation(
                id: "c1", personId: "p1",
                messages: [ConversationMessage(id: "m1", sender: "p1", text: "Hi!", sentiment: 0.6)])
        ]
    )

    /// A connected client that has received the player object.
    static func loadedState(configuration: ClientState.Configuration = .init()) -> ClientState {
        var state = ClientState(configuration: configuration)
        state.apply(.opened, at: .zero)
        _ = state.apply(.playerObject(playerObject), at: t0)
        return state
    }

    static func question(_ id: String, costs: (Int, Int, Int) = (10, 5, 0)) -> Question {
        Question(
            id: id, question: "What do you do (\(id))?",
            options: [
                AnswerOption(id: "yes", text: "Yes", energyCost: costs.0, moneyCost: costs.1, diamondCost: costs.2),
                AnswerOption(id: "no", text: "No"),
            ])
    }

    static func lifeEvent(
        _ id: String, _ message: String = "Something happened", energy: Int? = nil,
        money: Int? = nil, diamonds: Int? = nil, affinity: Int? = nil, type: String? = nil
    ) -> LifeEvent {
        LifeEvent(
            id: id, message: message, type: type, date: "2026-03-14", hour: 10, energyCost: energy,
            moneyCost: money, diamondCost: diamonds, affinityChange: affinity)
    }
}
