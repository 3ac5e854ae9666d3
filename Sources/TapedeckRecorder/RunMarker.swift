import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The crash marker: `recorder.running` in the recorder's folder, written when a recorder with a
/// collector starts and deleted by `stop()`. Found at the next start, it means the previous run
/// ended without `stop()` (a crash, a kill): its segments are sealed into a crash report.
///
/// It says which segments were that run's (numbered after `after`) and what the run's reports
/// said about the app, so a crash report names the build that crashed, not the one after it.
struct RunMarker: Equatable {
    /// The highest segment number in the folder when the run started.
    var after: Int
    /// The run's `created` (RFC 3339), as its segments' headers have it.
    var created: String
    /// The run's app, OS and device labels.
    var labels: [String: String]

    static let name = "recorder.running"

    static func path(in directory: String) -> String {
        (directory as NSString).appendingPathComponent(name)
    }

    /// The previous run's marker, if it left one; nil when there is none or it cannot be read.
    static func read(in directory: String) -> RunMarker? {
        guard let data = FileManager.default.contents(atPath: path(in: directory)),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let after = object["after"] as? Int, let created = object["created"] as? String
        else { return nil }
        let labels = (object["labels"] as? [String: Any])?.compactMapValues { $0 as? String } ?? [:]
        return RunMarker(after: after, created: created, labels: labels)
    }

    /// Writes the marker whole (a temporary file renamed over it).
    func write(in directory: String) throws(FlightRecorderError) {
        let path = Self.path(in: directory)
        let object: [String: Any] = ["after": after, "created": created, "labels": labels]
        do {
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw FlightRecorderError("cannot write the crash marker \(path): \(error.localizedDescription)")
        }
    }

    /// Deletes the marker: the run stopped cleanly.
    static func remove(in directory: String) {
        _ = unlink(path(in: directory))
    }
}
