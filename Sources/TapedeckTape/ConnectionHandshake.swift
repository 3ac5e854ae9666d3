/// One connection's handshake in a tape with several connections: a `handshake` note record whose
/// payload is the header's metadata object (docs/TAPE-FORMAT.md, section 4) for that connection,
/// so each connection of a session tape keeps its own client address, request target, headers
/// and answer, where the header holds only the first one's.
public enum ConnectionHandshake {
    /// The `handshake` note record of a connection.
    ///
    /// - Parameters:
    ///   - metadata: The connection's handshake: its accept time as `created`, its client address,
    ///     request target and headers, the answer's status and headers.
    ///   - time: The record's time.
    ///   - connection: The connection's number.
    /// - Returns: The record, its payload the metadata's JSON.
    public static func record(_ metadata: TapeMetadata, time: UInt64, connection: UInt32) -> TapeRecord {
        TapeRecord(
            time: time, connection: connection, direction: .note, kind: .handshake,
            payload: TapeMetadataJSON.encode(metadata))
    }

    /// The handshake a record holds, or nil when it is not a `handshake` record or its payload is
    /// not a metadata object (a damaged or foreign record is skipped, as an unknown one would be).
    ///
    /// - Parameter record: A tape record.
    /// - Returns: The connection's handshake; nil for any other record.
    public static func metadata(of record: TapeRecord) -> TapeMetadata? {
        guard record.kind == .handshake else { return nil }
        return try? TapeMetadataJSON.decode(record.payload)
    }
}
