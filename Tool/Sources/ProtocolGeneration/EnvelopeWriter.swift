/// Writes `Generated/Codec/<Enum>+Envelope.swift`: the envelope `type` names of one direction matched to
/// their indices (by length first, then the bytes), each index's body decoder, and the encoder.
struct EnvelopeWriter {
    let direction: ProtocolSchema.Direction

    func source() -> String {
        let name = direction.swiftEnum
        let messages = direction.baoLife
        var out = GeneratedFile.swiftHeader + "\n"
        out += "// Envelope type names <-> \(name) cases; the envelope itself is read by `Envelope`.\n"
        out += "extension \(name): EnvelopeCodable {\n"
        out += "    static func knownTypeIndex(_ type: JSONKey) -> Int? {\n"
        out += "        switch type.dispatchCount {\n"
        for (index, message) in messages.enumerated() {
            out += "        case \(message.type.utf8.count) where type == \(SwiftText.quoted(message.type)): return \(index)\n"
        }
        out += "        default: return nil\n        }\n    }\n\n"
        if direction.inlineDispatch == true { out += "    @inline(__always)\n" }
        out += "    static func decodeBody(typeIndex: Int, from reader: inout JSONReader) throws(ProtocolError) -> \(name) {\n"
        out += "        switch typeIndex {\n"
        for (index, message) in messages.enumerated() {
            if let body = message.body {
                out += "        case \(index): return .\(message.case)(try \(body).decode(from: &reader))\n"
            } else {
                out += "        case \(index): try reader.skipEmptyBody(); return .\(message.case)\n"
            }
        }
        out += "        default: preconditionFailure(\"type index \\(typeIndex) is not in \(name).knownTypes\")\n"
        out += "        }\n    }\n\n"
        out += "    static func bodyless(typeIndex: Int) -> \(name)? {\n"
        out += "        switch typeIndex {\n"
        for (index, message) in messages.enumerated() where message.body == nil {
            out += "        case \(index): .\(message.case)\n"
        }
        out += "        default: nil\n        }\n    }\n\n"
        out += "    func encodeEnvelope(to writer: inout JSONWriter) {\n"
        out += "        switch self {\n"
        for message in messages {
            let quotedType = SwiftText.quoted(SwiftText.quoted(message.type))
            if message.body != nil {
                out += "        case .\(message.case)(let body):\n"
                out += "            writer.beginEnvelope(type: \(quotedType))\n"
                out += "            body.encode(to: &writer)\n"
            } else {
                out += "        case .\(message.case):\n"
                out += "            writer.beginEnvelope(type: \(quotedType))\n"
                out += "            writer.beginObject(); writer.endObject()\n"
            }
        }
        out += """
                    case .unknown(_, let raw):
                        writer.writeRaw(raw)
                        return
                    }
                    writer.endObject()
                }
            }

            """
        return out
    }
}
