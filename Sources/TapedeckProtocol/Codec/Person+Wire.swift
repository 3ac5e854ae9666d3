// JSON decoding and encoding of the types in Model/Person.swift; field order is the order in docs/PROTOCOL.md.

extension Person: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Person {
        var id: String? = nil
        var name: String? = nil
        var lastName: String = ""
        var sex: String? = nil
        var age: Int? = nil
        var birthday: String? = nil
        var image: String? = nil
        var status: String? = nil
        var mood: String? = nil
        var energy: Int? = nil
        var money: Int? = nil
        var diamonds: Int? = nil
        var affinity: Int? = nil
        var prestige: Int? = nil
        var happiness: Int? = nil
        var health: Int? = nil
        var intelligence: Int? = nil
        var bio: String? = nil
        var compatibilityScore: Int? = nil
        var currentEducation: String? = nil
        var interests: [String] = []
        var traits: [String] = []
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 2 where key == "id":
                        id = try String.decode(from: &reader)
                    case 4 where key == "name":
                        name = try String.decode(from: &reader)
                    case 8 where key == "lastName":
                        lastName = try String.decode(from: &reader)
                    case 3 where key == "sex":
                        sex = try reader.readOptional(String.self)
                    case 3 where key == "age":
                        age = try reader.readOptional(Int.self)
                    case 8 where key == "birthday":
                        birthday = try reader.readOptional(String.self)
                    case 5 where key == "image":
                        image = try reader.readOptional(String.self)
                    case 6 where key == "status":
                        status = try reader.readOptional(String.self)
                    case 4 where key == "mood":
                        mood = try reader.readOptional(String.self)
                    case 6 where key == "energy":
                        energy = try reader.readOptional(Int.self)
                    case 5 where key == "money":
                        money = try reader.readOptional(Int.self)
                    case 8 where key == "diamonds":
                        diamonds = try reader.readOptional(Int.self)
                    case 8 where key == "affinity":
                        affinity = try reader.readOptional(Int.self)
                    case 8 where key == "prestige":
                        prestige = try reader.readOptional(Int.self)
                    case 9 where key == "happiness":
                        happiness = try reader.readOptional(Int.self)
                    case 6 where key == "health":
                        health = try reader.readOptional(Int.self)
                    case 12 where key == "intelligence":
                        intelligence = try reader.readOptional(Int.self)
                    case 3 where key == "bio":
                        bio = try reader.readOptional(String.self)
                    case 18 where key == "compatibilityScore":
                        compatibilityScore = try reader.readOptional(Int.self)
                    case 16 where key == "currentEducation":
                        currentEducation = try reader.readOptional(String.self)
                    case 9 where key == "interests":
                        interests = try reader.readArray(of: String.self)
                    case 6 where key == "traits":
                        traits = try reader.readArray(of: String.self)
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
        return Person(id: id, name: name, lastName: lastName, sex: sex, age: age, birthday: birthday, image: image, status: status, mood: mood, energy: energy, money: money, diamonds: diamonds, affinity: affinity, prestige: prestige, happiness: happiness, health: health, intelligence: intelligence, bio: bio, compatibilityScore: compatibilityScore, currentEducation: currentEducation, interests: interests, traits: traits, memberwise: MemberwiseInit())
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"name\":"); name.encode(to: &writer)
        writer.key("\"lastName\":"); lastName.encode(to: &writer)
        if let sex { writer.key("\"sex\":"); sex.encode(to: &writer) }
        if let age { writer.key("\"age\":"); age.encode(to: &writer) }
        if let birthday { writer.key("\"birthday\":"); birthday.encode(to: &writer) }
        if let image { writer.key("\"image\":"); image.encode(to: &writer) }
        if let status { writer.key("\"status\":"); status.encode(to: &writer) }
        if let mood { writer.key("\"mood\":"); mood.encode(to: &writer) }
        if let energy { writer.key("\"energy\":"); energy.encode(to: &writer) }
        if let money { writer.key("\"money\":"); money.encode(to: &writer) }
        if let diamonds { writer.key("\"diamonds\":"); diamonds.encode(to: &writer) }
        if let affinity { writer.key("\"affinity\":"); affinity.encode(to: &writer) }
        if let prestige { writer.key("\"prestige\":"); prestige.encode(to: &writer) }
        if let happiness { writer.key("\"happiness\":"); happiness.encode(to: &writer) }
        if let health { writer.key("\"health\":"); health.encode(to: &writer) }
        if let intelligence { writer.key("\"intelligence\":"); intelligence.encode(to: &writer) }
        if let bio { writer.key("\"bio\":"); bio.encode(to: &writer) }
        if let compatibilityScore { writer.key("\"compatibilityScore\":"); compatibilityScore.encode(to: &writer) }
        if let currentEducation { writer.key("\"currentEducation\":"); currentEducation.encode(to: &writer) }
        writer.key("\"interests\":"); writer.writeArray(interests)
        writer.key("\"traits\":"); writer.writeArray(traits)
        writer.endObject()
    }
}

extension SimplePerson: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> SimplePerson {
        var id: String? = nil
        var name: String? = nil
        var image: String? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 2 where key == "id":
                        id = try String.decode(from: &reader)
                    case 4 where key == "name":
                        name = try String.decode(from: &reader)
                    case 5 where key == "image":
                        image = try reader.readOptional(String.self)
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
        return SimplePerson(id: id, name: name, image: image)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"name\":"); name.encode(to: &writer)
        if let image { writer.key("\"image\":"); image.encode(to: &writer) }
        writer.endObject()
    }
}
