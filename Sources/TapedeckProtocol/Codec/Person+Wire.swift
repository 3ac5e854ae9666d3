// JSON decoding and encoding of the types in Model/Person.swift; field order is the order in docs/PROTOCOL.md.

extension Person: WireCodable {
    static let wireFields: JSONFieldNames = ["id", "name", "lastName", "sex", "age", "birthday", "image", "status",
        "mood", "energy", "money", "diamonds", "affinity", "prestige", "happiness", "health", "intelligence", "bio",
        "compatibilityScore", "currentEducation", "interests", "traits"]
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
            do { lastName = try reader.readString() } catch { throw error.inside(.field("lastName")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { sex = try reader.readOptionalString() } catch { throw error.inside(.field("sex")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { age = try reader.readOptionalInt() } catch { throw error.inside(.field("age")) }
            field = try reader.nextField(fields, after: 4)
        }
        if field == 5 {
            do { birthday = try reader.readOptionalString() } catch { throw error.inside(.field("birthday")) }
            field = try reader.nextField(fields, after: 5)
        }
        if field == 6 {
            do { image = try reader.readOptionalString() } catch { throw error.inside(.field("image")) }
            field = try reader.nextField(fields, after: 6)
        }
        if field == 7 {
            do { status = try reader.readOptionalString() } catch { throw error.inside(.field("status")) }
            field = try reader.nextField(fields, after: 7)
        }
        if field == 8 {
            do { mood = try reader.readOptionalString() } catch { throw error.inside(.field("mood")) }
            field = try reader.nextField(fields, after: 8)
        }
        if field == 9 {
            do { energy = try reader.readOptionalInt() } catch { throw error.inside(.field("energy")) }
            field = try reader.nextField(fields, after: 9)
        }
        if field == 10 {
            do { money = try reader.readOptionalInt() } catch { throw error.inside(.field("money")) }
            field = try reader.nextField(fields, after: 10)
        }
        if field == 11 {
            do { diamonds = try reader.readOptionalInt() } catch { throw error.inside(.field("diamonds")) }
            field = try reader.nextField(fields, after: 11)
        }
        if field == 12 {
            do { affinity = try reader.readOptionalInt() } catch { throw error.inside(.field("affinity")) }
            field = try reader.nextField(fields, after: 12)
        }
        if field == 13 {
            do { prestige = try reader.readOptionalInt() } catch { throw error.inside(.field("prestige")) }
            field = try reader.nextField(fields, after: 13)
        }
        if field == 14 {
            do { happiness = try reader.readOptionalInt() } catch { throw error.inside(.field("happiness")) }
            field = try reader.nextField(fields, after: 14)
        }
        if field == 15 {
            do { health = try reader.readOptionalInt() } catch { throw error.inside(.field("health")) }
            field = try reader.nextField(fields, after: 15)
        }
        if field == 16 {
            do { intelligence = try reader.readOptionalInt() } catch { throw error.inside(.field("intelligence")) }
            field = try reader.nextField(fields, after: 16)
        }
        if field == 17 {
            do { bio = try reader.readOptionalString() } catch { throw error.inside(.field("bio")) }
            field = try reader.nextField(fields, after: 17)
        }
        if field == 18 {
            do { compatibilityScore = try reader.readOptionalInt() } catch { throw error.inside(.field("compatibilityScore")) }
            field = try reader.nextField(fields, after: 18)
        }
        if field == 19 {
            do { currentEducation = try reader.readOptionalString() } catch { throw error.inside(.field("currentEducation")) }
            field = try reader.nextField(fields, after: 19)
        }
        if field == 20 {
            do { interests = try reader.readStringArray() } catch { throw error.inside(.field("interests")) }
            field = try reader.nextField(fields, after: 20)
        }
        if field == 21 {
            do { traits = try reader.readStringArray() } catch { throw error.inside(.field("traits")) }
            field = try reader.nextField(fields, after: 21)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // name
                    name = try reader.readString()
                case 2: // lastName
                    lastName = try reader.readString()
                case 3: // sex
                    sex = try reader.readOptionalString()
                case 4: // age
                    age = try reader.readOptionalInt()
                case 5: // birthday
                    birthday = try reader.readOptionalString()
                case 6: // image
                    image = try reader.readOptionalString()
                case 7: // status
                    status = try reader.readOptionalString()
                case 8: // mood
                    mood = try reader.readOptionalString()
                case 9: // energy
                    energy = try reader.readOptionalInt()
                case 10: // money
                    money = try reader.readOptionalInt()
                case 11: // diamonds
                    diamonds = try reader.readOptionalInt()
                case 12: // affinity
                    affinity = try reader.readOptionalInt()
                case 13: // prestige
                    prestige = try reader.readOptionalInt()
                case 14: // happiness
                    happiness = try reader.readOptionalInt()
                case 15: // health
                    health = try reader.readOptionalInt()
                case 16: // intelligence
                    intelligence = try reader.readOptionalInt()
                case 17: // bio
                    bio = try reader.readOptionalString()
                case 18: // compatibilityScore
                    compatibilityScore = try reader.readOptionalInt()
                case 19: // currentEducation
                    currentEducation = try reader.readOptionalString()
                case 20: // interests
                    interests = try reader.readStringArray()
                case 21: // traits
                    traits = try reader.readStringArray()
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
    static let wireFields: JSONFieldNames = ["id", "name", "image"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> SimplePerson {
        var id: String? = nil
        var name: String? = nil
        var image: String? = nil
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
            do { image = try reader.readOptionalString() } catch { throw error.inside(.field("image")) }
            field = try reader.nextField(fields, after: 2)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // name
                    name = try reader.readString()
                case 2: // image
                    image = try reader.readOptionalString()
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
