import Foundation
import TestSupport

/// What only the recorder's tests need: its segment files, and the programs they check them with.
enum RecorderTestFiles {
    /// The recorder's segment files in `folder`, in the order they were written.
    static func segments(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("segment-") }.sorted()
            .map { (folder as NSString).appendingPathComponent($0) }
    }

    /// The progress lines of `tapedeck dev recorder-write --report-every`: "recorded N T", N
    /// records given to the recorder by its tape time T.
    static func recorded(_ output: [String]) -> [(count: Int, time: UInt64)] {
        output.compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 3, words[0] == "recorded", let count = Int(words[1]), let time = UInt64(words[2]) else {
                return nil
            }
            return (count, time)
        }
    }

    /// Runs a program to its end (the system's `lz4`, found on PATH, or `tapedeck`), without
    /// holding a concurrency-pool thread.
    static func run(_ program: String, _ arguments: [String]) async throws -> ChildProcess.Finished {
        program.hasPrefix("/")
            ? try await ChildProcess.run(program, arguments) : try await ChildProcess.run("/usr/bin/env", [program] + arguments)
    }
}
