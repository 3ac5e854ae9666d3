import Foundation
import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckTape

/// Per-record state digests of a replay, as JSON Lines: `{"tape":0,"record":12,"digest":"…"}`.
/// An app's test writes one for its own `ClientModel` (TapedeckTesting); `tapedeck replay
/// --compare-digests` replays the same tape through `ClientState` and names the first record where
/// the two models' states differ.
public enum DigestTrace {
    /// The digest of the state after one record.
    public struct Entry: Sendable, Equatable {
        /// The tape's position in the session, from 0.
        public var tape: Int
        /// The record's position in its tape, from 0.
        public var record: Int
        /// The hex SHA-256 of the filtered snapshot's canonical JSON (`SnapshotDigest`).
        public var digest: String

        /// An entry of the trace.
        ///
        /// - Parameters:
        ///   - tape: The tape's position in the session, from 0.
        ///   - record: The record's position in its tape, from 0.
        ///   - digest: The state's digest after that record.
        public init(tape: Int, record: Int, digest: String) {
            self.tape = tape
            self.record = record
            self.digest = digest
        }

        /// `{"tape":0,"record":12,"digest":"…"}`: one line of the trace file.
        public var line: String {
            var json = JSONWriter(capacity: 96)
            json.beginObject()
            json.member("tape", tape)
            json.member("record", record)
            json.member("digest", digest)
            json.endObject()
            return String(decoding: json.bytes, as: UTF8.self)
        }
    }

    /// The digest of the model's snapshot after every record of the session.
    ///
    /// - Parameters:
    ///   - tapes: The session's tapes, in order.
    ///   - model: The model to replay them through; invariants are not checked.
    ///   - filter: The paths left out of each snapshot before it is digested.
    /// - Returns: One entry a record, in replay order.
    /// - Throws: `TapeError` when a tape cannot be opened or read.
    public static func record<Model: SocketModel>(tapes: [String], model: Model, filter: SnapshotFilter = .none) throws -> [Entry]
    {
        var entries: [Entry] = []
        var replay = TapeReplay(tapes: tapes, model: model)
        replay.checksInvariants = false
        replay.afterEachRecord = { position, _, model in
            entries.append(
                Entry(
                    tape: position.tape, record: position.record, digest: SnapshotDigest.hex(filter.apply(model.snapshotJSON()))))
        }
        _ = try replay.run()
        return entries
    }

    /// Writes a trace as JSON Lines, replacing the file whole or not at all.
    ///
    /// - Parameters:
    ///   - entries: The entries, one a line.
    ///   - path: The file to write.
    /// - Throws: When the file cannot be written.
    public static func write(_ entries: [Entry], to path: String) throws {
        let text = entries.map(\.line).joined(separator: "\n") + (entries.isEmpty ? "" : "\n")
        try ReplacingFile.write(Array(text.utf8), to: path)
    }

    /// Reads a trace; a malformed line is reported with its line:column.
    ///
    /// - Parameter path: The trace file.
    /// - Returns: Its entries; blank lines are skipped.
    /// - Throws: `TextFileError` when the file cannot be read, is too large, or a line is not an entry.
    public static func read(_ path: String) throws(TextFileError) -> [Entry] {
        let data: [UInt8]
        do {
            data = try BoundedFile.read(path, limit: BoundedFile.Limit.golden)
        } catch {
            throw TextFileError(path: path, line: 0, column: 0, message: error.reason)
        }
        var entries: [Entry] = []
        for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let bytes = [UInt8](line)
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }) { continue }
            func fail(_ column: Int, _ message: String) -> TextFileError {
                TextFileError(path: path, line: index + 1, column: column, message: message)
            }
            let value: JSONValue
            do { value = try JSONValue.parse(bytes) } catch { throw fail(error.offset + 1, "not JSON: \(error)") }
            guard case .int(let tape)? = value.field("tape"), case .int(let record)? = value.field("record"),
                case .string(let digest)? = value.field("digest")
            else {
                throw fail(1, "expected {\"tape\": integer, \"record\": integer, \"digest\": string}")
            }
            entries.append(Entry(tape: tape, record: record, digest: digest))
        }
        return entries
    }

    /// The first entry where two traces differ: a different digest, or a record one of them lacks.
    ///
    /// - Parameters:
    ///   - expected: The reference trace.
    ///   - actual: The trace to compare with it.
    /// - Returns: The two entries at the first difference (nil for the side that ended), or nil when
    ///   the traces are equal.
    public static func firstDifference(expected: [Entry], actual: [Entry]) -> (expected: Entry?, actual: Entry?)? {
        for index in 0..<max(expected.count, actual.count) {
            let left = index < expected.count ? expected[index] : nil
            let right = index < actual.count ? actual[index] : nil
            if left != right { return (left, right) }
        }
        return nil
    }
}

extension JSONValue {
    func field(_ key: String) -> JSONValue? {
        if case .object(let fields) = self { return fields[key] }
        return nil
    }
}
