/// The constants of the tape format (docs/TAPE-FORMAT.md).
public enum TapeFormat {
    /// The 8 bytes that open every record stream: "TAPEDECK".
    public static let magic: [UInt8] = Array("TAPEDECK".utf8)
    /// Readers refuse a newer major version; a newer minor version only adds things old readers may skip.
    public static let majorVersion: UInt16 = 1
    /// The minor version this library writes; readers accept any minor version of their major.
    public static let minorVersion: UInt16 = 2

    /// Magic (8), major (2), minor (2), metadata length (4).
    public static let headerFixedSize = 16
    /// Metadata is a small JSON object; anything bigger is damage, not data.
    public static let maxMetadataLength: UInt32 = 16 << 20

    /// The record length field (4) that precedes every record.
    public static let recordLengthSize = 4
    /// time (8), connection (4), direction (1), kind (1), extension length (2).
    public static let recordFixedSize = 16
    /// A record longer than this is refused as damage (a WebSocket message that big is not plausible).
    public static let maxRecordLength: UInt32 = 1 << 30
    /// The largest message a record can hold: the record limit less the fixed fields and room for
    /// its extensions. `--max-message` may not be larger (issue 34, finding 7: 4 GiB started and
    /// then died on the first connection; a 1.06 GiB message was forwarded but not recordable).
    public static let maxMessageLength = Int(maxRecordLength) - recordFixedSize - 64

    /// Extension tags inside a record's extension area (tag, length, value).
    public enum ExtensionTag: UInt8 {
        /// A close record's status code (2 bytes, little-endian).
        case closeCode = 1
        /// How many frames a message arrived in, when more than one.
        case fragmentCount = 2
        /// Who ended the connection (1 byte, `TapeRecord.Party`), on the note that says it ended (1.2).
        case endedBy = 3
        /// The HTTP status of a refused upgrade (2 bytes, little-endian), on its note (1.2).
        case refusalStatus = 4
    }
}
