extension JSONReader {
    /// Consumes `{` and reads the first member's name: its position in `fields` (`fields.count`
    /// for a name the decoder does not know, kept in `unknownKey`), or nil for `{}`.
    @inline(__always)
    mutating func firstField(_ fields: JSONFieldNames) throws(ProtocolError) -> Int? {
        guard try beginObject() else { return nil }
        return try readField(fields, expected: 0)
    }

    /// After the value of the member at `previous`: reads the next member's name as `firstField`
    /// does, or consumes `}` and returns nil. The usual case, `,"name":` of the next known name
    /// right there, takes three word compares.
    @inline(__always)
    mutating func nextField(_ fields: JSONFieldNames, after previous: Int) throws(ProtocolError) -> Int? {
        let expected = previous &+ 1
        if expected < fields.count, pos &+ 24 <= end {
            let length = fields.matchLength(expected, in: words24(at: pos), skipComma: false)
            if length != 0 {
                pos &+= length
                return expected
            }
        }
        if pos < end, base.load(fromByteOffset: pos, as: UInt8.self) == UInt8(ascii: "}") {
            pos &+= 1
            return nil
        }
        return try nextFieldAfterMiss(fields, expected: expected)
    }

    /// `nextField` when the next name is not the expected one or is near the end of the input.
    @inline(never)
    mutating func nextFieldAfterMiss(_ fields: JSONFieldNames, expected: Int) throws(ProtocolError) -> Int? {
        guard try nextMember() else { return nil }
        return try searchField(fields, from: expected)
    }

    /// Reads a member name at `pos` (whitespace skipped) and the `:` after it, guessing that it is
    /// the name at `expected`.
    @inline(__always)
    mutating func readField(_ fields: JSONFieldNames, expected: Int) throws(ProtocolError) -> Int {
        // `pos - 1` is the `{` or `,` before the name (or whitespace), so it can be read.
        if expected < fields.count, pos &+ 23 <= end {
            let length = fields.matchLength(expected, in: words24(at: pos &- 1), skipComma: true)
            if length != 0 {
                pos &+= length &- 1
                return expected
            }
        }
        return try findField(fields, from: expected)
    }

    /// `searchField` out of line, for `readField`.
    @inline(never)
    mutating func findField(_ fields: JSONFieldNames, from start: Int) throws(ProtocolError) -> Int {
        try searchField(fields, from: start)
    }

    /// The member name at `pos` when the guess was wrong. Fields left out keep the order of the
    /// rest, so the names from `start` on are tried in turn the same way (near the end of the
    /// input, against a window zero-padded past it); a name before them, an unknown one, or one
    /// written with escapes or with whitespace before `:` is scanned and looked up.
    @inline(__always)
    mutating func searchField(_ fields: JSONFieldNames, from start: Int) throws(ProtocolError) -> Int {
        if let found = fields.firstMatch(from: start, in: window(at: pos &- 1)) {
            pos &+= found.length &- 1
            return found.index
        }
        return try lookUpField(fields)
    }

    /// `searchField`'s last resort, out of line: scans the name and looks it up.
    @inline(never)
    mutating func lookUpField(_ fields: JSONFieldNames) throws(ProtocolError) -> Int {
        let key = try readKey()
        let index = fields.index(of: key)
        if index == fields.count { unknownKey = key }
        return index
    }

    /// The name of the member at `index` (from `firstField` or `nextField`), for errors.
    func fieldName(_ index: Int, in fields: JSONFieldNames) -> String {
        index < fields.count ? fields.name(index).description : unknownKey?.string ?? ""
    }
}
