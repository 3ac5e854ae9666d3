// JSON decoding and encoding of the types in Model/Activity.swift; field order is the order in docs/PROTOCOL.md.

extension Activity.Kind: WireEnum {
    static let wireNames = WireEnumNames<Self>()
}

extension Activity: WireCodable {
    static let wireFields: JSONFieldNames = ["id", "name", "kind", "energyCost", "moneyCost"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Activity {
        var id: String? = nil
        var name: String? = nil
        var kind: Activity.Kind? = nil
        var energyCost: Int? = nil
        var moneyCost: Int? = nil
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
            do { kind = try Activity.Kind.decode(from: &reader) } catch { throw error.inside(.field("kind")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { energyCost = try reader.readOptionalInt() } catch { throw error.inside(.field("energyCost")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { moneyCost = try reader.readOptionalInt() } catch { throw error.inside(.field("moneyCost")) }
            field = try reader.nextField(fields, after: 4)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // name
                    name = try reader.readString()
                case 2: // kind
                    kind = try Activity.Kind.decode(from: &reader)
                case 3: // energyCost
                    energyCost = try reader.readOptionalInt()
                case 4: // moneyCost
                    moneyCost = try reader.readOptionalInt()
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
        guard let kind else { throw reader.missingField("kind") }
        return Activity(id: id, name: name, kind: kind, energyCost: energyCost, moneyCost: moneyCost)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"name\":"); name.encode(to: &writer)
        writer.key("\"kind\":"); kind.encode(to: &writer)
        if let energyCost { writer.key("\"energyCost\":"); energyCost.encode(to: &writer) }
        if let moneyCost { writer.key("\"moneyCost\":"); moneyCost.encode(to: &writer) }
        writer.endObject()
    }
}

extension ActivityRecord: WireCodable {
    static let wireFields: JSONFieldNames = ["id", "performance", "achievements", "gpa", "major", "minor"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ActivityRecord {
        var id: String? = nil
        var performance: Int? = nil
        var achievements: [String] = []
        var gpa: Double? = nil
        var major: String? = nil
        var minor: String? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { id = try reader.readString() } catch { throw error.inside(.field("id")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { performance = try Int.decode(from: &reader) } catch { throw error.inside(.field("performance")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { achievements = try reader.readStringArray() } catch { throw error.inside(.field("achievements")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { gpa = try reader.readOptional(Double.self) } catch { throw error.inside(.field("gpa")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { major = try reader.readOptionalString() } catch { throw error.inside(.field("major")) }
            field = try reader.nextField(fields, after: 4)
        }
        if field == 5 {
            do { minor = try reader.readOptionalString() } catch { throw error.inside(.field("minor")) }
            field = try reader.nextField(fields, after: 5)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // performance
                    performance = try Int.decode(from: &reader)
                case 2: // achievements
                    achievements = try reader.readStringArray()
                case 3: // gpa
                    gpa = try reader.readOptional(Double.self)
                case 4: // major
                    major = try reader.readOptionalString()
                case 5: // minor
                    minor = try reader.readOptionalString()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let id else { throw reader.missingField("id") }
        guard let performance else { throw reader.missingField("performance") }
        return ActivityRecord(id: id, performance: performance, achievements: achievements, gpa: gpa, major: major, minor: minor, memberwise: MemberwiseInit())
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"performance\":"); performance.encode(to: &writer)
        writer.key("\"achievements\":"); writer.writeArray(achievements)
        if let gpa { writer.key("\"gpa\":"); gpa.encode(to: &writer) }
        if let major { writer.key("\"major\":"); major.encode(to: &writer) }
        if let minor { writer.key("\"minor\":"); minor.encode(to: &writer) }
        writer.endObject()
    }
}
