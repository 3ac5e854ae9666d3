// JSON decoding and encoding of the server message bodies (Messages/ServerPayloads.swift); field order is the order in docs/PROTOCOL.md.

extension PurchaseResult.Kind: WireEnum {
    static let wireNames = WireEnumNames<Self>()
}

extension ServerError.Kind: WireEnum {
    static let wireNames = WireEnumNames<Self>()
}

extension PartialUpdate: WireCodable {
    static let wireFields: JSONFieldNames = ["energy", "money", "diamonds", "date", "hourOfDay", "minuteOfHour",
        "location", "mood"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> PartialUpdate {
        var energy: Int? = nil
        var money: Int? = nil
        var diamonds: Int? = nil
        var date: String? = nil
        var hourOfDay: Int? = nil
        var minuteOfHour: Int? = nil
        var location: String? = nil
        var mood: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // energy
                    energy = try reader.readOptionalInt()
                case 1: // money
                    money = try reader.readOptionalInt()
                case 2: // diamonds
                    diamonds = try reader.readOptionalInt()
                case 3: // date
                    date = try reader.readOptionalString()
                case 4: // hourOfDay
                    hourOfDay = try reader.readOptionalInt()
                case 5: // minuteOfHour
                    minuteOfHour = try reader.readOptionalInt()
                case 6: // location
                    location = try reader.readOptionalString()
                case 7: // mood
                    mood = try reader.readOptionalString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        return PartialUpdate(energy: energy, money: money, diamonds: diamonds, date: date, hourOfDay: hourOfDay, minuteOfHour: minuteOfHour, location: location, mood: mood, memberwise: MemberwiseInit())
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        if let energy { writer.key("\"energy\":"); energy.encode(to: &writer) }
        if let money { writer.key("\"money\":"); money.encode(to: &writer) }
        if let diamonds { writer.key("\"diamonds\":"); diamonds.encode(to: &writer) }
        if let date { writer.key("\"date\":"); date.encode(to: &writer) }
        if let hourOfDay { writer.key("\"hourOfDay\":"); hourOfDay.encode(to: &writer) }
        if let minuteOfHour { writer.key("\"minuteOfHour\":"); minuteOfHour.encode(to: &writer) }
        if let location { writer.key("\"location\":"); location.encode(to: &writer) }
        if let mood { writer.key("\"mood\":"); mood.encode(to: &writer) }
        writer.endObject()
    }
}

extension BatchUpdate: WireCodable {
    static let wireFields: JSONFieldNames = ["energy", "money", "diamonds", "date", "hourOfDay", "minuteOfHour",
        "season", "gameSpeed", "status", "age", "health", "happiness", "intelligence", "prestige", "mood",
        "location"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> BatchUpdate {
        var energy: Int? = nil
        var money: Int? = nil
        var diamonds: Int? = nil
        var date: String? = nil
        var hourOfDay: Int? = nil
        var minuteOfHour: Int? = nil
        var season: String? = nil
        var gameSpeed: Int? = nil
        var status: String? = nil
        var age: Int? = nil
        var health: Int? = nil
        var happiness: Int? = nil
        var intelligence: Int? = nil
        var prestige: Int? = nil
        var mood: String? = nil
        var location: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // energy
                    energy = try reader.readOptionalInt()
                case 1: // money
                    money = try reader.readOptionalInt()
                case 2: // diamonds
                    diamonds = try reader.readOptionalInt()
                case 3: // date
                    date = try reader.readOptionalString()
                case 4: // hourOfDay
                    hourOfDay = try reader.readOptionalInt()
                case 5: // minuteOfHour
                    minuteOfHour = try reader.readOptionalInt()
                case 6: // season
                    season = try reader.readOptionalString()
                case 7: // gameSpeed
                    gameSpeed = try reader.readOptionalInt()
                case 8: // status
                    status = try reader.readOptionalString()
                case 9: // age
                    age = try reader.readOptionalInt()
                case 10: // health
                    health = try reader.readOptionalInt()
                case 11: // happiness
                    happiness = try reader.readOptionalInt()
                case 12: // intelligence
                    intelligence = try reader.readOptionalInt()
                case 13: // prestige
                    prestige = try reader.readOptionalInt()
                case 14: // mood
                    mood = try reader.readOptionalString()
                case 15: // location
                    location = try reader.readOptionalString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        return BatchUpdate(energy: energy, money: money, diamonds: diamonds, date: date, hourOfDay: hourOfDay, minuteOfHour: minuteOfHour, season: season, gameSpeed: gameSpeed, status: status, age: age, health: health, happiness: happiness, intelligence: intelligence, prestige: prestige, mood: mood, location: location, memberwise: MemberwiseInit())
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        if let energy { writer.key("\"energy\":"); energy.encode(to: &writer) }
        if let money { writer.key("\"money\":"); money.encode(to: &writer) }
        if let diamonds { writer.key("\"diamonds\":"); diamonds.encode(to: &writer) }
        if let date { writer.key("\"date\":"); date.encode(to: &writer) }
        if let hourOfDay { writer.key("\"hourOfDay\":"); hourOfDay.encode(to: &writer) }
        if let minuteOfHour { writer.key("\"minuteOfHour\":"); minuteOfHour.encode(to: &writer) }
        if let season { writer.key("\"season\":"); season.encode(to: &writer) }
        if let gameSpeed { writer.key("\"gameSpeed\":"); gameSpeed.encode(to: &writer) }
        if let status { writer.key("\"status\":"); status.encode(to: &writer) }
        if let age { writer.key("\"age\":"); age.encode(to: &writer) }
        if let health { writer.key("\"health\":"); health.encode(to: &writer) }
        if let happiness { writer.key("\"happiness\":"); happiness.encode(to: &writer) }
        if let intelligence { writer.key("\"intelligence\":"); intelligence.encode(to: &writer) }
        if let prestige { writer.key("\"prestige\":"); prestige.encode(to: &writer) }
        if let mood { writer.key("\"mood\":"); mood.encode(to: &writer) }
        if let location { writer.key("\"location\":"); location.encode(to: &writer) }
        writer.endObject()
    }
}

extension PlayerObject: WireCodable {
    static let wireFields: JSONFieldNames = ["date", "status", "season", "hourOfDay", "minuteOfHour", "gameSpeed",
        "person", "r", "relData", "activities", "activityRecords", "habits", "focuses", "storeItems", "inventory",
        "occupations", "inAppPurchases", "activeConversations"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> PlayerObject {
        var date: String? = nil
        var status: String? = nil
        var season: String? = nil
        var hourOfDay: Int? = nil
        var minuteOfHour: Int? = nil
        var gameSpeed: Int? = nil
        var person: Person? = nil
        var r: [Person] = []
        var relData: [Relationship] = []
        var activities: [Activity] = []
        var activityRecords: [ActivityRecord] = []
        var habits: [Habit] = []
        var focuses: [FocusOption] = []
        var storeItems: [StoreItem] = []
        var inventory: [StoreItem] = []
        var occupations: [Occupation] = []
        var inAppPurchases: [InAppPurchase] = []
        var activeConversations: [Conversation] = []
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // date
                    date = try reader.readString()
                case 1: // status
                    status = try reader.readString()
                case 2: // season
                    season = try reader.readString()
                case 3: // hourOfDay
                    hourOfDay = try Int.decode(from: &reader)
                case 4: // minuteOfHour
                    minuteOfHour = try Int.decode(from: &reader)
                case 5: // gameSpeed
                    gameSpeed = try Int.decode(from: &reader)
                case 6: // person
                    person = try Person.decode(from: &reader)
                case 7: // r
                    r = try reader.readArray(of: Person.self)
                case 8: // relData
                    relData = try reader.readArray(of: Relationship.self)
                case 9: // activities
                    activities = try reader.readArray(of: Activity.self)
                case 10: // activityRecords
                    activityRecords = try reader.readArray(of: ActivityRecord.self)
                case 11: // habits
                    habits = try reader.readArray(of: Habit.self)
                case 12: // focuses
                    focuses = try reader.readArray(of: FocusOption.self)
                case 13: // storeItems
                    storeItems = try reader.readArray(of: StoreItem.self)
                case 14: // inventory
                    inventory = try reader.readArray(of: StoreItem.self)
                case 15: // occupations
                    occupations = try reader.readArray(of: Occupation.self)
                case 16: // inAppPurchases
                    inAppPurchases = try reader.readArray(of: InAppPurchase.self)
                case 17: // activeConversations
                    activeConversations = try reader.readArray(of: Conversation.self)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let date else { throw reader.missingField("date") }
        guard let status else { throw reader.missingField("status") }
        guard let season else { throw reader.missingField("season") }
        guard let hourOfDay else { throw reader.missingField("hourOfDay") }
        guard let minuteOfHour else { throw reader.missingField("minuteOfHour") }
        guard let gameSpeed else { throw reader.missingField("gameSpeed") }
        guard let person else { throw reader.missingField("person") }
        return PlayerObject(date: date, status: status, season: season, hourOfDay: hourOfDay, minuteOfHour: minuteOfHour, gameSpeed: gameSpeed, person: person, r: r, relData: relData, activities: activities, activityRecords: activityRecords, habits: habits, focuses: focuses, storeItems: storeItems, inventory: inventory, occupations: occupations, inAppPurchases: inAppPurchases, activeConversations: activeConversations)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"date\":"); date.encode(to: &writer)
        writer.key("\"status\":"); status.encode(to: &writer)
        writer.key("\"season\":"); season.encode(to: &writer)
        writer.key("\"hourOfDay\":"); hourOfDay.encode(to: &writer)
        writer.key("\"minuteOfHour\":"); minuteOfHour.encode(to: &writer)
        writer.key("\"gameSpeed\":"); gameSpeed.encode(to: &writer)
        writer.key("\"person\":"); person.encode(to: &writer)
        writer.key("\"r\":"); writer.writeArray(r)
        writer.key("\"relData\":"); writer.writeArray(relData)
        writer.key("\"activities\":"); writer.writeArray(activities)
        writer.key("\"activityRecords\":"); writer.writeArray(activityRecords)
        writer.key("\"habits\":"); writer.writeArray(habits)
        writer.key("\"focuses\":"); writer.writeArray(focuses)
        writer.key("\"storeItems\":"); writer.writeArray(storeItems)
        writer.key("\"inventory\":"); writer.writeArray(inventory)
        writer.key("\"occupations\":"); writer.writeArray(occupations)
        writer.key("\"inAppPurchases\":"); writer.writeArray(inAppPurchases)
        writer.key("\"activeConversations\":"); writer.writeArray(activeConversations)
        writer.endObject()
    }
}

extension ConversationEvent: WireCodable {
    static let wireFields: JSONFieldNames = ["conversationId", "personId", "message"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ConversationEvent {
        var conversationId: String? = nil
        var personId: String? = nil
        var message: ConversationMessage? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // conversationId
                    conversationId = try reader.readString()
                case 1: // personId
                    personId = try reader.readString()
                case 2: // message
                    message = try ConversationMessage.decode(from: &reader)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let conversationId else { throw reader.missingField("conversationId") }
        guard let personId else { throw reader.missingField("personId") }
        guard let message else { throw reader.missingField("message") }
        return ConversationEvent(conversationId: conversationId, personId: personId, message: message)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"conversationId\":"); conversationId.encode(to: &writer)
        writer.key("\"personId\":"); personId.encode(to: &writer)
        writer.key("\"message\":"); message.encode(to: &writer)
        writer.endObject()
    }
}

extension RelationshipEvent: WireCodable {
    static let wireFields: JSONFieldNames = ["personId", "milestone", "kind", "status", "affinity", "text", "person"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> RelationshipEvent {
        var personId: String? = nil
        var milestone: String? = nil
        var kind: Relationship.Kind? = nil
        var status: String? = nil
        var affinity: Int? = nil
        var text: String? = nil
        var person: Person? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // personId
                    personId = try reader.readString()
                case 1: // milestone
                    milestone = try reader.readString()
                case 2: // kind
                    kind = try Relationship.Kind.decode(from: &reader)
                case 3: // status
                    status = try reader.readString()
                case 4: // affinity
                    affinity = try Int.decode(from: &reader)
                case 5: // text
                    text = try reader.readString()
                case 6: // person
                    person = try reader.readOptional(Person.self)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let personId else { throw reader.missingField("personId") }
        guard let milestone else { throw reader.missingField("milestone") }
        guard let kind else { throw reader.missingField("kind") }
        guard let status else { throw reader.missingField("status") }
        guard let affinity else { throw reader.missingField("affinity") }
        guard let text else { throw reader.missingField("text") }
        return RelationshipEvent(personId: personId, milestone: milestone, kind: kind, status: status, affinity: affinity, text: text, person: person, memberwise: MemberwiseInit())
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"personId\":"); personId.encode(to: &writer)
        writer.key("\"milestone\":"); milestone.encode(to: &writer)
        writer.key("\"kind\":"); kind.encode(to: &writer)
        writer.key("\"status\":"); status.encode(to: &writer)
        writer.key("\"affinity\":"); affinity.encode(to: &writer)
        writer.key("\"text\":"); text.encode(to: &writer)
        if let person { writer.key("\"person\":"); person.encode(to: &writer) }
        writer.endObject()
    }
}

extension AchievementsList: WireCodable {
    static let wireFields: JSONFieldNames = ["achievements"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> AchievementsList {
        var achievements: [Achievement]? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // achievements
                    achievements = try reader.readArray(of: Achievement.self)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let achievements else { throw reader.missingField("achievements") }
        return AchievementsList(achievements: achievements)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"achievements\":"); writer.writeArray(achievements)
        writer.endObject()
    }
}

extension AchievementUnlocked: WireCodable {
    static let wireFields: JSONFieldNames = ["achievement"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> AchievementUnlocked {
        var achievement: Achievement? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // achievement
                    achievement = try Achievement.decode(from: &reader)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let achievement else { throw reader.missingField("achievement") }
        return AchievementUnlocked(achievement: achievement)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"achievement\":"); achievement.encode(to: &writer)
        writer.endObject()
    }
}

extension DailyRewardClaimed: WireCodable {
    static let wireFields: JSONFieldNames = ["day", "streak", "energy", "money", "diamonds"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> DailyRewardClaimed {
        var day: Int? = nil
        var streak: Int? = nil
        var energy: Int? = nil
        var money: Int? = nil
        var diamonds: Int? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // day
                    day = try Int.decode(from: &reader)
                case 1: // streak
                    streak = try Int.decode(from: &reader)
                case 2: // energy
                    energy = try Int.decode(from: &reader)
                case 3: // money
                    money = try Int.decode(from: &reader)
                case 4: // diamonds
                    diamonds = try Int.decode(from: &reader)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let day else { throw reader.missingField("day") }
        guard let streak else { throw reader.missingField("streak") }
        guard let energy else { throw reader.missingField("energy") }
        guard let money else { throw reader.missingField("money") }
        guard let diamonds else { throw reader.missingField("diamonds") }
        return DailyRewardClaimed(day: day, streak: streak, energy: energy, money: money, diamonds: diamonds)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"day\":"); day.encode(to: &writer)
        writer.key("\"streak\":"); streak.encode(to: &writer)
        writer.key("\"energy\":"); energy.encode(to: &writer)
        writer.key("\"money\":"); money.encode(to: &writer)
        writer.key("\"diamonds\":"); diamonds.encode(to: &writer)
        writer.endObject()
    }
}

extension QuestRewardClaimed: WireCodable {
    static let wireFields: JSONFieldNames = ["questId", "energy", "money", "diamonds"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> QuestRewardClaimed {
        var questId: String? = nil
        var energy: Int? = nil
        var money: Int? = nil
        var diamonds: Int? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // questId
                    questId = try reader.readString()
                case 1: // energy
                    energy = try Int.decode(from: &reader)
                case 2: // money
                    money = try Int.decode(from: &reader)
                case 3: // diamonds
                    diamonds = try Int.decode(from: &reader)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let questId else { throw reader.missingField("questId") }
        guard let energy else { throw reader.missingField("energy") }
        guard let money else { throw reader.missingField("money") }
        guard let diamonds else { throw reader.missingField("diamonds") }
        return QuestRewardClaimed(questId: questId, energy: energy, money: money, diamonds: diamonds)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"questId\":"); questId.encode(to: &writer)
        writer.key("\"energy\":"); energy.encode(to: &writer)
        writer.key("\"money\":"); money.encode(to: &writer)
        writer.key("\"diamonds\":"); diamonds.encode(to: &writer)
        writer.endObject()
    }
}

extension EnergyRefillTiers: WireCodable {
    static let wireFields: JSONFieldNames = ["tiers"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> EnergyRefillTiers {
        var tiers: [EnergyRefillTier]? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // tiers
                    tiers = try reader.readArray(of: EnergyRefillTier.self)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let tiers else { throw reader.missingField("tiers") }
        return EnergyRefillTiers(tiers: tiers)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"tiers\":"); writer.writeArray(tiers)
        writer.endObject()
    }
}

extension TimeSkipTiers: WireCodable {
    static let wireFields: JSONFieldNames = ["tiers"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> TimeSkipTiers {
        var tiers: [TimeSkipTier]? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // tiers
                    tiers = try reader.readArray(of: TimeSkipTier.self)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let tiers else { throw reader.missingField("tiers") }
        return TimeSkipTiers(tiers: tiers)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"tiers\":"); writer.writeArray(tiers)
        writer.endObject()
    }
}

extension ExtraCurriculars: WireCodable {
    static let wireFields: JSONFieldNames = ["activities"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ExtraCurriculars {
        var activities: [Activity]? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // activities
                    activities = try reader.readArray(of: Activity.self)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let activities else { throw reader.missingField("activities") }
        return ExtraCurriculars(activities: activities)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"activities\":"); writer.writeArray(activities)
        writer.endObject()
    }
}

extension PlayerStatistics: WireCodable {
    static let wireFields: JSONFieldNames = ["daysPlayed", "eventsReceived", "eventsClaimed", "questionsAnswered",
        "relationships", "dates", "purchases", "achievementsUnlocked"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> PlayerStatistics {
        var daysPlayed: Int? = nil
        var eventsReceived: Int? = nil
        var eventsClaimed: Int? = nil
        var questionsAnswered: Int? = nil
        var relationships: Int? = nil
        var dates: Int? = nil
        var purchases: Int? = nil
        var achievementsUnlocked: Int? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // daysPlayed
                    daysPlayed = try Int.decode(from: &reader)
                case 1: // eventsReceived
                    eventsReceived = try Int.decode(from: &reader)
                case 2: // eventsClaimed
                    eventsClaimed = try Int.decode(from: &reader)
                case 3: // questionsAnswered
                    questionsAnswered = try Int.decode(from: &reader)
                case 4: // relationships
                    relationships = try Int.decode(from: &reader)
                case 5: // dates
                    dates = try Int.decode(from: &reader)
                case 6: // purchases
                    purchases = try Int.decode(from: &reader)
                case 7: // achievementsUnlocked
                    achievementsUnlocked = try Int.decode(from: &reader)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let daysPlayed else { throw reader.missingField("daysPlayed") }
        guard let eventsReceived else { throw reader.missingField("eventsReceived") }
        guard let eventsClaimed else { throw reader.missingField("eventsClaimed") }
        guard let questionsAnswered else { throw reader.missingField("questionsAnswered") }
        guard let relationships else { throw reader.missingField("relationships") }
        guard let dates else { throw reader.missingField("dates") }
        guard let purchases else { throw reader.missingField("purchases") }
        guard let achievementsUnlocked else { throw reader.missingField("achievementsUnlocked") }
        return PlayerStatistics(daysPlayed: daysPlayed, eventsReceived: eventsReceived, eventsClaimed: eventsClaimed, questionsAnswered: questionsAnswered, relationships: relationships, dates: dates, purchases: purchases, achievementsUnlocked: achievementsUnlocked)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"daysPlayed\":"); daysPlayed.encode(to: &writer)
        writer.key("\"eventsReceived\":"); eventsReceived.encode(to: &writer)
        writer.key("\"eventsClaimed\":"); eventsClaimed.encode(to: &writer)
        writer.key("\"questionsAnswered\":"); questionsAnswered.encode(to: &writer)
        writer.key("\"relationships\":"); relationships.encode(to: &writer)
        writer.key("\"dates\":"); dates.encode(to: &writer)
        writer.key("\"purchases\":"); purchases.encode(to: &writer)
        writer.key("\"achievementsUnlocked\":"); achievementsUnlocked.encode(to: &writer)
        writer.endObject()
    }
}

extension DataExportComplete: WireCodable {
    static let wireFields: JSONFieldNames = ["url", "bytes"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> DataExportComplete {
        var url: String? = nil
        var bytes: Int? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // url
                    url = try reader.readString()
                case 1: // bytes
                    bytes = try Int.decode(from: &reader)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let url else { throw reader.missingField("url") }
        guard let bytes else { throw reader.missingField("bytes") }
        return DataExportComplete(url: url, bytes: bytes)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"url\":"); url.encode(to: &writer)
        writer.key("\"bytes\":"); bytes.encode(to: &writer)
        writer.endObject()
    }
}

extension AccountDeletionScheduled: WireCodable {
    static let wireFields: JSONFieldNames = ["scheduledFor"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> AccountDeletionScheduled {
        var scheduledFor: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // scheduledFor
                    scheduledFor = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let scheduledFor else { throw reader.missingField("scheduledFor") }
        return AccountDeletionScheduled(scheduledFor: scheduledFor)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"scheduledFor\":"); scheduledFor.encode(to: &writer)
        writer.endObject()
    }
}

extension ClaimResult: WireCodable {
    static let wireFields: JSONFieldNames = ["eventId", "accepted", "reason"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ClaimResult {
        var eventId: String? = nil
        var accepted: Bool? = nil
        var reason: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // eventId
                    eventId = try reader.readString()
                case 1: // accepted
                    accepted = try Bool.decode(from: &reader)
                case 2: // reason
                    reason = try reader.readOptionalString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let eventId else { throw reader.missingField("eventId") }
        guard let accepted else { throw reader.missingField("accepted") }
        return ClaimResult(eventId: eventId, accepted: accepted, reason: reason)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"eventId\":"); eventId.encode(to: &writer)
        writer.key("\"accepted\":"); accepted.encode(to: &writer)
        if let reason { writer.key("\"reason\":"); reason.encode(to: &writer) }
        writer.endObject()
    }
}

extension PurchaseResult: WireCodable {
    static let wireFields: JSONFieldNames = ["kind", "id", "success", "reason", "energy", "money", "diamonds",
        "summary"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> PurchaseResult {
        var kind: PurchaseResult.Kind? = nil
        var id: String? = nil
        var success: Bool? = nil
        var reason: String? = nil
        var energy: Int? = nil
        var money: Int? = nil
        var diamonds: Int? = nil
        var summary: TimeSkipSummary? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // kind
                    kind = try PurchaseResult.Kind.decode(from: &reader)
                case 1: // id
                    id = try reader.readString()
                case 2: // success
                    success = try Bool.decode(from: &reader)
                case 3: // reason
                    reason = try reader.readOptionalString()
                case 4: // energy
                    energy = try reader.readOptionalInt()
                case 5: // money
                    money = try reader.readOptionalInt()
                case 6: // diamonds
                    diamonds = try reader.readOptionalInt()
                case 7: // summary
                    summary = try reader.readOptional(TimeSkipSummary.self)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let kind else { throw reader.missingField("kind") }
        guard let id else { throw reader.missingField("id") }
        guard let success else { throw reader.missingField("success") }
        return PurchaseResult(kind: kind, id: id, success: success, reason: reason, energy: energy, money: money, diamonds: diamonds, summary: summary)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"kind\":"); kind.encode(to: &writer)
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"success\":"); success.encode(to: &writer)
        if let reason { writer.key("\"reason\":"); reason.encode(to: &writer) }
        if let energy { writer.key("\"energy\":"); energy.encode(to: &writer) }
        if let money { writer.key("\"money\":"); money.encode(to: &writer) }
        if let diamonds { writer.key("\"diamonds\":"); diamonds.encode(to: &writer) }
        if let summary { writer.key("\"summary\":"); summary.encode(to: &writer) }
        writer.endObject()
    }
}

extension MatchResult: WireCodable {
    static let wireFields: JSONFieldNames = ["personId", "matched", "compatibility"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> MatchResult {
        var personId: String? = nil
        var matched: Bool? = nil
        var compatibility: Int? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // personId
                    personId = try reader.readString()
                case 1: // matched
                    matched = try Bool.decode(from: &reader)
                case 2: // compatibility
                    compatibility = try Int.decode(from: &reader)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let personId else { throw reader.missingField("personId") }
        guard let matched else { throw reader.missingField("matched") }
        guard let compatibility else { throw reader.missingField("compatibility") }
        return MatchResult(personId: personId, matched: matched, compatibility: compatibility)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"personId\":"); personId.encode(to: &writer)
        writer.key("\"matched\":"); matched.encode(to: &writer)
        writer.key("\"compatibility\":"); compatibility.encode(to: &writer)
        writer.endObject()
    }
}

extension ServerError: WireCodable {
    static let wireFields: JSONFieldNames = ["kind", "message"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ServerError {
        var kind: ServerError.Kind? = nil
        var message: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // kind
                    kind = try ServerError.Kind.decode(from: &reader)
                case 1: // message
                    message = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let kind else { throw reader.missingField("kind") }
        guard let message else { throw reader.missingField("message") }
        return ServerError(kind: kind, message: message)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"kind\":"); kind.encode(to: &writer)
        writer.key("\"message\":"); message.encode(to: &writer)
        writer.endObject()
    }
}
