import TapedeckCore
import TapedeckProtocol

/// A deterministic stream of realistic server messages for benchmarks and soak tests: mostly
/// small `u` updates as game time passes, then batch updates, life events and questions, some
/// chat, and now and then a large `playerObject` with relationships, activities and store items.
/// The same seed always gives the same messages, and so the same bytes.
package struct SyntheticMessages: Sendable {
    private var random: SeededGenerator
    private var minutes = 8 * 60
    private var energy = 100
    private var money = 1_000
    private var diamonds = 10
    private var serial = 0

    package init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    /// `count` encoded envelopes from `seed`.
    package static func envelopes(count: Int, seed: UInt64) -> [[UInt8]] {
        var stream = SyntheticMessages(seed: seed)
        return (0..<count).map { _ in stream.next().encoded() }
    }

    /// The next message. Shares per 1000: u 520, batch_update 150, messageEvent 120,
    /// questionEvent 70, conversationEvent 35, personObject 20, playerObject 15,
    /// relationshipEvent 15, claimResult 15, purchaseResult 10, matchResult 10, and 20 spread
    /// over achievements, daily rewards, tier lists, statistics and errors.
    package mutating func next() -> ServerMessage {
        serial += 1
        minutes += random.next(in: 1...15)
        let roll = random.next(below: 1000)
        switch roll {
        case 0..<520: return .update(partialUpdate())
        case 520..<670: return .batchUpdate(batchUpdate())
        case 670..<790: return .messageEvent(lifeEvent())
        case 790..<860: return .questionEvent(question())
        case 860..<895: return .conversationEvent(conversationEvent())
        case 895..<915: return .personObject(person(index: random.next(below: 40)))
        case 915..<930: return .playerObject(playerObject())
        case 930..<945: return .relationshipEvent(relationshipEvent())
        case 945..<960:
            return .claimResult(
                ClaimResult(
                    eventId: "e\(random.next(below: serial))", accepted: random.chance(90),
                    reason: random.chance(10) ? "alreadyClaimed" : nil))
        case 960..<970: return .purchaseResult(purchaseResult())
        case 970..<980:
            return .matchResult(
                MatchResult(
                    personId: "p\(random.next(below: 40))", matched: random.chance(40),
                    compatibility: random.next(in: 0...100)))
        case 980..<985:
            return .achievementUnlocked(
                AchievementUnlocked(achievement: achievement(index: random.next(below: 20), unlocked: true)))
        case 985..<989:
            return .dailyRewardClaimed(
                DailyRewardClaimed(
                    day: random.next(in: 1...7), streak: random.next(in: 1...30),
                    energy: 20, money: 100, diamonds: random.next(in: 0...2)))
        case 989..<992: return .energyRefillTiers(EnergyRefillTiers(tiers: Self.refillTiers))
        case 992..<995: return .timeSkipTiers(TimeSkipTiers(tiers: Self.skipTiers))
        case 995..<997:
            return .playerStatistics(
                PlayerStatistics(
                    daysPlayed: serial / 100, eventsReceived: serial / 8, eventsClaimed: serial / 9,
                    questionsAnswered: serial / 15, relationships: 12, dates: 4, purchases: 2,
                    achievementsUnlocked: 5))
        default:
            return .error(
                ServerError(kind: random.pick(ServerError.Kind.allCases.map { $0 }), message: "Please try again in a moment."))
        }
    }

    // MARK: Pieces

    private static let firstNames = [
        "Alex", "Sam", "Jordan", "Riley", "Morgan", "Casey", "Jamie", "Taylor", "Avery", "Quinn",
        "Noah", "Mia", "Liam", "Zoë", "Mateo", "Chloé", "Hiro", "Amara", "Lena", "Omar",
    ]
    private static let lastNames = [
        "Rivera", "Chen", "Okafor", "Müller", "Smith", "Kowalski", "Tanaka", "Haddad", "Silva", "Novak",
    ]
    private static let moods = ["happy", "tired", "calm", "excited", "stressed", "bored", "content"]
    private static let places = ["home", "work", "school", "cafe", "park", "gym", "library"]
    private static let interests = [
        "music", "hiking", "cooking", "gaming", "art", "travel", "reading", "sports", "movies", "dancing",
    ]
    private static let traits = ["kind", "funny", "curious", "shy", "ambitious", "loyal", "creative"]
    private static let eventTexts = [
        "You found a wallet on the street and returned it. The owner gave you a reward.",
        "Your boss praised your work in the team meeting.",
        "You caught a cold after walking home in the rain.",
        "A friend invited you to a surprise birthday party.",
        "Your bike got a flat tyre on the way to class.",
        "You won a small prize in the neighbourhood raffle.",
    ]
    private static let questions = [
        "wants to go on a road trip this weekend. Do you join?",
        "asks you to help with a difficult assignment.",
        "offers you a job at their startup. What do you say?",
        "invites you to move in together.",
    ]
    private static let chatLines = [
        "Hey! How was your day?", "Want to grab coffee later?", "That movie was amazing 😄",
        "I can't make it tonight, sorry.", "See you at 6!", "Did you hear the news?",
    ]
    static let refillTiers = [
        EnergyRefillTier(id: "instant", energy: 50, diamondCost: 5), EnergyRefillTier(id: "small", energy: 100, diamondCost: 9),
        EnergyRefillTier(id: "medium", energy: 200, diamondCost: 16), EnergyRefillTier(id: "large", energy: 500, diamondCost: 35),
        EnergyRefillTier(id: "unlimited", energy: 0, diamondCost: 60, unlimitedHours: 24),
    ]
    static let skipTiers = [
        TimeSkipTier(id: "1h", hours: 1, diamondCost: 1), TimeSkipTier(id: "12h", hours: 12, diamondCost: 5),
        TimeSkipTier(id: "1d", hours: 24, diamondCost: 9), TimeSkipTier(id: "1w", hours: 168, diamondCost: 45),
        TimeSkipTier(id: "1m", hours: 720, diamondCost: 150),
    ]

    private var date: String {
        let day = minutes / (24 * 60)
        let month = 1 + (day / 28) % 12
        let dayOfMonth = 1 + day % 28
        return "\(2025 + day / 336)-\(month < 10 ? "0" : "")\(month)-\(dayOfMonth < 10 ? "0" : "")\(dayOfMonth)"
    }

    private var hour: Int { minutes / 60 % 24 }

    private mutating func drift() {
        energy = max(0, min(100, energy + random.next(in: -3...2)))
        money += random.next(in: -20...25)
    }

    private mutating func partialUpdate() -> PartialUpdate {
        drift()
        var update = PartialUpdate(hourOfDay: hour, minuteOfHour: minutes % 60)
        if random.chance(70) { update.energy = energy }
        if random.chance(40) { update.money = money }
        if random.chance(10) { update.diamonds = diamonds }
        if minutes % (24 * 60) < 15 { update.date = date }
        if random.chance(10) { update.location = random.pick(Self.places) }
        if random.chance(15) { update.mood = random.pick(Self.moods) }
        return update
    }

    private mutating func batchUpdate() -> BatchUpdate {
        drift()
        return BatchUpdate(
            energy: energy, money: money, diamonds: diamonds, date: date, hourOfDay: hour,
            minuteOfHour: minutes % 60, season: ["winter", "spring", "summer", "autumn"][(minutes / (24 * 60 * 84)) % 4],
            gameSpeed: random.pick(SpeedChange.levels), status: "playing", age: 18 + minutes / (24 * 60 * 336),
            health: random.next(in: 60...100), happiness: random.next(in: 30...100),
            intelligence: random.next(in: 40...95), prestige: random.next(in: 0...80),
            mood: random.pick(Self.moods), location: random.pick(Self.places))
    }

    private mutating func simplePerson() -> SimplePerson {
        let index = random.next(below: 40)
        return SimplePerson(
            id: "p\(index)", name: Self.firstNames[index % Self.firstNames.count],
            image: random.chance(70) ? "https://lichun.app/avatars/p\(index).svg" : nil)
    }

    private mutating func lifeEvent() -> LifeEvent {
        let positive = random.chance(65)
        let sign = positive ? 1 : -1
        return LifeEvent(
            id: "e\(serial)", message: random.pick(Self.eventTexts),
            type: random.chance(60) ? random.pick(["career", "social", "health", "finance", "random"]) : nil,
            date: date, hour: hour,
            energyCost: random.chance(50) ? sign * random.next(in: 1...20) : nil,
            moneyCost: random.chance(60) ? sign * random.next(in: 5...500) : nil,
            diamondCost: random.chance(8) ? sign * random.next(in: 1...3) : nil,
            affinityChange: random.chance(20) ? sign * random.next(in: 1...10) : nil,
            characters: (0..<random.next(in: 0...2)).map { _ in simplePerson() })
    }

    private mutating func question() -> Question {
        let characters = (0..<random.next(in: 1...3)).map { _ in simplePerson() }
        let options = (0..<random.next(in: 2...4)).map { index in
            AnswerOption(
                id: "o\(index + 1)",
                text: ["Yes, absolutely!", "Maybe another time.", "Let me think about it.", "No way."][index],
                energyCost: random.chance(50) ? random.next(in: 1...15) : nil,
                moneyCost: random.chance(30) ? random.next(in: 10...300) : nil,
                diamondCost: random.chance(5) ? random.next(in: 1...5) : nil)
        }
        return Question(
            id: "q\(serial)", question: characters[0].name + " " + random.pick(Self.questions),
            options: options, characters: characters, date: date, hour: hour)
    }

    private mutating func conversationEvent() -> ConversationEvent {
        let index = random.next(below: 40)
        let fromPlayer = random.chance(30)
        return ConversationEvent(
            conversationId: "c\(index)", personId: "p\(index)",
            message: ConversationMessage(
                id: "m\(serial)", sender: fromPlayer ? "player" : "p\(index)",
                text: random.pick(Self.chatLines),
                sentiment: random.chance(70) ? Double(random.next(in: -100...100)) / 100 : nil))
    }

    private mutating func person(index: Int) -> Person {
        Person(
            id: "p\(index)", name: Self.firstNames[index % Self.firstNames.count],
            lastName: Self.lastNames[index % Self.lastNames.count], sex: index % 2 == 0 ? "female" : "male",
            age: random.next(in: 16...70),
            birthday: "19\(random.next(in: 55...99))-0\(random.next(in: 1...9))-1\(random.next(in: 0...9))",
            image: "https://lichun.app/avatars/p\(index).svg", status: "alive", mood: random.pick(Self.moods),
            affinity: random.next(in: 0...100), prestige: random.next(in: 0...100), happiness: random.next(in: 0...100),
            health: random.next(in: 40...100), intelligence: random.next(in: 30...100),
            bio: random.chance(40) ? "Loves \(random.pick(Self.interests)) and \(random.pick(Self.interests))." : nil,
            compatibilityScore: random.chance(40) ? random.next(in: 0...100) : nil,
            interests: (0..<random.next(in: 0...4)).map { _ in random.pick(Self.interests) },
            traits: (0..<random.next(in: 0...3)).map { _ in random.pick(Self.traits) })
    }

    private mutating func relationship(index: Int) -> Relationship {
        let kind = random.pick(Relationship.Kind.allCases.map { $0 })
        let status =
            switch kind {
            case .romantic: random.pick(["crush", "dating", "engaged", "married"])
            case .family: random.pick(["parent", "sibling", "cousin"])
            case .friend: random.pick(["acquaintance", "friend", "best friend"])
            case .unknown(let value): value // never picked: allCases holds the known kinds only
            }
        return Relationship(
            personId: "p\(index)", kind: kind, status: status, affinity: random.next(in: 0...100),
            milestones: Array(["met", "first date", "dating"].prefix(random.next(in: 0...3))))
    }

    private mutating func playerObject() -> PlayerObject {
        let known = (0..<random.next(in: 6...20)).map { _ in random.next(below: 40) }
        return PlayerObject(
            date: date, status: "playing", season: "spring", hourOfDay: hour, minuteOfHour: minutes % 60,
            gameSpeed: random.pick(SpeedChange.levels),
            person: Person(
                id: "me", name: "Alex", lastName: "Rivera", sex: "female", age: 24, birthday: "2001-03-14",
                image: "https://lichun.app/avatars/me.svg", status: "alive", mood: random.pick(Self.moods),
                energy: energy, money: money, diamonds: diamonds, prestige: 35, happiness: 72, health: 90,
                intelligence: 64, currentEducation: "State University", interests: ["music", "hiking"], traits: ["curious"]),
            r: known.map { person(index: $0) },
            relData: known.map { relationship(index: $0) },
            activities: [
                Activity(id: "a1", name: "Computer Science", kind: .highSchool, energyCost: 10),
                Activity(id: "a2", name: "Chess Club", kind: .extracurricular, energyCost: 5, moneyCost: 10),
                Activity(id: "a3", name: "Barista", kind: .occupation, energyCost: 20),
            ],
            activityRecords: [
                ActivityRecord(
                    id: "a1", performance: random.next(in: 40...100), achievements: ["Honor roll"],
                    gpa: Double(random.next(in: 200...400)) / 100, major: "Computer Science"),
                ActivityRecord(id: "a3", performance: random.next(in: 40...100)),
            ],
            habits: [
                Habit(id: "h1", name: "Smoking", status: .quitting, quitDays: random.next(in: 0...30)),
                Habit(id: "h2", name: "Junk food", status: .active),
            ],
            focuses: [
                FocusOption(id: "f1", name: "Study", selected: true), FocusOption(id: "f2", name: "Work", selected: false),
                FocusOption(id: "f3", name: "Social", selected: false), FocusOption(id: "f4", name: "Health", selected: false),
            ],
            storeItems: (0..<12).map {
                StoreItem(
                    id: "i\($0)", name: ["Flowers", "Chocolate", "Watch", "Book"][$0 % 4] + " \($0)",
                    price: 10 + $0 * 15, currency: $0 % 3 == 0 ? .diamonds : .money)
            },
            inventory: [StoreItem(id: "i1", name: "Chocolate 1", price: 25, currency: .money, quantity: random.next(in: 1...3))],
            occupations: [
                Occupation(id: "o1", name: "Barista", salary: 24_000), Occupation(id: "o2", name: "Developer", salary: 85_000),
            ],
            inAppPurchases: [
                InAppPurchase(productId: "diamond1", diamonds: 100, price: "$0.99"),
                InAppPurchase(productId: "diamond2", diamonds: 550, price: "$4.99"),
            ],
            activeConversations: (0..<random.next(in: 0...3)).map { index in
                Conversation(
                    id: "c\(index)", personId: "p\(index)",
                    messages: (0..<random.next(in: 1...4)).map { line in
                        ConversationMessage(
                            id: "m\(index)-\(line)", sender: line % 2 == 0 ? "p\(index)" : "player",
                            text: random.pick(Self.chatLines))
                    })
            })
    }

    private mutating func relationshipEvent() -> RelationshipEvent {
        let index = random.next(below: 40)
        let isNew = random.chance(30)
        let relation = relationship(index: index)
        return RelationshipEvent(
            personId: "p\(index)", milestone: isNew ? "met" : random.pick(["first date", "dating", "engaged", "broke up"]),
            kind: relation.kind, status: relation.status, affinity: relation.affinity,
            text: "Something changed between you and \(Self.firstNames[index % Self.firstNames.count]).",
            person: isNew ? person(index: index) : nil)
    }

    private mutating func purchaseResult() -> PurchaseResult {
        let kind = random.pick(PurchaseResult.Kind.allCases.map { $0 })
        let success = random.chance(85)
        let id =
            switch kind {
            case .item: "i\(random.next(below: 12))"
            case .energyRefill: random.pick(Self.refillTiers).id
            case .timeSkip: random.pick(Self.skipTiers).id
            case .inAppPurchase: random.pick(["diamond1", "diamond2"])
            case .unknown(let value): value // never picked: allCases holds the known kinds only
            }
        guard success else {
            return PurchaseResult(
                kind: kind, id: id, success: false,
                reason: kind == .inAppPurchase ? "invalidReceipt" : "insufficientFunds")
        }
        return PurchaseResult(
            kind: kind, id: id, success: true, energy: energy, money: money, diamonds: diamonds,
            summary: kind == .timeSkip
                ? TimeSkipSummary(
                    hoursSkipped: 24, events: ["You worked a shift.", "A friend called."],
                    energyChange: 20, moneyChange: 170) : nil)
    }

    private mutating func achievement(index: Int, unlocked: Bool) -> Achievement {
        Achievement(
            id: "ach\(index)", title: "Achievement \(index)", description: "Reach milestone number \(index).",
            unlocked: unlocked, unlockedAt: unlocked ? date : nil, rewardDiamonds: random.chance(50) ? 5 : nil)
    }
}
