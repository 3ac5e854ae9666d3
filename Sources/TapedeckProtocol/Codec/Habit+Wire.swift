// JSON decoding and encoding of the types in Model/Habit.swift; field order is the order in docs/PROTOCOL.md.

extension Habit.Status: WireEnum {
    static let wireNames = WireEnumNames<Self>()
}

extension Habit: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Habit {
        var id: String? = nil
        var name: String? = nil
        var status: Habit.Status? = nil
        var quitDays: Int = 0
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 2 where key == "id":
                        id = try String.decode(from: &reader)
                    case 4 where key == "name":
                        name = try String.decode(from: &reader)
                    case 6 where key == "status":
                        status = try Habit.Status.decode(from: &reader)
                    case 8 where key == "quitDays":
                        quitDays = try Int.decode(from: &reader)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
