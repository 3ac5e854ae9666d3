// JSON decoding and encoding of the client message bodies (Messages/ClientPayloads.swift); field order is the order in docs/PROTOCOL.md.

extension Swipe.Direction: WireEnum {
    static let wireNames = WireEnumNames<Self>()
}

extension CreateCharacter: WireCodable {
    static let wireFields: JSONFieldNames = ["name", "lastName", "sex", "interests", "deviceToken"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> CreateCharacter {
        var name: String? = nil
        var lastName: String? = nil
        var sex: String? = nil
        var interests: [String] = []
        var deviceToken: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { name = try reader.readString() } catch { throw error.inside(.field("name")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { lastName = try reader.readString() } catch { throw error.inside(.field("lastName")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { sex = try reader.readString() } catch { throw error.inside(.field("sex")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { interests = try reader.readStringArray() } catch { throw error.inside(.field("interests")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { deviceToken = try reader.readOptionalString() } catch { throw error.inside(.field("deviceToken")) }
            field = try reader.nextField(fields, after: 4)
        }
        while let index = field {
            do {
                switch index {
                case 0: // name
                    name = try reader.readString()
                case 1: // lastName
                    lastName = try reader.readString()
                case 2: // sex
                    sex = try reader.readString()
                case 3: // interests
                    interests = try reader.readStringArray()
                case 4: // deviceToken
                    deviceToken = try reader.readOptionalString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let name else { throw reader.missingField("name") }
        guard let lastName else { throw reader.missingField("lastName") }
        guard let sex else { throw reader.missingField("sex") }
        return CreateCharacter(name: name, lastName: lastName, sex: sex, interests: interests, deviceToken: deviceToken)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"name\":"); name.encode(to: &writer)
        writer.key("\"lastName\":"); lastName.encode(to: &writer)
        writer.key("\"sex\":"); sex.encode(to: &writer)
        writer.key("\"interests\":"); writer.writeArray(interests)
        if let deviceToken { writer.key("\"deviceToken\":"); deviceToken.encode(to: &writer) }
        writer.endObject()
    }
}

extension SpeedChange: WireCodable {
    static let wireFields: JSONFieldNames = ["speed"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> SpeedChange {
        var speed: Int? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { speed = try Int.decode(from: &reader) } catch { throw error.inside(.field("speed")) }
            field = try reader.nextField(fields, after: 0)
        }
        while let index = field {
            do {
                switch index {
                case 0: // speed
                    speed = try Int.decode(from: &reader)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let speed else { throw reader.missingField("speed") }
        return SpeedChange(speed: speed)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"speed\":"); speed.encode(to: &writer)
        writer.endObject()
    }
}

extension ClaimEvent: WireCodable {
    static let wireFields: JSONFieldNames = ["eventId", "timestamp"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ClaimEvent {
        var eventId: String? = nil
        var timestamp: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { eventId = try reader.readString() } catch { throw error.inside(.field("eventId")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { timestamp = try reader.readString() } catch { throw error.inside(.field("timestamp")) }
            field = try reader.nextField(fields, after: 1)
        }
        while let index = field {
            do {
                switch index {
                case 0: // eventId
                    eventId = try reader.readString()
                case 1: // timestamp
                    timestamp = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let eventId else { throw reader.missingField("eventId") }
        guard let timestamp else { throw reader.missingField("timestamp") }
        return ClaimEvent(eventId: eventId, timestamp: timestamp)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"eventId\":"); eventId.encode(to: &writer)
        writer.key("\"timestamp\":"); timestamp.encode(to: &writer)
        writer.endObject()
    }
}

extension AnswerQuestion: WireCodable {
    static let wireFields: JSONFieldNames = ["questionId", "optionId"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> AnswerQuestion {
        var questionId: String? = nil
        var optionId: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { questionId = try reader.readString() } catch { throw error.inside(.field("questionId")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { optionId = try reader.readString() } catch { throw error.inside(.field("optionId")) }
            field = try reader.nextField(fields, after: 1)
        }
        while let index = field {
            do {
                switch index {
                case 0: // questionId
                    questionId = try reader.readString()
                case 1: // optionId
                    optionId = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let questionId else { throw reader.missingField("questionId") }
        guard let optionId else { throw reader.missingField("optionId") }
        return AnswerQuestion(questionId: questionId, optionId: optionId)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"questionId\":"); questionId.encode(to: &writer)
        writer.key("\"optionId\":"); optionId.encode(to: &writer)
        writer.endObject()
    }
}

extension HabitAction: WireCodable {
    static let wireFields: JSONFieldNames = ["habitId"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> HabitAction {
        var habitId: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { habitId = try reader.readString() } catch { throw error.inside(.field("habitId")) }
            field = try reader.nextField(fields, after: 0)
        }
        while let index = field {
            do {
                switch index {
                case 0: // habitId
                    habitId = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let habitId else { throw reader.missingField("habitId") }
        return HabitAction(habitId: habitId)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"habitId\":"); habitId.encode(to: &writer)
        writer.endObject()
    }
}

extension SetFocus: WireCodable {
    static let wireFields: JSONFieldNames = ["focusId"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> SetFocus {
        var focusId: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { focusId = try reader.readString() } catch { throw error.inside(.field("focusId")) }
            field = try reader.nextField(fields, after: 0)
        }
        while let index = field {
            do {
                switch index {
                case 0: // focusId
                    focusId = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let focusId else { throw reader.missingField("focusId") }
        return SetFocus(focusId: focusId)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"focusId\":"); focusId.encode(to: &writer)
        writer.endObject()
    }
}

extension RetrievePerson: WireCodable {
    static let wireFields: JSONFieldNames = ["personId"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> RetrievePerson {
        var personId: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { personId = try reader.readOptionalString() } catch { throw error.inside(.field("personId")) }
            field = try reader.nextField(fields, after: 0)
        }
        while let index = field {
            do {
                switch index {
                case 0: // personId
                    personId = try reader.readOptionalString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        return RetrievePerson(personId: personId)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        if let personId { writer.key("\"personId\":"); personId.encode(to: &writer) }
        writer.endObject()
    }
}

extension Swipe: WireCodable {
    static let wireFields: JSONFieldNames = ["personId", "direction"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Swipe {
        var personId: String? = nil
        var direction: Swipe.Direction? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { personId = try reader.readString() } catch { throw error.inside(.field("personId")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { direction = try Swipe.Direction.decode(from: &reader) } catch { throw error.inside(.field("direction")) }
            field = try reader.nextField(fields, after: 1)
        }
        while let index = field {
            do {
                switch index {
                case 0: // personId
                    personId = try reader.readString()
                case 1: // direction
                    direction = try Swipe.Direction.decode(from: &reader)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let personId else { throw reader.missingField("personId") }
        guard let direction else { throw reader.missingField("direction") }
        return Swipe(personId: personId, direction: direction)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"personId\":"); personId.encode(to: &writer)
        writer.key("\"direction\":"); direction.encode(to: &writer)
        writer.endObject()
    }
}

extension DateRequest: WireCodable {
    static let wireFields: JSONFieldNames = ["personId", "activity"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> DateRequest {
        var personId: String? = nil
        var activity: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { personId = try reader.readString() } catch { throw error.inside(.field("personId")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { activity = try reader.readString() } catch { throw error.inside(.field("activity")) }
            field = try reader.nextField(fields, after: 1)
        }
        while let index = field {
            do {
                switch index {
                case 0: // personId
                    personId = try reader.readString()
                case 1: // activity
                    activity = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let personId else { throw reader.missingField("personId") }
        guard let activity else { throw reader.missingField("activity") }
        return DateRequest(personId: personId, activity: activity)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"personId\":"); personId.encode(to: &writer)
        writer.key("\"activity\":"); activity.encode(to: &writer)
        writer.endObject()
    }
}

extension SendGift: WireCodable {
    static let wireFields: JSONFieldNames = ["personId", "itemId"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> SendGift {
        var personId: String? = nil
        var itemId: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { personId = try reader.readString() } catch { throw error.inside(.field("personId")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { itemId = try reader.readString() } catch { throw error.inside(.field("itemId")) }
            field = try reader.nextField(fields, after: 1)
        }
        while let index = field {
            do {
                switch index {
                case 0: // personId
                    personId = try reader.readString()
                case 1: // itemId
                    itemId = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let personId else { throw reader.missingField("personId") }
        guard let itemId else { throw reader.missingField("itemId") }
        return SendGift(personId: personId, itemId: itemId)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"personId\":"); personId.encode(to: &writer)
        writer.key("\"itemId\":"); itemId.encode(to: &writer)
        writer.endObject()
    }
}

extension SendMessage: WireCodable {
    static let wireFields: JSONFieldNames = ["personId", "text"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> SendMessage {
        var personId: String? = nil
        var text: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { personId = try reader.readString() } catch { throw error.inside(.field("personId")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { text = try reader.readString() } catch { throw error.inside(.field("text")) }
            field = try reader.nextField(fields, after: 1)
        }
        while let index = field {
            do {
                switch index {
                case 0: // personId
                    personId = try reader.readString()
                case 1: // text
                    text = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let personId else { throw reader.missingField("personId") }
        guard let text else { throw reader.missingField("text") }
        return SendMessage(personId: personId, text: text)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"personId\":"); personId.encode(to: &writer)
        writer.key("\"text\":"); text.encode(to: &writer)
        writer.endObject()
    }
}

extension PurchaseItem: WireCodable {
    static let wireFields: JSONFieldNames = ["itemId"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> PurchaseItem {
        var itemId: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { itemId = try reader.readString() } catch { throw error.inside(.field("itemId")) }
            field = try reader.nextField(fields, after: 0)
        }
        while let index = field {
            do {
                switch index {
                case 0: // itemId
                    itemId = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let itemId else { throw reader.missingField("itemId") }
        return PurchaseItem(itemId: itemId)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"itemId\":"); itemId.encode(to: &writer)
        writer.endObject()
    }
}

extension RefillEnergy: WireCodable {
    static let wireFields: JSONFieldNames = ["tier"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> RefillEnergy {
        var tier: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { tier = try reader.readString() } catch { throw error.inside(.field("tier")) }
            field = try reader.nextField(fields, after: 0)
        }
        while let index = field {
            do {
                switch index {
                case 0: // tier
                    tier = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let tier else { throw reader.missingField("tier") }
        return RefillEnergy(tier: tier)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"tier\":"); tier.encode(to: &writer)
        writer.endObject()
    }
}

extension TimeSkip: WireCodable {
    static let wireFields: JSONFieldNames = ["tier"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> TimeSkip {
        var tier: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { tier = try reader.readString() } catch { throw error.inside(.field("tier")) }
            field = try reader.nextField(fields, after: 0)
        }
        while let index = field {
            do {
                switch index {
                case 0: // tier
                    tier = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let tier else { throw reader.missingField("tier") }
        return TimeSkip(tier: tier)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"tier\":"); tier.encode(to: &writer)
        writer.endObject()
    }
}

extension ValidatePurchase: WireCodable {
    static let wireFields: JSONFieldNames = ["productId", "receipt"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ValidatePurchase {
        var productId: String? = nil
        var receipt: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { productId = try reader.readString() } catch { throw error.inside(.field("productId")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { receipt = try reader.readString() } catch { throw error.inside(.field("receipt")) }
            field = try reader.nextField(fields, after: 1)
        }
        while let index = field {
            do {
                switch index {
                case 0: // productId
                    productId = try reader.readString()
                case 1: // receipt
                    receipt = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let productId else { throw reader.missingField("productId") }
        guard let receipt else { throw reader.missingField("receipt") }
        return ValidatePurchase(productId: productId, receipt: receipt)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"productId\":"); productId.encode(to: &writer)
        writer.key("\"receipt\":"); receipt.encode(to: &writer)
        writer.endObject()
    }
}

extension ClaimQuestReward: WireCodable {
    static let wireFields: JSONFieldNames = ["questId"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ClaimQuestReward {
        var questId: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { questId = try reader.readString() } catch { throw error.inside(.field("questId")) }
            field = try reader.nextField(fields, after: 0)
        }
        while let index = field {
            do {
                switch index {
                case 0: // questId
                    questId = try reader.readString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let questId else { throw reader.missingField("questId") }
        return ClaimQuestReward(questId: questId)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"questId\":"); questId.encode(to: &writer)
        writer.endObject()
    }
}
