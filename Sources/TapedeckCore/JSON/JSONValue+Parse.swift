extension JSONValue {
    /// Parses one JSON document with `JSONParser`, the reader of every tool.
    ///
    /// - Parameter bytes: The document's UTF-8 bytes: one value, with optional whitespace around it.
    /// - Returns: The document's value.
    /// - Throws: `JSONParser.Failure` when the bytes are not one well-formed JSON document.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParser.Failure) -> JSONValue {
        try JSONParser.parse(bytes)
    }

    /// Parses one JSON document with `JSONParser`, from an array of bytes.
    ///
    /// - Parameter bytes: The document's UTF-8 bytes: one value, with optional whitespace around it.
    /// - Returns: The document's value.
    /// - Throws: `JSONParser.Failure` when the bytes are not one well-formed JSON document.
    public static func parse(_ bytes: [UInt8]) throws(JSONParser.Failure) -> JSONValue {
        try JSONParser.parse(bytes)
    }
}
