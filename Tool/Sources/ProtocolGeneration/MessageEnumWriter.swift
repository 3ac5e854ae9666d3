/// Writes `Generated/Messages/<Enum>.swift`: the public enum of one direction's messages (a case per
/// envelope `type`, plus `unknown`), its type names, each case's index among them, and its decode and
/// encode entry points.
struct MessageEnumWriter {
    let direction: ProtocolSchema.Direction

    func source() -> String {
        let name = direction.swiftEnum
        let messages = direction.baoLife
        var out = GeneratedFile.swiftHeader + "\n\n"
        out += SwiftText.comment(direction.about, indent: "")
        out += "public enum \(name): Sendable, Equatable {\n"
        for message in messages {
            let keyword = message.indirect == true ? "indirect case" : "case"
            let payload = message.body.map { "(\($0))" } ?? ""
            let typeNote = message.type == message.case ? "" : " // \(SwiftText.quoted(message.type))"
            out += "    \(keyword) \(message.case)\(payload)\(typeNote)\n"
        }
        out += "    case unknown(type: String, raw: [UInt8])\n}\n\n"
        out += "extension \(name) {\n"
        out += "    /// The envelope `type` of each known case, in declaration order.\n"
        out +=
            SwiftText.wrapped(
                head: "    public static let knownTypes: [String] = [", items: messages.map { SwiftText.quoted($0.type) },
                tail: "]", indent: "        ") + "\n\n"
        out += "    /// The envelope `type` this message is sent with.\n"
        out += "    public var type: String {\n        switch self {\n"
        for message in messages {
            out += "        case .\(message.case): \(SwiftText.quoted(message.type))\n"
        }
        out += "        case .unknown(let type, _): type\n        }\n    }\n\n"
        out += "    /// The position of this message's type in `knownTypes` (so counting by type can use an array);\n"
        out += "    /// nil for `.unknown`.\n"
        out += "    public var knownTypeIndex: Int? {\n        switch self {\n"
        for (index, message) in messages.enumerated() {
            out += "        case .\(message.case): \(index)\n"
        }
        out += "        case .unknown: nil\n        }\n    }\n\n"
        out += """
                /// Decodes one envelope. Throws `ProtocolError` (byte offset, field path, what was expected)
                /// for malformed JSON, a missing required field or a field of the wrong type; an unknown
                /// `type` is not an error but `.unknown` with the envelope's bytes.
                public static func decode(_ bytes: UnsafeRawBufferPointer) throws(ProtocolError) -> \(name) {
                    try Envelope.decode(bytes, as: \(name).self)
                }

                public static func decode(_ bytes: [UInt8]) throws(ProtocolError) -> \(name) {
                    try Envelope.decode(bytes, as: \(name).self)
                }

                /// Compact JSON with keys in the order of docs/PROTOCOL.md and absent optionals left out;
                /// `.unknown` gives back exactly the bytes it was decoded from.
                public func encoded() -> [UInt8] {
                    Envelope.encode(self)
                }
            }

            """
        return out
    }
}
