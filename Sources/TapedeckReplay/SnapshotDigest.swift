import TapedeckCore
import TapedeckProtocol

/// The digest of a state: lowercase hex SHA-256 of its canonical pretty JSON (the same bytes as a
/// golden file, and the same value as `ClientState.digest()`).
public enum SnapshotDigest {
    public static func hex(_ snapshot: JSONValue) -> String {
        Hex.lowercase(SHA256Hasher.hash(snapshot.canonicalJSON(pretty: true)))
    }
}
