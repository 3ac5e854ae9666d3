// JSON decoding and encoding of the types in Model/Activity.swift; field order is the order in docs/PROTOCOL.md.

extension Activity.Kind: WireEnum {
    static let wireNames = WireEnumNames<Self>()
}

extension Activity: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Activity {
        var id: String? = nil
        var name: String? = nil
        var kind: Activity.Kind? = nil
        var energyCost: Int? = nil
        var moneyCost: Int? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 2 where key == "id":
                        id = try String.decode(from: &reader)
                    case 4 where key == "name":
                        name = try String.decode(from: &reader)
                    case 4 where key == "kind":
                        kind = try Activity.Kind.decode(from: &reader)
                    case 10 where key == "energyCost":
                        energyCost = try reader.readOptional(Int.self)
                    case 9 where key == "moneyCost":
                        moneyCost = try reader.readOptional(Int.self)
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ActivityRecord {
        var id: String? = nil
        var performance: Int? = nil
        var achievements: [String] = []
        var gpa: Double? = nil
        var major: String? = nil
        var minor: String? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 2 where key == "id":
                        id = try String.decode(from: &reader)
                    case 11 where key == "performance":
                        performance = try Int.decode(from: &reader)
                    case 12 where key == "achievements":
                        achievements = try reader.readArray(of: String.self)
                    case 3 where key == "gpa":
                        gpa = try reader.readOptional(Double.self)
                    case 5 where key == "major":
                        major = try reader.readOptional(String.self)
                    case 5 where key == "minor":
                        minor = try reader.readOptional(String.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
