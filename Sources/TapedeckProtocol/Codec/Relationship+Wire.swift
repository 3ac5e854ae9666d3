// JSON decoding and encoding of the types in Model/Relationship.swift; field order is the order in docs/PROTOCOL.md.

extension Relationship.Kind: WireEnum {
    static let wireNames = WireEnumNames<Self>()
}

extension Relationship: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Relationship {
        var personId: String? = nil
        var kind: Relationship.Kind? = nil
        var status: String? = nil
        var affinity: Int? = nil
        var milestones: [String] = []
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 8 where key == "personId":
                        personId = try String.decode(from: &reader)
                    case 4 where key == "kind":
                        kind = try Relationship.Kind.decode(from: &reader)
                    case 6 where key == "status":
                        status = try String.decode(from: &reader)
                    case 8 where key == "affinity":
                        affinity = try Int.decode(from: &reader)
                    case 10 where key == "milestones":
                        milestones = try reader.readArray(of: String.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
        }
        guard let personId else { throw reader.missingField("personId") }
        guard let kind else { throw reader.missingField("kind") }
        guard let status else { throw reader.missingField("status") }
        guard let affinity else { throw reader.missingField("affinity") }
        return Relationship(personId: personId, kind: kind, status: status, affinity: affinity, milestones: milestones)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"personId\":"); personId.encode(to: &writer)
        writer.key("\"kind\":"); kind.encode(to: &writer)
        writer.key("\"status\":"); status.encode(to: &writer)
        writer.key("\"affinity\":"); affinity.encode(to: &writer)
        writer.key("\"milestones\":"); writer.writeArray(milestones)
        writer.endObject()
    }
}
