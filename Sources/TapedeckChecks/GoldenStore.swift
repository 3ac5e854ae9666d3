import Foundation
import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckTape

/// The golden snapshots of one tape: `NAME.golden/CHECKPOINT.json` beside `NAME.tape` (or in a
/// folder the caller names, `CheckOptions.goldens`), each the canonical pretty JSON of the expected
/// state. The filter's ignored paths are left out of the golden too, so a golden written before a
/// path was ignored still matches.
public struct GoldenStore: Sendable {
    /// The folder holding the goldens, one `CHECKPOINT.json` each.
    public var directory: String
    /// Whether a missing or different golden is written or reported.
    public var mode: RecordMode
    /// The paths left out of the snapshot and of the golden when they are compared.
    public var filter: SnapshotFilter
    /// How the diff of a mismatch pairs the elements of arrays.
    public var identity: ArrayIdentity

    /// A store in a folder the caller names.
    ///
    /// - Parameters:
    ///   - directory: The folder of the goldens; created when the first is written.
    ///   - mode: Whether a missing or different golden is written or reported.
    ///   - filter: The paths to leave out.
    ///   - identity: How a mismatch's diff pairs array elements.
    public init(directory: String, mode: RecordMode, filter: SnapshotFilter = .none, identity: ArrayIdentity = .standard) {
        self.directory = directory
        self.mode = mode
        self.filter = filter
        self.identity = identity
    }

    /// The store beside a tape: `NAME.golden/` next to `NAME.tape`.
    ///
    /// - Parameters:
    ///   - tape: The tape's path.
    ///   - mode: Whether a missing or different golden is written or reported.
    ///   - filter: The paths to leave out.
    ///   - identity: How a mismatch's diff pairs array elements.
    public init(tape: String, mode: RecordMode, filter: SnapshotFilter = .none, identity: ArrayIdentity = .standard) {
        self.init(directory: TapeFiles.goldenDirectory(forTape: tape), mode: mode, filter: filter, identity: identity)
    }

    /// The golden file of a checkpoint.
    ///
    /// - Parameter checkpoint: The checkpoint's name.
    /// - Returns: `directory/CHECKPOINT.json`.
    public func path(for checkpoint: String) -> String { directory + "/" + checkpoint + ".json" }

    /// Compares `snapshot` with the golden of `checkpoint`, writing it when the mode says so.
    ///
    /// - Parameters:
    ///   - checkpoint: The checkpoint's name.
    ///   - snapshot: The state at the checkpoint, already filtered.
    /// - Returns: Matched, mismatched (with the diff), recorded, missing, or unreadable; a failure to
    ///   read or write the golden is an outcome, not an error.
    public func check(_ checkpoint: String, snapshot: JSONValue) -> GoldenOutcome {
        let path = path(for: checkpoint)
        let actual = snapshot.canonicalJSON(pretty: true)
        guard FileManager.default.fileExists(atPath: path) else {
            if mode == .none { return .missing(path: path) }
            return write(actual, to: path) ?? .recorded(path: path, replaced: nil)
        }
        let expectedBytes: [UInt8]
        do {
            expectedBytes = try BoundedFile.read(path, limit: BoundedFile.Limit.golden)
        } catch {
            return .unreadable(path: path, reason: error.reason)
        }
        if expectedBytes == actual { return .matched }
        let diff: SnapshotDiff
        do {
            let expected = filter.apply(try JSONValue.parse(expectedBytes))
            // Equal values written differently (an edited golden): compare as values, rewrite on `all`.
            guard let found = SnapshotDiff(expected: expected, actual: snapshot, identity: identity) else {
                if mode == .all { return write(actual, to: path) ?? .recorded(path: path, replaced: nil) }
                return .matched
            }
            diff = found
        } catch {
            if mode == .all { return write(actual, to: path) ?? .recorded(path: path, replaced: nil) }
            return .unreadable(path: path, reason: "not JSON: \(error). Fix it, delete it to re-record, or run with --record all")
        }
        if mode == .all { return write(actual, to: path) ?? .recorded(path: path, replaced: diff) }
        return .mismatched(diff)
    }

    /// Writes a golden; returns an outcome only when that fails.
    private func write(_ bytes: [UInt8], to path: String) -> GoldenOutcome? {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return .unreadable(path: path, reason: "cannot create the goldens folder \(directory): \(error.localizedDescription)")
        }
        do {
            // Whole or not at all: a crash mid-write leaves the previous golden.
            try ReplacingFile.write(bytes, to: path)
            return nil
        } catch {
            return .unreadable(path: path, reason: "cannot write the golden: \(error)")
        }
    }
}
