extension JSONValue {
    /// Parses one JSON document with `JSONParser`, the reader of every tool.
    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParser.Failure) -> JSONValue {
        try JSONParser.parse(bytes)
    }

    public static func parse(_ bytes: [UInt8]) throws(JSONParser.Failure) -> JSONValue {
        try JSONParser.parse(bytes)
    }
}
