import Crypto
import TapedeckProtocol

/// The digest of a state: lowercase hex SHA-256 of its canonical pretty JSON (the same bytes as a
/// golden file, and the same value as `ClientState.digest()`).
public enum SnapshotDigest {
    public static func hex(_ snapshot: JSONValue) -> String {
        hex(bytes: snapshot.canonicalJSON(pretty: true))
    }

    public static func hex(bytes: [UInt8]) -> String {
        let hexDigits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) {
            out.append(hexDigits[Int(byte >> 4)])
            out.append(hexDigits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
