// JSON decoding and encoding of the types in Model/LifeEvent.swift; field order is the order in docs/PROTOCOL.md.

extension LifeEvent: WireCodable {
    static let wireFields: JSONFieldNames = ["id", "message", "type", "date", "hour", "energyCost", "moneyCost",
        "diamondCost", "affinityChange", "characters"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> LifeEvent {
        var id: String? = nil
        var message: String? = nil
        var type: String? = nil
        var date: String? = nil
        var hour: Int? = nil
        var energyCost: Int? = nil
        var moneyCost: Int? = nil
        var diamondCost: Int? = nil
        var affinityChange: Int? = nil
        var characters: [SimplePerson] = []
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { id = try reader.readString() } catch { throw error.inside(.field("id")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { message = try reader.readString() } catch { throw error.inside(.field("message")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { type = try reader.readOptionalString() } catch { throw error.inside(.field("type")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { date = try reader.readString() } catch { throw error.inside(.field("date")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { hour = try Int.decode(from: &reader) } catch { throw error.inside(.field("hour")) }
            field = try reader.nextField(fields, after: 4)
        }
        if field == 5 {
            do { energyCost = try reader.readOptionalInt() } catch { throw error.inside(.field("energyCost")) }
            field = try reader.nextField(fields, after: 5)
        }
        if field == 6 {
            do { moneyCost = try reader.readOptionalInt() } catch { throw error.inside(.field("moneyCost")) }
            field = try reader.nextField(fields, after: 6)
        }
        if field == 7 {
            do { diamondCost = try reader.readOptionalInt() } catch { throw error.inside(.field("diamondCost")) }
            field = try reader.nextField(fields, after: 7)
        }
        if field == 8 {
            do { affinityChange = try reader.readOptionalInt() } catch { throw error.inside(.field("affinityChange")) }
            field = try reader.nextField(fields, after: 8)
        }
        if field == 9 {
            do { characters = try reader.readArray(of: SimplePerson.self) } catch { throw error.inside(.field("characters")) }
            field = try reader.nextField(fields, after: 9)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // message
                    message = try reader.readString()
                case 2: // type
                    type = try reader.readOptionalString()
                case 3: // date
                    date = try reader.readString()
                case 4: // hour
                    hour = try Int.decode(from: &reader)
                case 5: // energyCost
                    energyCost = try reader.readOptionalInt()
                case 6: // moneyCost
                    moneyCost = try reader.readOptionalInt()
                case 7: // diamondCost
                    diamondCost = try reader.readOptionalInt()
                case 8: // affinityChange
                    affinityChange = try reader.readOptionalInt()
                case 9: // characters
                    characters = try reader.readArray(of: SimplePerson.self)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let id else { throw reader.missingField("id") }
        guard let message else { throw reader.missingField("message") }
        guard let date else { throw reader.missingField("date") }
        guard let hour else { throw reader.missingField("hour") }
        return LifeEvent(id: id, message: message, type: type, date: date, hour: hour, energyCost: energyCost, moneyCost: moneyCost, diamondCost: diamondCost, affinityChange: affinityChange, characters: characters, memberwise: MemberwiseInit())
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"message\":"); message.encode(to: &writer)
        if let type { writer.key("\"type\":"); type.encode(to: &writer) }
        writer.key("\"date\":"); date.encode(to: &writer)
        writer.key("\"hour\":"); hour.encode(to: &writer)
        if let energyCost { writer.key("\"energyCost\":"); energyCost.encode(to: &writer) }
        if let moneyCost { writer.key("\"moneyCost\":"); moneyCost.encode(to: &writer) }
        if let diamondCost { writer.key("\"diamondCost\":"); diamondCost.encode(to: &writer) }
        if let affinityChange { writer.key("\"affinityChange\":"); affinityChange.encode(to: &writer) }
        writer.key("\"characters\":"); writer.writeArray(characters)
        writer.endObject()
    }
}
