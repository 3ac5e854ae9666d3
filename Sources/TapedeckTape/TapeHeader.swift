/// The start of a tape's record stream: format version and metadata.
public struct TapeHeader: Sendable, Equatable {
    public var majorVersion: UInt16
    public var minorVersion: UInt16
    public var metadata: TapeMetadata

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
    public func encoded() -> [UInt8] {
        encoded(json: TapeMetadataJSON.encode(metadata))
    }

    /// The header bytes, or `metadataTooLarge` when readers would refuse them (`path` for the message).
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
