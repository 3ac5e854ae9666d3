extension JSONReader {
    /// The way out of a generated decoder whose object does not list its members in wire order
    /// (one out of order, repeated or unknown): reads the object again from `objectStart`, writes
    /// the last value of each known member, in wire order, into a new object and decodes that with
    /// `decode`, which then reads it straight through. So each field's read is written once, and
    /// the usual in-order object pays nothing for the rare other ones. Errors keep their field
    /// paths, and their offsets are mapped back into this input.
    @inline(never)
    mutating func decodeInWireOrder<Value>(
        from objectStart: Int, _ fields: JSONFieldNames, _ decode: (inout JSONReader) throws(ProtocolError) -> Value
    ) throws(ProtocolError) -> Value {
        pos = objectStart
        var values = [Range<Int>?](repeating: nil, count: fields.count)
        var field = try firstField(fields)
        while let index = field {
            skipWhitespace()
            let valueStart = pos
            do { try skipValue() } catch { throw error.inside(.field(fieldName(index, in: fields))) }
            if index < fields.count { values[index] = valueStart..<pos }
            field = try nextField(fields, after: index)
        }
        var ordered = WireOrderedObject(closingBrace: pos - 1)
        for (index, range) in values.enumerated() {
            if let range {
                ordered.append(
                    fields.name(index), value: UnsafeRawBufferPointer(start: base + range.lowerBound, count: range.count),
                    at: range.lowerBound)
            }
        }
        ordered.close()
        let depth = depth
        let decoded = ordered.bytes.withUnsafeBytes { raw in
            Result { () throws(ProtocolError) in
                var reader = JSONReader(raw)
                reader.depth = depth
                return try decode(&reader)
            }
        }
        return try decoded.mapError { error in
            var error = error
            error.offset = ordered.originalOffset(error.offset)
            return error
        }.get()
    }
}

/// An object rebuilt with its members in wire order, and where each copied value came from.
struct WireOrderedObject {
    private(set) var bytes: [UInt8] = [UInt8(ascii: "{")]
    /// Per copied value: where it starts in `bytes`, where it started in the input, its length.
    private var copies: [(start: Int, original: Int, count: Int)] = []
    /// The input's `}` of the object, where an offset outside every value (a missing field) points.
    private let closingBrace: Int

    init(closingBrace: Int) { self.closingBrace = closingBrace }

    mutating func append(_ name: StaticString, value: UnsafeRawBufferPointer, at original: Int) {
        if bytes.count > 1 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
        copies.append((bytes.count, original, value.count))
        bytes.append(contentsOf: value)
    }

    mutating func close() { bytes.append(UInt8(ascii: "}")) }

    /// The input offset of `offset` in `bytes`.
    func originalOffset(_ offset: Int) -> Int {
        for copy in copies where offset >= copy.start && offset < copy.start + copy.count {
            return copy.original + offset - copy.start
        }
        return closingBrace
    }
}
