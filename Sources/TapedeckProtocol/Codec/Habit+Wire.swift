// JSON decoding and encoding of the types in Model/Habit.swift; field order is the order in docs/PROTOCOL.md.

extension Habit.Status: WireEnum {
    static let wireNames = WireEnumNames<Self>()
}

extension Habit: WireCodable {
    static let wireFields: JSONFieldNames = ["id", "name", "status", "quitDays"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Habit {
        var id: String? = nil
        var name: String? = nil
        var status: Habit.Status? = nil
        var quitDays: Int = 0
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { id = try reader.readString() } catch { throw error.inside(.field("id")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { name = try reader.readString() } catch { throw error.inside(.field("name")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { status = try Habit.Status.decode(from: &reader) } catch { throw error.inside(.field("status")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { quitDays = try Int.decode(from: &reader) } catch { throw error.inside(.field("quitDays")) }
            field = try reader.nextField(fields, after: 3)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // name
                    name = try reader.readString()
                case 2: // status
                    status = try Habit.Status.decode(from: &reader)
                case 3: // quitDays
                    quitDays = try Int.decode(from: &reader)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let id else { throw reader.missingField("id") }
        guard let name else { throw reader.missingField("name") }
        guard let status else { throw reader.missingField("status") }
        return Habit(id: id, name: name, status: status, quitDays: quitDays)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"name\":"); name.encode(to: &writer)
        writer.key("\"status\":"); status.encode(to: &writer)
        writer.key("\"quitDays\":"); quitDays.encode(to: &writer)
        writer.endObject()
    }
}
