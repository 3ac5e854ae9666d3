extension TapeImport {
    /// Reads the HAR file at `harPath` (`TapeHARImport`) and writes its WebSocket connections as one
    /// tape at `tapePath`, replaced whole when complete, after `redact` (which the command line
    /// gives the recording proxy's redaction). Returns the session it wrote.
    @discardableResult
    public static func har(
        from harPath: String, to tapePath: String, metadata fallback: TapeMetadata,
        options: TapeWriterOptions = TapeWriterOptions(),
        redact: (inout TapeHARImport.Session) -> Void = { _ in }
    ) throws(HARImportFailure) -> TapeHARImport.Session {
        let bytes: [UInt8]
        do { bytes = try BoundedFile.read(harPath, limit: BoundedFile.Limit.har) } catch {
            throw HARImportFailure(description: error.description)
        }
        var session: TapeHARImport.Session
        do { session = try TapeHARImport.session(from: bytes, fallback: fallback) } catch {
            throw HARImportFailure(description: "\(harPath): \(error)")
        }
        redact(&session)
        var options = options
        options.replacesAtClose = true
        do {
            let writer = try TapeWriter(path: tapePath, metadata: session.metadata, options: options)
            for record in session.records { try writer.append(record) }
            try writer.close()
        } catch {
            throw HARImportFailure(description: error.description)
        }
        return session
    }
}

/// Why a HAR file did not become a tape: it could not be read, is not a HAR with WebSocket
/// entries (with where), or the tape could not be written.
public struct HARImportFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
}
