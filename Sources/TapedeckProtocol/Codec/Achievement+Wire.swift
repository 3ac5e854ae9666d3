// JSON decoding and encoding of the types in Model/Achievement.swift; field order is the order in docs/PROTOCOL.md.

extension Achievement: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Achievement {
        var id: String? = nil
        var title: String? = nil
        var description: String? = nil
        var unlocked: Bool? = nil
        var unlockedAt: String? = nil
        var rewardDiamonds: Int? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 2 where key == "id":
                        id = try String.decode(from: &reader)
                    case 5 where key == "title":
                        title = try String.decode(from: &reader)
                    case 11 where key == "description":
                        description = try String.decode(from: &reader)
                    case 8 where key == "unlocked":
                        unlocked = try Bool.decode(from: &reader)
                    case 10 where key == "unlockedAt":
                        unlockedAt = try reader.readOptional(String.self)
                    case 14 where key == "rewardDiamonds":
                        rewardDiamonds = try reader.readOptional(Int.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
