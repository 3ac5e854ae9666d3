import Foundation
import TapedeckCore
import TapedeckProtocol

/// Turns a model's snapshot, any `Encodable` (an app's own view state), into the `JSONValue` that
/// goldens, diffs and digests compare, in the same canonical form as Tapedeck's own snapshots.
/// Dates are written as ISO 8601 text, so goldens stay readable.
public enum SnapshotJSON {
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
