// JSON decoding and encoding of the server message bodies (Messages/ServerPayloads.swift); field order is the order in docs/PROTOCOL.md.

extension PurchaseResult.Kind: WireEnum {
    static let wireNames = WireEnumNames<Self>()
}

extension ServerError.Kind: WireEnum {
    static let wireNames = WireEnumNames<Self>()
}

extension PartialUpdate: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> PartialUpdate {
        var energy: Int? = nil
        var money: Int? = nil
        var diamonds: Int? = nil
        var date: String? = nil
        var hourOfDay: Int? = nil
        var minuteOfHour: Int? = nil
        var location: String? = nil
        var mood: String? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 6 where key == "energy":
                        energy = try reader.readOptional(Int.self)
                    case 5 where key == "money":
                        money = try reader.readOptional(Int.self)
                    case 8 where key == "diamonds":
                        diamonds = try reader.readOptional(Int.self)
                    case 4 where key == "date":
                        date = try reader.readOptional(String.self)
                    case 9 where key == "hourOfDay":
                        hourOfDay = try reader.readOptional(Int.self)
                    case 12 where key == "minuteOfHour":
                        minuteOfHour = try reader.readOptional(Int.self)
                    case 8 where key == "location":
                        location = try reader.readOptional(String.self)
                    case 4 where key == "mood":
                        mood = try reader.readOptional(String.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 6 where key == "energy":
                        energy = try reader.readOptional(Int.self)
                    case 5 where key == "money":
                        money = try reader.readOptional(Int.self)
                    case 8 where key == "diamonds":
                        diamonds = try reader.readOptional(Int.self)
                    case 4 where key == "date":
                        date = try reader.readOptional(String.self)
                    case 9 where key == "hourOfDay":
                        hourOfDay = try reader.readOptional(Int.self)
                    case 12 where key == "minuteOfHour":
                        minuteOfHour = try reader.readOptional(Int.self)
                    case 6 where key == "season":
                        season = try reader.readOptional(String.self)
                    case 9 where key == "gameSpeed":
                        gameSpeed = try reader.readOptional(Int.self)
                    case 6 where key == "status":
                        status = try reader.readOptional(String.self)
                    case 3 where key == "age":
                        age = try reader.readOptional(Int.self)
                    case 6 where key == "health":
                        health = try reader.readOptional(Int.self)
                    case 9 where key == "happiness":
                        happiness = try reader.readOptional(Int.self)
                    case 12 where key == "intelligence":
                        intelligence = try reader.readOptional(Int.self)
                    case 8 where key == "prestige":
                        prestige = try reader.readOptional(Int.self)
                    case 4 where key == "mood":
                        mood = try reader.readOptional(String.self)
                    case 8 where key == "location":
                        location = try reader.readOptional(String.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 4 where key == "date":
                        date = try String.decode(from: &reader)
                    case 6 where key == "status":
                        status = try String.decode(from: &reader)
                    case 6 where key == "season":
                        season = try String.decode(from: &reader)
                    case 9 where key == "hourOfDay":
                        hourOfDay = try Int.decode(from: &reader)
                    case 12 where key == "minuteOfHour":
                        minuteOfHour = try Int.decode(from: &reader)
                    case 9 where key == "gameSpeed":
                        gameSpeed = try Int.decode(from: &reader)
                    case 6 where key == "person":
                        person = try Person.decode(from: &reader)
                    case 1 where key == "r":
                        r = try reader.readArray(of: Person.self)
                    case 7 where key == "relData":
                        relData = try reader.readArray(of: Relationship.self)
                    case 10 where key == "activities":
                        activities = try reader.readArray(of: Activity.self)
                    case 15 where key == "activityRecords":
                        activityRecords = try reader.readArray(of: ActivityRecord.self)
                    case 6 where key == "habits":
                        habits = try reader.readArray(of: Habit.self)
                    case 7 where key == "focuses":
                        focuses = try reader.readArray(of: FocusOption.self)
                    case 10 where key == "storeItems":
                        storeItems = try reader.readArray(of: StoreItem.self)
                    case 9 where key == "inventory":
                        inventory = try reader.readArray(of: StoreItem.self)
                    case 11 where key == "occupations":
                        occupations = try reader.readArray(of: Occupation.self)
                    case 14 where key == "inAppPurchases":
                        inAppPurchases = try reader.readArray(of: InAppPurchase.self)
                    case 19 where key == "activeConversations":
                        activeConversations = try reader.readArray(of: Conversation.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ConversationEvent {
        var conversationId: String? = nil
        var personId: String? = nil
        var message: ConversationMessage? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 14 where key == "conversationId":
                        conversationId = try String.decode(from: &reader)
                    case 8 where key == "personId":
                        personId = try String.decode(from: &reader)
                    case 7 where key == "message":
                        message = try ConversationMessage.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> RelationshipEvent {
        var personId: String? = nil
        var milestone: String? = nil
        var kind: Relationship.Kind? = nil
        var status: String? = nil
        var affinity: Int? = nil
        var text: String? = nil
        var person: Person? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 8 where key == "personId":
                        personId = try String.decode(from: &reader)
                    case 9 where key == "milestone":
                        milestone = try String.decode(from: &reader)
                    case 4 where key == "kind":
                        kind = try Relationship.Kind.decode(from: &reader)
                    case 6 where key == "status":
                        status = try String.decode(from: &reader)
                    case 8 where key == "affinity":
                        affinity = try Int.decode(from: &reader)
                    case 4 where key == "text":
                        text = try String.decode(from: &reader)
                    case 6 where key == "person":
                        person = try reader.readOptional(Person.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> AchievementsList {
        var achievements: [Achievement]? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 12 where key == "achievements":
                        achievements = try reader.readArray(of: Achievement.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> AchievementUnlocked {
        var achievement: Achievement? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 11 where key == "achievement":
                        achievement = try Achievement.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> DailyRewardClaimed {
        var day: Int? = nil
        var streak: Int? = nil
        var energy: Int? = nil
        var money: Int? = nil
        var diamonds: Int? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 3 where key == "day":
                        day = try Int.decode(from: &reader)
                    case 6 where key == "streak":
                        streak = try Int.decode(from: &reader)
                    case 6 where key == "energy":
                        energy = try Int.decode(from: &reader)
                    case 5 where key == "money":
                        money = try Int.decode(from: &reader)
                    case 8 where key == "diamonds":
                        diamonds = try Int.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> QuestRewardClaimed {
        var questId: String? = nil
        var energy: Int? = nil
        var money: Int? = nil
        var diamonds: Int? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 7 where key == "questId":
                        questId = try String.decode(from: &reader)
                    case 6 where key == "energy":
                        energy = try Int.decode(from: &reader)
                    case 5 where key == "money":
                        money = try Int.decode(from: &reader)
                    case 8 where key == "diamonds":
                        diamonds = try Int.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> EnergyRefillTiers {
        var tiers: [EnergyRefillTier]? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 5 where key == "tiers":
                        tiers = try reader.readArray(of: EnergyRefillTier.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> TimeSkipTiers {
        var tiers: [TimeSkipTier]? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 5 where key == "tiers":
                        tiers = try reader.readArray(of: TimeSkipTier.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ExtraCurriculars {
        var activities: [Activity]? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 10 where key == "activities":
                        activities = try reader.readArray(of: Activity.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> PlayerStatistics {
        var daysPlayed: Int? = nil
        var eventsReceived: Int? = nil
        var eventsClaimed: Int? = nil
        var questionsAnswered: Int? = nil
        var relationships: Int? = nil
        var dates: Int? = nil
        var purchases: Int? = nil
        var achievementsUnlocked: Int? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 10 where key == "daysPlayed":
                        daysPlayed = try Int.decode(from: &reader)
                    case 14 where key == "eventsReceived":
                        eventsReceived = try Int.decode(from: &reader)
                    case 13 where key == "eventsClaimed":
                        eventsClaimed = try Int.decode(from: &reader)
                    case 17 where key == "questionsAnswered":
                        questionsAnswered = try Int.decode(from: &reader)
                    case 13 where key == "relationships":
                        relationships = try Int.decode(from: &reader)
                    case 5 where key == "dates":
                        dates = try Int.decode(from: &reader)
                    case 9 where key == "purchases":
                        purchases = try Int.decode(from: &reader)
                    case 20 where key == "achievementsUnlocked":
                        achievementsUnlocked = try Int.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> DataExportComplete {
        var url: String? = nil
        var bytes: Int? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 3 where key == "url":
                        url = try String.decode(from: &reader)
                    case 5 where key == "bytes":
                        bytes = try Int.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> AccountDeletionScheduled {
        var scheduledFor: String? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 12 where key == "scheduledFor":
                        scheduledFor = try String.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ClaimResult {
        var eventId: String? = nil
        var accepted: Bool? = nil
        var reason: String? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 7 where key == "eventId":
                        eventId = try String.decode(from: &reader)
                    case 8 where key == "accepted":
                        accepted = try Bool.decode(from: &reader)
                    case 6 where key == "reason":
                        reason = try reader.readOptional(String.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> PurchaseResult {
        var kind: PurchaseResult.Kind? = nil
        var id: String? = nil
        var success: Bool? = nil
        var reason: String? = nil
        var energy: Int? = nil
        var money: Int? = nil
        var diamonds: Int? = nil
        var summary: TimeSkipSummary? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 4 where key == "kind":
                        kind = try PurchaseResult.Kind.decode(from: &reader)
                    case 2 where key == "id":
                        id = try String.decode(from: &reader)
                    case 7 where key == "success":
                        success = try Bool.decode(from: &reader)
                    case 6 where key == "reason":
                        reason = try reader.readOptional(String.self)
                    case 6 where key == "energy":
                        energy = try reader.readOptional(Int.self)
                    case 5 where key == "money":
                        money = try reader.readOptional(Int.self)
                    case 8 where key == "diamonds":
                        diamonds = try reader.readOptional(Int.self)
                    case 7 where key == "summary":
                        summary = try reader.readOptional(TimeSkipSummary.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> MatchResult {
        var personId: String? = nil
        var matched: Bool? = nil
        var compatibility: Int? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 8 where key == "personId":
                        personId = try String.decode(from: &reader)
                    case 7 where key == "matched":
                        matched = try Bool.decode(from: &reader)
                    case 13 where key == "compatibility":
                        compatibility = try Int.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ServerError {
        var kind: ServerError.Kind? = nil
        var message: String? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 4 where key == "kind":
                        kind = try ServerError.Kind.decode(from: &reader)
                    case 7 where key == "message":
                        message = try String.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
