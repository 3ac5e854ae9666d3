extension TapeImport {
    /// Reads the HAR file at `harPath` (`TapeHARImport`) and writes its WebSocket connections as one
    /// tape at `tapePath`, replaced whole when complete, after `redact` (which the command line
    /// gives the recording proxy's redaction). Returns the session it wrote.
    ///
    /// - Parameters:
    ///   - harPath: The HAR file; at most `BoundedFile.Limit.har` bytes.
    ///   - tapePath: Where to write the tape; replaced whole once the tape is complete, left as it
    ///     was on any error.
    ///   - fallback: The metadata for a HAR that tapedeck did not write (`TapeHARImport`).
    ///   - options: How the tape is written; `replacesAtClose` is always on.
    ///   - redact: Changes the session before it is written; leaves it as it is by default.
    /// - Returns: The session as written, after `redact`.
    /// - Throws: `HARImportFailure` saying why: the HAR cannot be read, is not a HAR with
    ///   WebSocket entries (with the byte and JSON path), or the tape cannot be written.
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
    /// What went wrong, starting with the file it concerns.
    public var description: String
}
