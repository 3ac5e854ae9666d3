import Foundation
import TapedeckTape
import TestSupport

/// Builds the tapes of a test in a fresh `TestFolder`: from a list of messages, from records, or
/// from the shared JSON Lines fixtures (`Fixtures/`).
public struct TestTapes: Sendable {
    public let folder: TestFolder
    /// The header every tape built here gets.
    public let metadata: TapeMetadata
    public var directory: String { folder.path }

    public static let metadata = TapeMetadata(created: "2026-01-01T00:00:00.000Z", tool: "tests")

    public init(_ name: String = "tapedeck-tapes", metadata: TapeMetadata = TestTapes.metadata) throws {
        folder = try TestFolder(name)
        self.metadata = metadata
    }

    /// An `open` record, then one record per message, 1 s apart: a `>` prefix is a client message,
    /// `#` a marker, anything else a server message.
    @discardableResult
    public func tape(_ name: String, _ messages: [String]) throws -> String {
        var records = [TapeRecord(time: 0, direction: .c2s, kind: .open)]
        for (index, message) in messages.enumerated() {
            let time = UInt64(index + 1) * 1_000_000_000
            if message.hasPrefix("#") {
                records.append(TapeRecord(time: time, direction: .note, kind: .marker, payload: Array(message.dropFirst().utf8)))
            } else {
                let client = message.hasPrefix(">")
                records.append(
                    TapeRecord(
                        time: time, direction: client ? .c2s : .s2c, kind: .text,
                        payload: Array((client ? String(message.dropFirst()) : message).utf8)))
            }
        }
        return try tape(name, records: records)
    }

    /// `NAME.tape` holding `records`.
    @discardableResult
    public func tape(_ name: String, records: [TapeRecord]) throws -> String {
        let path = folder.file(name + ".tape")
        let writer = try TapeWriter(path: path, metadata: metadata)
        for record in records { try writer.append(record) }
        try writer.close()
        return path
    }

    /// The committed session tape (`Tests/TapedeckTapeTests/Fixtures/`) and the JSON Lines it was
    /// imported from.
    public static let sessionTape = ChildProcess.repositoryRoot + "/Tool/Tests/TapedeckTapeTests/Fixtures/baolife-session.tape"
    public static let sessionJSONLines =
        ChildProcess.repositoryRoot + "/Tool/Tests/TapedeckTapeTests/Fixtures/baolife-session.jsonl"

    /// The shared JSON Lines fixtures (session, bad-claim, decode-error, reconnect).
    public static var fixtures: String {
        Bundle.module.path(forResource: "Fixtures", ofType: nil)!
    }

    /// Imports `Fixtures/FIXTURE.jsonl` as `[SUBFOLDER/]NAME.tape` (NAME defaults to FIXTURE), with
    /// `FIXTURE.checkpoints` beside it when there is one.
    @discardableResult
    public func tape(fixture: String, as name: String? = nil, subfolder: String? = nil) throws -> String {
        let target = subfolder.map(folder.file) ?? directory
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        let path = target + "/" + (name ?? fixture) + ".tape"
        try TapeImport.jsonLines(from: Self.fixtures + "/" + fixture + ".jsonl", to: path, metadata: metadata)
        let checkpoints = Self.fixtures + "/" + fixture + ".checkpoints"
        if FileManager.default.fileExists(atPath: checkpoints) {
            try FileManager.default.copyItem(atPath: checkpoints, toPath: target + "/" + (name ?? fixture) + ".checkpoints")
        }
        return path
    }

    public func write(_ text: String, to name: String) throws { try folder.write(text, to: name) }
    public func read(_ name: String) -> String? { folder.read(name) }
    public func exists(_ name: String) -> Bool { folder.exists(name) }
    public func remove() { folder.remove() }
}
