/// Writes docs/baolife.asyncapi.yaml: the protocol as an AsyncAPI 3.0 document, from the app's
/// point of view (it receives the server's messages and sends its own), every envelope and body
/// as a JSON Schema under `components/schemas`, so AsyncAPI tools can read it.
struct AsyncAPIWriter {
    let schema: ProtocolSchema

    func source() -> String {
        var messages: [(String, YAMLNode)] = []
        var channelMessages: [(String, YAMLNode)] = []
        var envelopes: [(String, YAMLNode)] = []
        var operations: [(String, YAMLNode)] = []
        for (side, direction, action, summary) in [
            ("server", schema.server, "receive", "What the server sends the app."),
            ("client", schema.client, "send", "What the app sends the server."),
        ] {
            var references: [YAMLNode] = []
            for message in direction.baoLife {
                let name = "\(side).\(message.type)"
                envelopes.append((name, envelope(message)))
                messages.append(
                    (
                        name,
                        .map([
                            ("name", .string(message.type)),
                            ("title", .string(message.type)),
                            ("summary", .string(message.body.flatMap { schema.object(named: $0)?.about } ?? "No fields.")),
                            ("contentType", .string("application/json")),
                            ("payload", ref("#/components/schemas/\(name)")),
                        ])
                    ))
                channelMessages.append((name, ref("#/components/messages/\(name)")))
                references.append(ref("#/channels/game/messages/\(name)"))
            }
            operations.append(
                (
                    side == "server" ? "receiveServerMessages" : "sendClientMessages",
                    .map([
                        ("action", .string(action)),
                        ("summary", .string(summary)),
                        ("channel", ref("#/channels/game")),
                        ("messages", .list(references)),
                    ])
                ))
        }
        let objects = schema.objects.map { ($0.name, object($0)) }
        let document = YAMLNode.map([
            ("asyncapi", .string("3.0.0")),
            (
                "info",
                .map([
                    ("title", .string("BaoLife WebSocket protocol")),
                    ("version", .string("1.0.0")),
                    (
                        "description",
                        .string(
                            "Generated from Protocol/baolife.schema.json; docs/PROTOCOL.md is the reference. Every frame is one JSON envelope {\"type\": ..., \"message\": {...}}. Integer fields take any JSON number with an integral value; unknown fields are ignored; Tapedeck keeps enum values it does not know (the schemas list the documented ones)."
                        )
                    ),
                ])
            ),
            (
                "channels",
                .map([
                    (
                        "game",
                        .map([
                            ("address", .string("/wss/")),
                            ("description", .string("The one WebSocket the app and the game server share.")),
                            ("messages", .map(channelMessages)),
                        ])
                    )
                ])
            ),
            ("operations", .map(operations)),
            (
                "components",
                .map([
                    ("messages", .map(messages)),
                    ("schemas", .map(envelopes + objects)),
                ])
            ),
        ])
        return GeneratedFile.yamlHeader + "\n" + document.text()
    }

    private func ref(_ pointer: String) -> YAMLNode { .map([("$ref", .string(pointer))]) }

    /// `{"type": "<type>", "message": <body>}`; other envelope members are allowed (and skipped).
    private func envelope(_ message: ProtocolSchema.Message) -> YAMLNode {
        let body: YAMLNode =
            message.body.map { ref("#/components/schemas/\($0)") }
            ?? .map([
                ("type", .list([.string("object"), .string("null")])), ("description", .string("No fields: {}, null or absent.")),
            ])
        return .map([
            ("type", .string("object")),
            (
                "properties",
                .map([
                    (schema.envelope.type, .map([("const", .string(message.type))])),
                    (schema.envelope.body, body),
                ])
            ),
            (
                "required",
                .list(([schema.envelope.type] + (message.body == nil ? [] : [schema.envelope.body])).map { .string($0) })
            ),
        ])
    }

    private func object(_ object: ProtocolSchema.Object) -> YAMLNode {
        var properties: [(String, YAMLNode)] = []
        for field in object.fields {
            var entries = jsonSchema(field.type)
            switch field.presence {
            case .required: break
            case .optional: entries = [("anyOf", .list([.map(entries), .map([("type", .string("null"))])]))]
            case .defaulted(let value): entries.append(("default", defaultNode(value)))
            }
            properties.append((field.name, .map(entries + [("description", .string(field.doc))])))
        }
        return .map([
            ("type", .string("object")),
            ("description", .string(object.about)),
            ("properties", .map(properties)),
            ("required", .list(object.fields.filter { $0.presence == .required }.map { .string($0.name) })),
        ])
    }

    private func jsonSchema(_ type: FieldType) -> [(String, YAMLNode)] {
        switch type {
        case .string: [("type", .string("string"))]
        case .int: [("type", .string("integer"))]
        case .double: [("type", .string("number"))]
        case .bool: [("type", .string("boolean"))]
        case .array(let element): [("type", .string("array")), ("items", .map(jsonSchema(element)))]
        case .named(let name):
            if let enumType = schema.enumType(named: name) {
                [("type", .string("string")), ("enum", .list(enumType.values.map { .string($0) }))]
            } else {
                [("$ref", .string("#/components/schemas/\(name)"))]
            }
        }
    }

    private func defaultNode(_ value: DefaultValue) -> YAMLNode {
        switch value {
        case .string(let text): .string(text)
        case .int(let number): .int(number)
        case .bool(let flag): .bool(flag)
        case .emptyArray: .list([])
        }
    }
}
