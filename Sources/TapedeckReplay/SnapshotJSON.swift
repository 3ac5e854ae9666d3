import Foundation
import TapedeckCore
import TapedeckProtocol

/// Turns a model's snapshot, any `Encodable` (an app's own view state), into the `JSONValue` that
/// goldens, diffs and digests compare, in the same canonical form as Tapedeck's own snapshots.
/// Dates are written as ISO 8601 text, so goldens stay readable.
public enum SnapshotJSON {
    /// A snapshot as JSON: a `JSONValue` as it is, anything else through `JSONEncoder`. A snapshot
    /// that cannot be encoded becomes `{"snapshotError": …}` saying why, which no golden matches.
    ///
    /// - Parameter snapshot: The model's snapshot.
    /// - Returns: The snapshot's JSON value.
    public static func value<Snapshot: Encodable>(of snapshot: Snapshot) -> JSONValue {
        if let json = snapshot as? JSONValue { return json }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        do {
            return try JSONValue.parse(Array(try encoder.encode(snapshot)))
        } catch {
            // A golden will not match this, and the diff shows why.
            return .object(["snapshotError": .string("the snapshot of \(Snapshot.self) could not be encoded as JSON: \(error)")])
        }
    }
}
