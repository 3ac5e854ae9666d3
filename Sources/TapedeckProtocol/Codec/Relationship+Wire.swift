// JSON decoding and encoding of the types in Model/Relationship.swift; field order is the order in docs/PROTOCOL.md.

extension Relationship.Kind: WireEnum {
    static let wireNames = WireEnumNames<Self>()
}

extension Relationship: WireCodable {
    static let wireFields: JSONFieldNames = ["personId", "kind", "status", "affinity", "milestones"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Relationship {
        var personId: String? = nil
        var kind: Relationship.Kind? = nil
        var status: String? = nil
        var affinity: Int? = nil
        var milestones: [String] = []
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        while let index = field {
            do {
                switch index {
                case 0: // personId
                    personId = try reader.readString()
                case 1: // kind
                    kind = try Relationship.Kind.decode(from: &reader)
                case 2: // status
                    status = try reader.readString()
                case 3: // affinity
                    affinity = try Int.decode(from: &reader)
                case 4: // milestones
                    milestones = try reader.readStringArray()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
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
