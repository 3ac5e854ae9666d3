// JSON decoding and encoding of the types in Model/Achievement.swift; field order is the order in docs/PROTOCOL.md.

extension Achievement: WireCodable {
    static let wireFields: JSONFieldNames = ["id", "title", "description", "unlocked", "unlockedAt",
        "rewardDiamonds"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Achievement {
        var id: String? = nil
        var title: String? = nil
        var description: String? = nil
        var unlocked: Bool? = nil
        var unlockedAt: String? = nil
        var rewardDiamonds: Int? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { id = try reader.readString() } catch { throw error.inside(.field("id")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { title = try reader.readString() } catch { throw error.inside(.field("title")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { description = try reader.readString() } catch { throw error.inside(.field("description")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { unlocked = try Bool.decode(from: &reader) } catch { throw error.inside(.field("unlocked")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { unlockedAt = try reader.readOptionalString() } catch { throw error.inside(.field("unlockedAt")) }
            field = try reader.nextField(fields, after: 4)
        }
        if field == 5 {
            do { rewardDiamonds = try reader.readOptionalInt() } catch { throw error.inside(.field("rewardDiamonds")) }
            field = try reader.nextField(fields, after: 5)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // title
                    title = try reader.readString()
                case 2: // description
                    description = try reader.readString()
                case 3: // unlocked
                    unlocked = try Bool.decode(from: &reader)
                case 4: // unlockedAt
                    unlockedAt = try reader.readOptionalString()
                case 5: // rewardDiamonds
                    rewardDiamonds = try reader.readOptionalInt()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let id else { throw reader.missingField("id") }
        guard let title else { throw reader.missingField("title") }
        guard let description else { throw reader.missingField("description") }
        guard let unlocked else { throw reader.missingField("unlocked") }
        return Achievement(id: id, title: title, description: description, unlocked: unlocked, unlockedAt: unlockedAt, rewardDiamonds: rewardDiamonds)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"title\":"); title.encode(to: &writer)
        writer.key("\"description\":"); description.encode(to: &writer)
        writer.key("\"unlocked\":"); unlocked.encode(to: &writer)
        if let unlockedAt { writer.key("\"unlockedAt\":"); unlockedAt.encode(to: &writer) }
        if let rewardDiamonds { writer.key("\"rewardDiamonds\":"); rewardDiamonds.encode(to: &writer) }
        writer.endObject()
    }
}
