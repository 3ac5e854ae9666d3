import TapedeckTape

extension Redactor {
    /// The record as a tape may hold it: a text message's JSON with its secrets replaced, a
    /// connection's handshake as `redactingHandshake(of:)` leaves it; every other record (binary,
    /// opens, closes, notes, markers) as it is. The one rule the proxy's and the flight recorder's
    /// writers both apply before a record reaches disk.
    ///
    /// - Parameter record: The record as it was seen.
    /// - Returns: The record to write.
    public func redacting(_ record: TapeRecord) -> TapeRecord {
        if record.kind == .handshake, let metadata = ConnectionHandshake.metadata(of: record) {
            var copy = record
            copy.payload = TapeMetadataJSON.encode(redactingHandshake(of: metadata))
            return copy
        }
        guard record.kind == .text, record.direction != .note, let redacted = redactJSON(record.payload) else { return record }
        var copy = record
        copy.payload = redacted
        return copy
    }

    /// The handshake a tape keeps, in its header and in each connection's `handshake` record, as
    /// the recording proxy writes it: the request target and both header lists redacted. `import`
    /// of a HAR file applies the same.
    ///
    /// - Parameter metadata: The handshake as it was seen.
    /// - Returns: The handshake to write.
    public func redactingHandshake(of metadata: TapeMetadata) -> TapeMetadata {
        var redacted = metadata
        redacted.requestTarget = metadata.requestTarget.map(redactRequestTarget)
        redacted.requestHeaders = metadata.requestHeaders.map { .init($0.name, redactHeader(name: $0.name, value: $0.value)) }
        redacted.responseHeaders = metadata.responseHeaders.map { .init($0.name, redactHeader(name: $0.name, value: $0.value)) }
        return redacted
    }

    /// A tape's header as a writer keeps it when the header came from elsewhere (a HAR file, an
    /// uploaded report): the handshake as `redactingHandshake(of:)` leaves it, and the upstream
    /// URL's query redacted like a request target.
    ///
    /// - Parameter metadata: The header as it was read.
    /// - Returns: The header to write.
    public func redactingHeader(of metadata: TapeMetadata) -> TapeMetadata {
        var redacted = redactingHandshake(of: metadata)
        redacted.upstreamURL = metadata.upstreamURL.map(redactRequestTarget)
        return redacted
    }
}
