import Foundation
import TapedeckTape
import TestSupport

/// Folders, tapes and programs the recorder's tests use.
enum RecorderTestFiles {
    static var tapedeck: String { ChildProcess.tapedeck }

    static func folder() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tapedeck-recorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// Every record of a tape, its header and how it ended (a reading error ends the list).
    static func read(_ path: String) throws -> (header: TapeHeader, records: [TapeRecord], end: TapeEnd?) {
        let reader = try TapeReader(path: path)
        var records: [TapeRecord] = []
        while true {
            let step = Result { () throws(TapeError) -> TapeRecord? in try reader.next() }
            guard case .success(let record?) = step else { break }
            records.append(record)
        }
        return (reader.header, records, reader.end)
    }

    /// The recorder's segment files in `folder`, in the order they were written.
    static func segments(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("segment-") }.sorted()
            .map { (folder as NSString).appendingPathComponent($0) }
    }

    /// Runs a program to its end (the system's `lz4`, found on PATH, or `tapedeck`), without
    /// holding a concurrency-pool thread.
    static func run(_ program: String, _ arguments: [String]) async throws -> ChildProcess.Finished {
        program.hasPrefix("/")
            ? try await ChildProcess.run(program, arguments) : try await ChildProcess.run("/usr/bin/env", [program] + arguments)
    }
}
