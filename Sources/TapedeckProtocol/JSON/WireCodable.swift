/// A protocol value the typed decoder reads straight from JSON bytes and the encoder writes
/// back. Internal: the public surface is `ServerMessage` / `ClientMessage` decode and encode.
protocol WireCodable {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Self
    func encode(to writer: inout JSONWriter)
}

extension String: WireCodable {
    @inline(__always)
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> String { try reader.readString() }
    @inline(__always)
    func encode(to writer: inout JSONWriter) { writer.writeString(self) }
}

extension Int: WireCodable {
    @inline(__always)
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Int { try reader.readInt() }
    @inline(__always)
    func encode(to writer: inout JSONWriter) { writer.writeInt(self) }
}

extension Double: WireCodable {
    @inline(__always)
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Double { try reader.readDouble() }
    @inline(__always)
    func encode(to writer: inout JSONWriter) { writer.writeDouble(self) }
}

extension Bool: WireCodable {
    @inline(__always)
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Bool { try reader.readBool() }
    @inline(__always)
    func encode(to writer: inout JSONWriter) { writer.writeBool(self) }
}

/// The protocol's string-valued enums (`kind`, `status`, `currency`...). A value the schema does not
/// know is not an error: it decodes as the enum's `unknown(String)` case, as the app keeps it
/// (docs/PROTOCOL.md, "Enums").
protocol WireEnum: WireCodable, CaseIterable, Sendable {
    /// The known case named `rawValue`, or `unknown(rawValue)`.
    init(rawValue: String)
    var rawValue: String { get }
    /// The known values packed for matching; each conformer stores one (`WireEnumNames()`).
    static var wireNames: WireEnumNames<Self> { get }
}

extension WireEnum {
    static func decode(from reader: inout JSONReader) throws(ProtocolError) -> Self {
        reader.skipWhitespace()
        let start = reader.pos
        if reader.byte(at: start) == UInt8(ascii: "\""), let count = reader.shortPlainLength(quote: start), count > 0,
            let value = wireNames.match(reader.base + (start + 1), count: count)
        {
            reader.pos = start + count + 2
            return value
        }
        return Self(rawValue: try reader.readString())
    }

    func encode(to writer: inout JSONWriter) { writer.writeString(rawValue) }
}

extension JSONReader {
    /// Reads an array of `Element`, adding the element index to the path of any error.
    @inline(__always)
    mutating func readArray<Element: WireCodable>(of _: Element.Type) throws(ProtocolError) -> [Element] {
        try readArray { reader throws(ProtocolError) in try Element.decode(from: &reader) }
    }

    /// `readArray(of: String.self)`, calling `readString` directly (see `readOptionalString`).
    /// A short list decoded recently from the same bytes is shared (`RecentStrings`).
    mutating func readStringArray() throws(ProtocolError) -> [String] {
        skipWhitespace()
        let key = RecentStrings.ListKey(at: base + pos, available: end - pos)
        let recent = key == nil ? nil : recent()
        if let key, let list = recent?._withUnsafeGuaranteedRef({ $0.list(key, at: base + pos) }) {
            pos &+= key.length
            return list
        }
        let start = pos
        let list = try decodeStringArray()
        if let key, pos - start == key.length {
            recent?._withUnsafeGuaranteedRef { $0.remember(list, key, at: base + start) }
        }
        return list
    }

    /// `readStringArray` without the table.
    @inline(__always)
    mutating func decodeStringArray() throws(ProtocolError) -> [String] {
        try readArray { reader throws(ProtocolError) in try reader.readString() }
    }

    /// Reads an array whose elements `element` reads, adding the element index to the path of any error.
    @inline(__always)
    mutating func readArray<Element>(_ element: (inout JSONReader) throws(ProtocolError) -> Element) throws(ProtocolError)
        -> [Element]
    {
        var elements: [Element] = []
        guard try beginArray() else { return elements }
        // Most lists hold a few elements: one allocation instead of growing 1, 2, 4.
        elements.reserveCapacity(4)
        var index = 0
        repeat {
            do {
                elements.append(try element(&self))
            } catch {
                throw error.inside(.index(index))
            }
            index += 1
        } while try nextElement()
        return elements
    }

    /// Reads a value for an optional field: null means absent.
    @inline(__always)
    mutating func readOptional<Value: WireCodable>(_: Value.Type) throws(ProtocolError) -> Value? {
        if try consumeNull() { return nil }
        return try Value.decode(from: &self)
    }

    /// `readOptional(String.self)`, calling `readString` directly (through the generic
    /// `String.decode` the compiler calls a witness thunk for every string instead of inlining
    /// it) and skipping whitespace once.
    @inline(__always)
    mutating func readOptionalString() throws(ProtocolError) -> String? {
        skipWhitespace()
        if try consumeNullHere() { return nil }
        return try readStringHere()
    }

    /// `readOptional(Int.self)` with one whitespace skip instead of two.
    @inline(__always)
    mutating func readOptionalInt() throws(ProtocolError) -> Int? {
        skipWhitespace()
        if try consumeNullHere() { return nil }
        return try readIntHere()
    }

    /// The error for a required field that the object at `objectStart` did not contain; the
    /// offset is the object's closing brace (`pos` is just after it).
    @inline(never)
    func missingField(_ name: StaticString) -> ProtocolError {
        ProtocolError(offset: pos - 1, expected: "field '\(name)'", found: "end of object")
    }
}

extension JSONWriter {
    @inline(__always)
    mutating func writeArray<Element: WireCodable>(_ elements: [Element]) {
        beginArray()
        for element in elements {
            separateElement()
            element.encode(to: &self)
        }
        endArray()
    }
}
