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
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { personId = try reader.readString() } catch { throw error.inside(.field("personId")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { kind = try Relationship.Kind.decode(from: &reader) } catch { throw error.inside(.field("kind")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { status = try reader.readString() } catch { throw error.inside(.field("status")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { affinity = try Int.decode(from: &reader) } catch { throw error.inside(.field("affinity")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { milestones = try reader.readStringArray() } catch { throw error.inside(.field("milestones")) }
            field = try reader.nextField(fields, after: 4)
        }
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
