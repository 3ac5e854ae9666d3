// JSON decoding and encoding of the types in Model/Conversation.swift; field order is the order in docs/PROTOCOL.md.

extension ConversationMessage: WireCodable {
    static let wireFields: JSONFieldNames = ["id", "sender", "text", "sentiment"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ConversationMessage {
        var id: String? = nil
        var sender: String? = nil
        var text: String? = nil
        var sentiment: Double? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { id = try reader.readString() } catch { throw error.inside(.field("id")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { sender = try reader.readString() } catch { throw error.inside(.field("sender")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { text = try reader.readString() } catch { throw error.inside(.field("text")) }
            field = try reader.nextField(fields, after: 2)
        }
        if field == 3 {
            do { sentiment = try reader.readOptional(Double.self) } catch { throw error.inside(.field("sentiment")) }
            field = try reader.nextField(fields, after: 3)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // sender
                    sender = try reader.readString()
                case 2: // text
                    text = try reader.readString()
                case 3: // sentiment
                    sentiment = try reader.readOptional(Double.self)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let id else { throw reader.missingField("id") }
        guard let sender else { throw reader.missingField("sender") }
        guard let text else { throw reader.missingField("text") }
        return ConversationMessage(id: id, sender: sender, text: text, sentiment: sentiment)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"sender\":"); sender.encode(to: &writer)
        writer.key("\"text\":"); text.encode(to: &writer)
        if let sentiment { writer.key("\"sentiment\":"); sentiment.encode(to: &writer) }
        writer.endObject()
    }
}

extension Conversation: WireCodable {
    static let wireFields: JSONFieldNames = ["id", "personId", "messages"]
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Conversation {
        var id: String? = nil
        var personId: String? = nil
        var messages: [ConversationMessage]? = nil
        let fields = Self.wireFields
        var field = try reader.firstField(fields)
        // Fields in the wire order, each read once, straight through; anything else (out of
        // order, unknown, repeated) goes to the loop below.
        if field == 0 {
            do { id = try reader.readString() } catch { throw error.inside(.field("id")) }
            field = try reader.nextField(fields, after: 0)
        }
        if field == 1 {
            do { personId = try reader.readString() } catch { throw error.inside(.field("personId")) }
            field = try reader.nextField(fields, after: 1)
        }
        if field == 2 {
            do { messages = try reader.readArray(of: ConversationMessage.self) } catch { throw error.inside(.field("messages")) }
            field = try reader.nextField(fields, after: 2)
        }
        while let index = field {
            do {
                switch index {
                case 0: // id
                    id = try reader.readString()
                case 1: // personId
                    personId = try reader.readString()
                case 2: // messages
                    messages = try reader.readArray(of: ConversationMessage.self)
                default:
                    try reader.skipValue()
                }
            } catch {
                throw error.inside(.field(reader.fieldName(index, in: fields)))
            }
            field = try reader.nextField(fields, after: index)
        }
        guard let id else { throw reader.missingField("id") }
        guard let personId else { throw reader.missingField("personId") }
        guard let messages else { throw reader.missingField("messages") }
        return Conversation(id: id, personId: personId, messages: messages)
    }

    func encode(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("\"id\":"); id.encode(to: &writer)
        writer.key("\"personId\":"); personId.encode(to: &writer)
        writer.key("\"messages\":"); writer.writeArray(messages)
        writer.endObject()
    }
}
