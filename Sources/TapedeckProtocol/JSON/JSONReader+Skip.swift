extension JSONReader {
    /// Steps over one complete value of any kind (an unknown field, or a `message` whose type is
    /// not known yet), checking its syntax on the way.
    mutating func skipValue() throws(ProtocolError) {
        switch peek() {
        case UInt8(ascii: "\""):
            _ = try scanString(quote: pos)
        case UInt8(ascii: "{"):
            try enterContainer()
            if try beginObject() {
                repeat {
                    _ = try readKey()
                    try skipValue()
                } while try nextMember()
            }
            depth -= 1
        case UInt8(ascii: "["):
            try enterContainer()
            if try beginArray() {
                repeat {
                    try skipValue()
                } while try nextElement()
            }
            depth -= 1
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            _ = try readBool()
        case UInt8(ascii: "n"):
            _ = try consumeNull()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            pos = try scanNumber().end
        default:
            throw failure(expected: "value")
        }
    }

    mutating func enterContainer() throws(ProtocolError) {
        depth += 1
        if depth > Self.maxDepth {
            throw failure(expected: "at most \(Self.maxDepth) nested arrays and objects")
        }
    }
}
