extension JSONValue {
    /// Parses one JSON document (for tools: snapshots, state paths, unknown messages).
    /// Numbers without fraction or exponent that fit in `Int` become `.int`, all others
    /// `.double`. A key repeated in one object is an error naming it (the tree holds one value a
    /// key, so keeping either would silently drop the other).
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(ProtocolError) -> JSONValue {
        var reader = JSONReader(bytes)
        let value = try reader.readJSONValue()
        try reader.expectEnd()
        return value
    }

    public static func parse(_ bytes: [UInt8]) throws(ProtocolError) -> JSONValue {
        try bytes.withUnsafeBytes { raw in Result { () throws(ProtocolError) in try parse(raw) } }.get()
    }
}

extension JSONReader {
    mutating func readJSONValue() throws(ProtocolError) -> JSONValue {
        switch peek() {
        case UInt8(ascii: "\""):
            return .string(try readString())
        case UInt8(ascii: "{"):
            try enterContainer()
            var members: [String: JSONValue] = [:]
            if try beginObject() {
                repeat {
                    let key = try readKey()
                    let name = key.string
                    let value: JSONValue
                    do {
                        value = try readJSONValue()
                    } catch {
                        throw error.inside(.field(name))
                    }
                    guard members.updateValue(value, forKey: name) == nil else {
                        throw ProtocolError(
                            offset: key.offset, expected: "a key used once in its object",
                            found: "\"\(name)\" a second time", path: [.field(name)])
                    }
                } while try nextMember()
            }
            depth -= 1
            return .object(members)
        case UInt8(ascii: "["):
            try enterContainer()
            var elements: [JSONValue] = []
            if try beginArray() {
                repeat {
                    do {
                        elements.append(try readJSONValue())
                    } catch {
                        throw error.inside(.index(elements.count))
                    }
                } while try nextElement()
            }
            depth -= 1
            return .array(elements)
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            return .bool(try readBool())
        case UInt8(ascii: "n"):
            _ = try consumeNull()
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let (numberEnd, isInteger) = try scanNumber()
            if isInteger {
                let start = pos
                if let value = try? readInt() { return .int(value) }
                pos = start
            }
            _ = numberEnd
            return .double(try readDouble())
        default:
            throw failure(expected: "value")
        }
    }
}
