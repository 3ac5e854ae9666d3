import Foundation
import TapedeckTestFixtures
import TestSupport

@testable import TapedeckTape

/// Temporary files, fixtures and the lz4 tool for the tape tests.
enum TestFiles {
    static let fixtures = URL(fileURLWithPath: TestTapes.sessionTape).deletingLastPathComponent()
    static var fixtureTape: String { TestTapes.sessionTape }
    static var fixtureJSONLines: String { TestTapes.sessionJSONLines }

    /// A fresh empty directory for one test.
    static func directory() throws -> URL { try TestFolder("tapedeck-tape-tests").url }

    static let metadata = TapeMetadata(
        created: "2025-03-01T09:30:00.000Z", tool: "tapedeck test", upstreamURL: "wss://example.test/ws",
        listenAddress: "127.0.0.1:8765", clientAddress: "127.0.0.1:50000", labels: ["b": "2", "a": "1"],
        requestTarget: "/ws", requestHeaders: [.init("Host", "example.test"), .init("Upgrade", "websocket")],
        responseStatus: 101, responseHeaders: [.init("Upgrade", "websocket")])

    /// Writes `records` to a new tape and returns its path.
    static func writeTape(
        _ records: [TapeRecord], in directory: URL, name: String = "t.tape",
        metadata: TapeMetadata = TestFiles.metadata, options: TapeWriterOptions = TapeWriterOptions()
    ) throws -> String {
        let path = directory.appendingPathComponent(name).path
        let writer = try TapeWriter(path: path, metadata: metadata, options: options)
        for record in records { try writer.append(record) }
        try writer.close()
        return path
    }

    /// What importing `text` as JSON Lines (a file of its own) says, the file's path shown as `F`:
    /// the error's description, or "no error".
    static func importError(_ text: String) throws -> String {
        let directory = try directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("in.jsonl").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: source))
        do {
            try TapeImport.jsonLines(from: source, to: directory.appendingPathComponent("t.tape").path, metadata: metadata)
            return "no error"
        } catch {
            return error.description.replacingOccurrences(of: source, with: "F")
        }
    }

    /// Reads every record; returns them with the error that ended reading, if any.
    static func readAll(_ path: String) throws -> (records: [TapeRecord], error: TapeError?, reader: TapeReader) {
        let contents = try TapeContents(path: path)
        return (contents.records, contents.error, contents.reader)
    }

    /// Runs a program to completion (async: the test's thread is not held while it runs).
    static func run(_ executable: String, _ arguments: [String]) async throws -> ChildProcess.Finished {
        try await ChildProcess.run(executable, arguments)
    }

    /// The raw record stream bytes compressed into an LZ4 frame by the lz4 tool.
    static func lz4Compress(_ stream: [UInt8], to path: String) async throws {
        let raw = path + ".raw"
        try Data(stream).write(to: URL(fileURLWithPath: raw))
        let result = try await run("/usr/bin/lz4", ["-q", "-f", "-B4", "--content-size", raw, path])
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
