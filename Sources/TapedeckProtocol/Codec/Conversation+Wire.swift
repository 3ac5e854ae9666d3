// JSON decoding and encoding of the types in Model/Conversation.swift; field order is the order in docs/PROTOCOL.md.

extension ConversationMessage: WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> ConversationMessage {
        var id: String? = nil
        var sender: String? = nil
        var text: String? = nil
        var sentiment: Double? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 2 where key == "id":
                        id = try String.decode(from: &reader)
                    case 6 where key == "sender":
                        sender = try String.decode(from: &reader)
                    case 4 where key == "text":
                        text = try String.decode(from: &reader)
                    case 9 where key == "sentiment":
                        sentiment = try reader.readOptional(Double.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Conversation {
        var id: String? = nil
        var personId: String? = nil
        var messages: [ConversationMessage]? = nil
        if try reader.beginObject() {
            repeat {
                let key = try reader.readKey()
                do {
                    switch key.dispatchCount {
                    case 2 where key == "id":
                        id = try String.decode(from: &reader)
                    case 8 where key == "personId":
                        personId = try String.decode(from: &reader)
                    case 8 where key == "messages":
                        messages = try reader.readArray(of: ConversationMessage.self)
                    default:
                        try reader.skipValue()
                    }
                } catch {
                    throw error.inside(.field(key.string))
                }
            } while try reader.nextMember()
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
