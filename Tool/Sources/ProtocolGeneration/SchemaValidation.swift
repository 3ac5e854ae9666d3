/// A schema mistake the generator refuses, in words.
public struct SchemaError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

extension ProtocolSchema {
    /// The locals of every generated decoder besides its fields' (`CodecWriter`).
    static let decoderLocals: Set<String> = ["field", "fields", "start", "reader"]

    /// Every type a field or a message names exists, names are unique, and every field's
    /// type and presence is one the codec can read.
    func validate() throws {
        var names = Set<String>()
        for name in objects.map(\.name) + enums.map(\.name) where !names.insert(name).inserted {
            throw SchemaError(description: "'\(name)' is declared twice")
        }
        for object in objects {
            var fieldNames = Set<String>()
            for field in object.fields {
                let place = "\(object.name).\(field.name)"
                guard fieldNames.insert(field.name).inserted else { throw SchemaError(description: "\(place) is declared twice") }
                if Self.decoderLocals.contains(field.name) {
                    throw SchemaError(
                        description:
                            "\(place): the generated decoder names its own locals \(Self.decoderLocals.sorted().joined(separator: ", ")), so a field cannot be called '\(field.name)'; rename it or change CodecWriter's locals"
                    )
                }
                try check(field.type, at: place)
                if case .array = field.type, field.presence == .optional {
                    throw SchemaError(description: "\(place): an array is required or defaults to [], never optional")
                }
                if field.optional == true && field.default != nil {
                    throw SchemaError(description: "\(place) is both optional and has a default")
                }
            }
        }
        for direction in [server, client] {
            var types = Set<String>()
            for message in direction.messages {
                guard types.insert(message.type).inserted else {
                    throw SchemaError(description: "message type '\(message.type)' is declared twice")
                }
                if let body = message.body, object(named: body) == nil {
                    throw SchemaError(
                        description: "message '\(message.type)' has body '\(body)', which is no object of the schema")
                }
            }
        }
    }

    private func check(_ type: FieldType, at place: String) throws {
        switch type {
        case .string, .int, .double, .bool: return
        case .array(let element): try check(element, at: place)
        case .named(let name):
            guard object(named: name) != nil || enumType(named: name) != nil else {
                throw SchemaError(description: "\(place) has type '\(name)', which is no object or enum of the schema")
            }
        }
    }
}
