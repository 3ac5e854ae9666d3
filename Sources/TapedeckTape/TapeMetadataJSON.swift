import TapedeckCore

/// The JSON form of `TapeMetadata`, used in the tape header and in the JSON Lines header line.
/// Keys come in a fixed order and labels sorted by key, so the bytes are deterministic.
public enum TapeMetadataJSON {
    /// The metadata as a JSON object.
    ///
    /// - Parameter metadata: The metadata.
    /// - Returns: Its JSON's UTF-8 bytes, compact, the same bytes for equal metadata.
    public static func encode(_ metadata: TapeMetadata) -> [UInt8] {
        var json = JSONWriter()
        write(metadata, to: &json)
        return json.bytes
    }

    /// Writes the metadata as a JSON object into a document being written (a value where the writer
    /// expects one).
    ///
    /// - Parameters:
    ///   - metadata: The metadata.
    ///   - json: The writer; the object is appended to what it holds.
    public static func write(_ metadata: TapeMetadata, to json: inout JSONWriter) {
        json.beginObject()
        json.member("created", metadata.created)
        json.member("tool", metadata.tool)
        if let value = metadata.upstreamURL {
            json.member("upstream", value)
        }
        if let value = metadata.listenAddress {
            json.member("listen", value)
        }
        if let value = metadata.clientAddress {
            json.member("client", value)
        }
        json.key(name: "labels")
        json.beginObject()
        for key in metadata.labels.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            json.member(key, metadata.labels[key] ?? "")
        }
        json.endObject()
        if let value = metadata.requestTarget {
            json.member("requestTarget", value)
        }
        json.key(name: "requestHeaders")
        writeHeaders(metadata.requestHeaders, to: &json)
        if let value = metadata.responseStatus {
            json.member("responseStatus", value)
        }
        json.key(name: "responseHeaders")
        writeHeaders(metadata.responseHeaders, to: &json)
        json.endObject()
    }

    private static func writeHeaders(_ fields: [TapeMetadata.HeaderField], to json: inout JSONWriter) {
        json.beginArray()
        for field in fields {
            json.separateElement()
            json.beginArray()
            json.writeString(field.name)
            json.separateElement()
            json.writeString(field.value)
            json.endArray()
        }
        json.endArray()
    }

    /// A problem in metadata JSON, at a byte offset of the JSON text.
    /// What is wrong and at which byte: the JSON parser's own failure, so its errors pass through as they are.
    public typealias Failure = JSONParser.Failure

    /// Reads metadata from its JSON text, as `decode(_:)` does from a parsed object.
    ///
    /// - Parameter bytes: The JSON text, UTF-8.
    /// - Returns: The metadata.
    /// - Throws: `Failure` with the byte offset for text that does not parse, or as `decode(_:)`
    ///   throws for the parsed object.
    public static func decode(_ bytes: [UInt8]) throws(Failure) -> TapeMetadata {
        let node = try JSONParser.parseLocated(bytes)
        return try decode(node)
    }

    /// Reads metadata from a parsed object. Unknown keys are ignored: a newer minor version may add some.
    ///
    /// - Parameter node: The parsed JSON value, with the byte offsets of its parts.
    /// - Returns: The metadata; absent optional keys stay nil or empty.
    /// - Throws: `Failure` at the offending value: not an object, no `created` or `tool`, a value of
    ///   the wrong type, a `responseStatus` above 999, a header entry that is not a `[name, value]` pair.
    public static func decode(_ node: JSONLocated) throws(Failure) -> TapeMetadata {
        guard let members = node.members else {
            throw Failure(offset: node.offset, message: "metadata must be an object, found \(node.typeName)")
        }
        var metadata = TapeMetadata(created: "", tool: "")
        var sawCreated = false
        var sawTool = false
        for (key, value) in members {
            switch key {
            case "created":
                metadata.created = try string(value, key)
                sawCreated = true
            case "tool":
                metadata.tool = try string(value, key)
                sawTool = true
            case "upstream": metadata.upstreamURL = try string(value, key)
            case "listen": metadata.listenAddress = try string(value, key)
            case "client": metadata.clientAddress = try string(value, key)
            case "requestTarget": metadata.requestTarget = try string(value, key)
            case "responseStatus":
                guard let status = value.unsignedInteger, status <= 999 else {
                    throw Failure(offset: value.offset, message: "\"responseStatus\" must be an HTTP status code")
                }
                metadata.responseStatus = Int(status)
            case "labels":
                guard let labels = value.members else {
                    throw Failure(offset: value.offset, message: "\"labels\" must be an object of strings")
                }
                for (name, label) in labels { metadata.labels[name] = try string(label, "labels.\(name)") }
            case "requestHeaders": metadata.requestHeaders = try headers(value, key)
            case "responseHeaders": metadata.responseHeaders = try headers(value, key)
            default: continue
            }
        }
        guard sawCreated else { throw Failure(offset: node.offset, message: "metadata has no \"created\"") }
        guard sawTool else { throw Failure(offset: node.offset, message: "metadata has no \"tool\"") }
        return metadata
    }

    private static func string(_ node: JSONLocated, _ key: String) throws(Failure) -> String {
        guard case .string(let text) = node.value else {
            throw Failure(offset: node.offset, message: "\"\(key)\" must be a string, found \(node.typeName)")
        }
        return text
    }

    private static func headers(_ node: JSONLocated, _ key: String) throws(Failure) -> [TapeMetadata.HeaderField] {
        guard let entries = node.elements else {
            throw Failure(offset: node.offset, message: "\"\(key)\" must be an array of [name, value] pairs")
        }
        var fields: [TapeMetadata.HeaderField] = []
        for entry in entries {
            guard let pair = entry.elements, pair.count == 2 else {
                throw Failure(offset: entry.offset, message: "each entry of \"\(key)\" must be a [name, value] pair")
            }
            fields.append(.init(try string(pair[0], key), try string(pair[1], key)))
        }
        return fields
    }
}
