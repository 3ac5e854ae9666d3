/// The start of a tape's record stream: format version and metadata.
public struct TapeHeader: Sendable, Equatable {
    /// The format's major version; readers refuse one newer than `TapeFormat.majorVersion`.
    public var majorVersion: UInt16
    /// The format's minor version; newer ones only add what older readers may skip.
    public var minorVersion: UInt16
    /// What the tape says about its session.
    public var metadata: TapeMetadata

    /// A header of this library's format version unless told otherwise.
    ///
    /// - Parameters:
    ///   - majorVersion: The major version; `TapeFormat.majorVersion` by default.
    ///   - minorVersion: The minor version; `TapeFormat.minorVersion` by default.
    ///   - metadata: What the tape says about its session.
    public init(
        majorVersion: UInt16 = TapeFormat.majorVersion, minorVersion: UInt16 = TapeFormat.minorVersion,
        metadata: TapeMetadata
    ) {
        self.majorVersion = majorVersion
        self.minorVersion = minorVersion
        self.metadata = metadata
    }

    /// "1.0"
    public var versionString: String { "\(majorVersion).\(minorVersion)" }

    /// The header bytes: magic, major, minor (little-endian u16), metadata length (u32), metadata JSON.
    /// Metadata over `TapeFormat.maxMetadataLength`, which readers refuse, is the caller's to
    /// check: writers use `encoded(for:)`.
    ///
    /// - Returns: The header's bytes, `TapeFormat.headerFixedSize` plus the metadata's JSON length.
    public func encoded() -> [UInt8] {
        encoded(json: TapeMetadataJSON.encode(metadata))
    }

    /// The header bytes, or `metadataTooLarge` when readers would refuse them (`path` for the message).
    ///
    /// - Parameter path: The tape's path, named in the error.
    /// - Returns: The header's bytes, as `encoded()` gives them.
    /// - Throws: `TapeError.metadataTooLarge` when the metadata's JSON is longer than
    ///   `TapeFormat.maxMetadataLength`.
    public func encoded(for path: String) throws(TapeError) -> [UInt8] {
        let json = TapeMetadataJSON.encode(metadata)
        guard json.count <= Int(TapeFormat.maxMetadataLength) else { throw .metadataTooLarge(path: path, length: json.count) }
        return encoded(json: json)
    }

    private func encoded(json: [UInt8]) -> [UInt8] {
        var bytes = TapeFormat.magic
        bytes.reserveCapacity(TapeFormat.headerFixedSize + json.count)
        ByteWriting.appendLE(majorVersion, to: &bytes)
        ByteWriting.appendLE(minorVersion, to: &bytes)
        ByteWriting.appendLE(UInt32(json.count), to: &bytes)
        bytes += json
        return bytes
    }
}
