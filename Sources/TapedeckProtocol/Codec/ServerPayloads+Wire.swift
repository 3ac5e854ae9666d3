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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { energy = try reader.readOptionalInt() } catch { throw error.inside(.field("energy")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { money = try reader.readOptionalInt() } catch { throw error.inside(.field("money")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { diamonds = try reader.readOptionalInt() } catch { throw error.inside(.field("diamonds")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { date = try reader.readOptionalString() } catch { throw error.inside(.field("date")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { hourOfDay = try reader.readOptionalInt() } catch { throw error.inside(.field("hourOfDay")) }
            field = try reader.nextField(fields, after: 4)
        }
        if field == 5 {
            do { minuteOfHour = try reader.readOptionalInt() } catch { throw error.inside(.field("minuteOfHour")) }
            field = try reader.nextField(fields, after: 5)
        }
        if field == 6 {
            do { location = try reader.readOptionalString() } catch { throw error.inside(.field("location")) }
            field = try reader.nextField(fields, after: 6)
        }
        if field == 7 {
            do { mood = try reader.readOptionalString() } catch { throw error.inside(.field("mood")) }
            field = try reader.nextField(fields, after: 7)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { energy = try reader.readOptionalInt() } catch { throw error.inside(.field("energy")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { money = try reader.readOptionalInt() } catch { throw error.inside(.field("money")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { diamonds = try reader.readOptionalInt() } catch { throw error.inside(.field("diamonds")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { date = try reader.readOptionalString() } catch { throw error.inside(.field("date")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { hourOfDay = try reader.readOptionalInt() } catch { throw error.inside(.field("hourOfDay")) }
            field = try reader.nextField(fields, after: 4)
        }
        if field == 5 {
            do { minuteOfHour = try reader.readOptionalInt() } catch { throw error.inside(.field("minuteOfHour")) }
            field = try reader.nextField(fields, after: 5)
        }
        if field == 6 {
            do { season = try reader.readOptionalString() } catch { throw error.inside(.field("season")) }
            field = try reader.nextField(fields, after: 6)
        }
        if field == 7 {
            do { gameSpeed = try reader.readOptionalInt() } catch { throw error.inside(.field("gameSpeed")) }
            field = try reader.nextField(fields, after: 7)
        }
        if field == 8 {
            do { status = try reader.readOptionalString() } catch { throw error.inside(.field("status")) }
            field = try reader.nextField(fields, after: 8)
        }
        if field == 9 {
            do { age = try reader.readOptionalInt() } catch { throw error.inside(.field("age")) }
            field = try reader.nextField(fields, after: 9)
        }
        if field == 10 {
            do { health = try reader.readOptionalInt() } catch { throw error.inside(.field("health")) }
            field = try reader.nextField(fields, after: 10)
        }
        if field == 11 {
            do { happiness = try reader.readOptionalInt() } catch { throw error.inside(.field("happiness")) }
            field = try reader.nextField(fields, after: 11)
        }
        if field == 12 {
            do { intelligence = try reader.readOptionalInt() } catch { throw error.inside(.field("intelligence")) }
            field = try reader.nextField(fields, after: 12)
        }
        if field == 13 {
            do { prestige = try reader.readOptionalInt() } catch { throw error.inside(.field("prestige")) }
            field = try reader.nextField(fields, after: 13)
        }
        if field == 14 {
            do { mood = try reader.readOptionalString() } catch { throw error.inside(.field("mood")) }
            field = try reader.nextField(fields, after: 14)
        }
        if field == 15 {
            do { location = try reader.readOptionalString() } catch { throw error.inside(.field("location")) }
            field = try reader.nextField(fields, after: 15)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { date = try reader.readString() } catch { throw error.inside(.field("date")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { status = try reader.readString() } catch { throw error.inside(.field("status")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { season = try reader.readString() } catch { throw error.inside(.field("season")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { hourOfDay = try Int.decode(from: &reader) } catch { throw error.inside(.field("hourOfDay")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { minuteOfHour = try Int.decode(from: &reader) } catch { throw error.inside(.field("minuteOfHour")) }
            field = try reader.nextField(fields, after: 4)
        }
        if field == 5 {
            do { gameSpeed = try Int.decode(from: &reader) } catch { throw error.inside(.field("gameSpeed")) }
            field = try reader.nextField(fields, after: 5)
        }
        if field == 6 {
            do { person = try Person.decode(from: &reader) } catch { throw error.inside(.field("person")) }
            field = try reader.nextField(fields, after: 6)
        }
        if field == 7 {
            do { r = try reader.readArray(of: Person.self) } catch { throw error.inside(.field("r")) }
            field = try reader.nextField(fields, after: 7)
        }
        if field == 8 {
            do { relData = try reader.readArray(of: Relationship.self) } catch { throw error.inside(.field("relData")) }
            field = try reader.nextField(fields, after: 8)
        }
        if field == 9 {
            do { activities = try reader.readArray(of: Activity.self) } catch { throw error.inside(.field("activities")) }
            field = try reader.nextField(fields, after: 9)
        }
        if field == 10 {
            do { activityRecords = try reader.readArray(of: ActivityRecord.self) } catch { throw error.inside(.field("activityRecords")) }
            field = try reader.nextField(fields, after: 10)
        }
        if field == 11 {
            do { habits = try reader.readArray(of: Habit.self) } catch { throw error.inside(.field("habits")) }
            field = try reader.nextField(fields, after: 11)
        }
        if field == 12 {
            do { focuses = try reader.readArray(of: FocusOption.self) } catch { throw error.inside(.field("focuses")) }
            field = try reader.nextField(fields, after: 12)
        }
        if field == 13 {
            do { storeItems = try reader.readArray(of: StoreItem.self) } catch { throw error.inside(.field("storeItems")) }
            field = try reader.nextField(fields, after: 13)
        }
        if field == 14 {
            do { inventory = try reader.readArray(of: StoreItem.self) } catch { throw error.inside(.field("inventory")) }
            field = try reader.nextField(fields, after: 14)
        }
        if field == 15 {
            do { occupations = try reader.readArray(of: Occupation.self) } catch { throw error.inside(.field("occupations")) }
            field = try reader.nextField(fields, after: 15)
        }
        if field == 16 {
            do { inAppPurchases = try reader.readArray(of: InAppPurchase.self) } catch { throw error.inside(.field("inAppPurchases")) }
            field = try reader.nextField(fields, after: 16)
        }
        if field == 17 {
            do { activeConversations = try reader.readArray(of: Conversation.self) } catch { throw error.inside(.field("activeConversations")) }
            field = try reader.nextField(fields, after: 17)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { conversationId = try reader.readString() } catch { throw error.inside(.field("conversationId")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { personId = try reader.readString() } catch { throw error.inside(.field("personId")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { message = try ConversationMessage.decode(from: &reader) } catch { throw error.inside(.field("message")) }
            field = try reader.nextField(fields, after: 2)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { personId = try reader.readString() } catch { throw error.inside(.field("personId")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { milestone = try reader.readString() } catch { throw error.inside(.field("milestone")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { kind = try Relationship.Kind.decode(from: &reader) } catch { throw error.inside(.field("kind")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { status = try reader.readString() } catch { throw error.inside(.field("status")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { affinity = try Int.decode(from: &reader) } catch { throw error.inside(.field("affinity")) }
            field = try reader.nextField(fields, after: 4)
        }
        if field == 5 {
            do { text = try reader.readString() } catch { throw error.inside(.field("text")) }
            field = try reader.nextField(fields, after: 5)
        }
        if field == 6 {
            do { person = try reader.readOptional(Person.self) } catch { throw error.inside(.field("person")) }
            field = try reader.nextField(fields, after: 6)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { achievements = try reader.readArray(of: Achievement.self) } catch { throw error.inside(.field("achievements")) }
            field = try reader.nextField(fields, after: 0)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { achievement = try Achievement.decode(from: &reader) } catch { throw error.inside(.field("achievement")) }
            field = try reader.nextField(fields, after: 0)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { day = try Int.decode(from: &reader) } catch { throw error.inside(.field("day")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { streak = try Int.decode(from: &reader) } catch { throw error.inside(.field("streak")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { energy = try Int.decode(from: &reader) } catch { throw error.inside(.field("energy")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { money = try Int.decode(from: &reader) } catch { throw error.inside(.field("money")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { diamonds = try Int.decode(from: &reader) } catch { throw error.inside(.field("diamonds")) }
            field = try reader.nextField(fields, after: 4)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { questId = try reader.readString() } catch { throw error.inside(.field("questId")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { energy = try Int.decode(from: &reader) } catch { throw error.inside(.field("energy")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { money = try Int.decode(from: &reader) } catch { throw error.inside(.field("money")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { diamonds = try Int.decode(from: &reader) } catch { throw error.inside(.field("diamonds")) }
            field = try reader.nextField(fields, after: 3)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { tiers = try reader.readArray(of: EnergyRefillTier.self) } catch { throw error.inside(.field("tiers")) }
            field = try reader.nextField(fields, after: 0)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { tiers = try reader.readArray(of: TimeSkipTier.self) } catch { throw error.inside(.field("tiers")) }
            field = try reader.nextField(fields, after: 0)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { activities = try reader.readArray(of: Activity.self) } catch { throw error.inside(.field("activities")) }
            field = try reader.nextField(fields, after: 0)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { daysPlayed = try Int.decode(from: &reader) } catch { throw error.inside(.field("daysPlayed")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { eventsReceived = try Int.decode(from: &reader) } catch { throw error.inside(.field("eventsReceived")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { eventsClaimed = try Int.decode(from: &reader) } catch { throw error.inside(.field("eventsClaimed")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { questionsAnswered = try Int.decode(from: &reader) } catch { throw error.inside(.field("questionsAnswered")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { relationships = try Int.decode(from: &reader) } catch { throw error.inside(.field("relationships")) }
            field = try reader.nextField(fields, after: 4)
        }
        if field == 5 {
            do { dates = try Int.decode(from: &reader) } catch { throw error.inside(.field("dates")) }
            field = try reader.nextField(fields, after: 5)
        }
        if field == 6 {
            do { purchases = try Int.decode(from: &reader) } catch { throw error.inside(.field("purchases")) }
            field = try reader.nextField(fields, after: 6)
        }
        if field == 7 {
            do { achievementsUnlocked = try Int.decode(from: &reader) } catch { throw error.inside(.field("achievementsUnlocked")) }
            field = try reader.nextField(fields, after: 7)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { url = try reader.readString() } catch { throw error.inside(.field("url")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { bytes = try Int.decode(from: &reader) } catch { throw error.inside(.field("bytes")) }
            field = try reader.nextField(fields, after: 1)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { scheduledFor = try reader.readString() } catch { throw error.inside(.field("scheduledFor")) }
            field = try reader.nextField(fields, after: 0)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { eventId = try reader.readString() } catch { throw error.inside(.field("eventId")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { accepted = try Bool.decode(from: &reader) } catch { throw error.inside(.field("accepted")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { reason = try reader.readOptionalString() } catch { throw error.inside(.field("reason")) }
            field = try reader.nextField(fields, after: 2)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { kind = try PurchaseResult.Kind.decode(from: &reader) } catch { throw error.inside(.field("kind")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { id = try reader.readString() } catch { throw error.inside(.field("id")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { success = try Bool.decode(from: &reader) } catch { throw error.inside(.field("success")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { reason = try reader.readOptionalString() } catch { throw error.inside(.field("reason")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { energy = try reader.readOptionalInt() } catch { throw error.inside(.field("energy")) }
            field = try reader.nextField(fields, after: 4)
        }
        if field == 5 {
            do { money = try reader.readOptionalInt() } catch { throw error.inside(.field("money")) }
            field = try reader.nextField(fields, after: 5)
        }
        if field == 6 {
            do { diamonds = try reader.readOptionalInt() } catch { throw error.inside(.field("diamonds")) }
            field = try reader.nextField(fields, after: 6)
        }
        if field == 7 {
            do { summary = try reader.readOptional(TimeSkipSummary.self) } catch { throw error.inside(.field("summary")) }
            field = try reader.nextField(fields, after: 7)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { personId = try reader.readString() } catch { throw error.inside(.field("personId")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { matched = try Bool.decode(from: &reader) } catch { throw error.inside(.field("matched")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { compatibility = try Int.decode(from: &reader) } catch { throw error.inside(.field("compatibility")) }
            field = try reader.nextField(fields, after: 2)
        }
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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { kind = try ServerError.Kind.decode(from: &reader) } catch { throw error.inside(.field("kind")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { message = try reader.readString() } catch { throw error.inside(.field("message")) }
            field = try reader.nextField(fields, after: 1)
        }
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
