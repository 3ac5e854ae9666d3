import Foundation
import TapedeckReplay

/// Finds the tapes of a folder and checks them in parallel.
public enum CheckRunner {
    /// Every `*.tape` under `directory` (recursively, skipping `*.golden` folders), sorted by path
    /// bytes so shards and reports are the same on every machine.
    ///
    /// - Parameter directory: The folder to search.
    /// - Returns: The tapes' paths, each `directory` joined with its path inside it.
    /// - Throws: `CheckRunnerError.notADirectory` when `directory` is not a folder.
    public static func findTapes(in directory: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CheckRunnerError.notADirectory(directory)
        }
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else {
            throw CheckRunnerError.notADirectory(directory)
        }
        var tapes: [String] = []
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        while let relative = enumerator.nextObject() as? String {
            if relative.hasSuffix(".golden") {
                enumerator.skipDescendants()
                continue
            }
            if relative.hasSuffix(".tape") { tapes.append(base + "/" + relative) }
        }
        return tapes.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The tapes of shard `index` (1-based) of `count`: every count-th tape of the sorted list,
    /// starting at the index-th. Every tape lands in exactly one shard.
    ///
    /// - Parameters:
    ///   - tapes: Every tape, sorted (as `findTapes(in:)` returns them).
    ///   - index: The shard, from 1 to `count`; anything else is a precondition failure.
    ///   - count: How many shards the tapes are split into.
    /// - Returns: The shard's tapes, in their order in `tapes`.
    public static func shard(_ tapes: [String], index: Int, count: Int) -> [String] {
        precondition(count > 0 && (1...count).contains(index), "shard \(index)/\(count) is out of range")
        return tapes.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// Checks `tapes` through `model` (each tape from a copy of it), at most `concurrency`
    /// at a time. `progress(done, total, path)` is called as each finishes. Reports come back in
    /// the order of `tapes`.
    ///
    /// - Parameters:
    ///   - tapes: The tapes' paths.
    ///   - mode: Whether a missing or different golden is recorded or reported.
    ///   - concurrency: How many tapes are checked at once (at least one).
    ///   - model: The model each tape replays through.
    ///   - progress: Called with the count done, the total and the path of the tape just checked.
    /// - Returns: One report a tape. A tape that fails to read is a failing report, not an error.
    public static func run<Model: ClientModel & Sendable>(
        tapes: [String], mode: RecordMode, concurrency: Int, model: Model,
        progress: (Int, Int, String) -> Void = { _, _, _ in }
    ) async -> [TapeCheckReport] {
        var reports = [TapeCheckReport?](repeating: nil, count: tapes.count)
        let width = max(1, concurrency)
        await withTaskGroup(of: (Int, TapeCheckReport).self) { group in
            var next = 0
            var done = 0
            func startNext() {
                guard next < tapes.count else { return }
                let index = next
                let path = tapes[index]
                group.addTask { (index, TapeCheck.run(tape: path, model: model, mode: mode)) }
                next += 1
            }
            for _ in 0..<min(width, tapes.count) { startNext() }
            while let (index, report) = await group.next() {
                reports[index] = report
                done += 1
                progress(done, tapes.count, report.path)
                startNext()
            }
        }
        return reports.compactMap { $0 }
    }
}

/// Why `CheckRunner` could not list the tapes to check.
public enum CheckRunnerError: Error, Sendable, CustomStringConvertible {
    case notADirectory(String)

    public var description: String {
        switch self {
        case .notADirectory(let path): "\(path): no such folder. Pass the folder that holds the tapes (default Recordings/)."
        }
    }
}
