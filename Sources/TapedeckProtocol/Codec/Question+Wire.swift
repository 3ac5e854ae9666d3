// JSON decoding and encoding of the types in Model/Question.swift; field order is the order in docs/PROTOCOL.md.

extension Question: WireCodable {
    static let wireFields: JSONFieldNames = ["id", "question", "options", "characters", "date", "hour"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Question {
        var id: String? = nil
        var question: String? = nil
        var options: [AnswerOption]? = nil
        var characters: [SimplePerson] = []
        var date: String? = nil
        var hour: Int? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { id = try reader.readString() } catch { throw error.inside(.field("id")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { question = try reader.readString() } catch { throw error.inside(.field("question")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { options = try reader.readArray(of: AnswerOption.self) } catch { throw error.inside(.field("options")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { characters = try reader.readArray(of: SimplePerson.self) } catch { throw error.inside(.field("characters")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { date = try reader.readOptionalString() } catch { throw error.inside(.field("date")) }
            field = try reader.nextField(fields, after: 4)
        }
        if field == 5 {
            do { hour = try reader.readOptionalInt() } catch { throw error.inside(.field("hour")) }
            field = try reader.nextField(fields, after: 5)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // question
                    question = try reader.readString()
                case 2: // options
                    options = try reader.readArray(of: AnswerOption.self)
                case 3: // characters
                    characters = try reader.readArray(of: SimplePerson.self)
                case 4: // date
                    date = try reader.readOptionalString()
                case 5: // hour
                    hour = try reader.readOptionalInt()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let id else { throw reader.missingField("id") }
        guard let question else { throw reader.missingField("question") }
        guard let options else { throw reader.missingField("options") }
        return Question(id: id, question: question, options: options, characters: characters, date: date, hour: hour, memberwise: MemberwiseInit())
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"question\":"); question.encode(to: &writer)
        writer.key("\"options\":"); writer.writeArray(options)
        writer.key("\"characters\":"); writer.writeArray(characters)
        if let date { writer.key("\"date\":"); date.encode(to: &writer) }
        if let hour { writer.key("\"hour\":"); hour.encode(to: &writer) }
        writer.endObject()
    }
}

extension AnswerOption: WireCodable {
    static let wireFields: JSONFieldNames = ["id", "text", "energyCost", "moneyCost", "diamondCost"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> AnswerOption {
        var id: String? = nil
        var text: String? = nil
        var energyCost: Int? = nil
        var moneyCost: Int? = nil
        var diamondCost: Int? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { id = try reader.readString() } catch { throw error.inside(.field("id")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { text = try reader.readString() } catch { throw error.inside(.field("text")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { energyCost = try reader.readOptionalInt() } catch { throw error.inside(.field("energyCost")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { moneyCost = try reader.readOptionalInt() } catch { throw error.inside(.field("moneyCost")) }
            field = try reader.nextField(fields, after: 3)
        }
        if field == 4 {
            do { diamondCost = try reader.readOptionalInt() } catch { throw error.inside(.field("diamondCost")) }
            field = try reader.nextField(fields, after: 4)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // text
                    text = try reader.readString()
                case 2: // energyCost
                    energyCost = try reader.readOptionalInt()
                case 3: // moneyCost
                    moneyCost = try reader.readOptionalInt()
                case 4: // diamondCost
                    diamondCost = try reader.readOptionalInt()
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let id else { throw reader.missingField("id") }
        guard let text else { throw reader.missingField("text") }
        return AnswerOption(id: id, text: text, energyCost: energyCost, moneyCost: moneyCost, diamondCost: diamondCost)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"text\":"); text.encode(to: &writer)
        if let energyCost { writer.key("\"energyCost\":"); energyCost.encode(to: &writer) }
        if let moneyCost { writer.key("\"moneyCost\":"); moneyCost.encode(to: &writer) }
        if let diamondCost { writer.key("\"diamondCost\":"); diamondCost.encode(to: &writer) }
        writer.endObject()
    }
}
