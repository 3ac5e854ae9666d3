import TapedeckCore
import TapedeckProtocol

/// The digest of a state: lowercase hex SHA-256 of its canonical pretty JSON (the same bytes as a
/// golden file, and the same value as `ClientState.digest()`).
public enum SnapshotDigest {
    /// The digest of one state.
    ///
    /// - Parameter snapshot: The state, filtered as it is compared.
    /// - Returns: 64 lowercase hex digits.
    public static func hex(_ snapshot: JSONValue) -> String {
        Hex.lowercase(SHA256Hasher.hash(snapshot.canonicalJSON(pretty: true)))
    }
}
