import Foundation

/// The recorder's rolling segment files in its folder: `segment-000001.tape`, numbered in the
/// order they were started (across runs of the app), and which of them this run wrote.
/// Keeping to the configured bounds deletes the oldest first and never the segment being written.
struct SegmentSet {
    struct Segment {
        var number: Int
        var path: String
        var bytes: UInt64
        /// Tape time of the newest record, for segments of this run (nil for earlier runs').
        var lastTime: UInt64?
        var isThisRun: Bool
    }

    let directory: String
    private(set) var segments: [Segment] = []
    /// Files named like a segment that are not one this set may number after or delete: a number
    /// over `maximumNumber` (numbering on from `segment-9223372036854775807.tape` overflowed and
    /// crashed the app at every launch), or not a regular file (pruning deleted a folder named like
    /// a segment, with its contents). Left alone, counted (issue 34, findings 5 and 8).
    private(set) var skippedFiles = 0
    /// The highest number `skipTaken` passed over.
    private var lastTaken = 0

    /// Nine digits: a new segment a second for 31 years.
    static let maximumNumber = 999_999_999

    /// Lists the segments earlier runs left in `directory`, creating the folder if needed.
    init(directory: String) throws(FlightRecorderError) {
        self.directory = directory
        let files = FileManager.default
        do {
            try files.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for name in try files.contentsOfDirectory(atPath: directory) {
                guard name.hasPrefix("segment-"), name.hasSuffix(".tape") else { continue }
                let path = (directory as NSString).appendingPathComponent(name)
                var status = stat()
                // lstat: a symbolic link is not followed, nor ever deleted as a segment.
                guard let number = Self.number(of: name), number <= Self.maximumNumber, lstat(path, &status) == 0,
                    status.st_mode & S_IFMT == S_IFREG
                else {
                    skippedFiles += 1
                    continue
                }
                segments.append(
                    Segment(number: number, path: path, bytes: UInt64(status.st_size), lastTime: nil, isThisRun: false))
            }
        } catch {
            throw FlightRecorderError("cannot use \(directory) for the recorder's segments: \(error.localizedDescription)")
        }
        segments.sort { $0.number < $1.number }
    }

    /// `segment-000042.tape` -> 42; nil unless the part between is digits only.
    static func number(of name: String) -> Int? {
        guard name.hasPrefix("segment-"), name.hasSuffix(".tape") else { return nil }
        let digits = name.dropFirst(8).dropLast(5)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// Registers and returns the path of the next segment: numbered after every segment and every
    /// name found taken (`skipTaken`).
    mutating func startNext() -> String {
        let number = max(segments.last?.number ?? 0, lastTaken) + 1
        var digits = String(number)
        if digits.count < 6 { digits = String(repeating: "0", count: 6 - digits.count) + digits }
        let path = (directory as NSString).appendingPathComponent("segment-\(digits).tape")
        segments.append(Segment(number: number, path: path, bytes: 0, lastTime: nil, isThisRun: true))
        return path
    }

    /// The newest segment's name turned out taken (a link or FIFO the listing skipped, a file
    /// planted since): forget it and number the next one past it.
    mutating func skipTaken() {
        guard let taken = segments.popLast() else { return }
        lastTaken = taken.number
    }

    /// Updates the newest segment's size and newest record time.
    mutating func updateLast(bytes: UInt64, lastTime: UInt64?) {
        guard !segments.isEmpty else { return }
        segments[segments.count - 1].bytes = bytes
        if let lastTime { segments[segments.count - 1].lastTime = lastTime }
    }

    /// This run's segments whose newest record is at or after `cutoff`, oldest first.
    func thisRun(since cutoff: UInt64) -> [Segment] {
        segments.filter { $0.isThisRun && ($0.lastTime ?? 0) >= cutoff }
    }

    /// Deletes segments of this run older than `keepDuration` (at tape time `now`), then the oldest
    /// ones while all together exceed `keepBytes`. `current` (being written) is never deleted.
    mutating func prune(now: UInt64, keepDuration: UInt64, keepBytes: UInt64, current: String?) {
        let cutoff = now >= keepDuration ? now - keepDuration : 0
        segments.removeAll { segment in
            guard segment.path != current, segment.isThisRun, let last = segment.lastTime, last < cutoff else { return false }
            return Self.remove(segment.path)
        }
        var total = segments.reduce(0) { $0 + $1.bytes }
        while total > keepBytes, let oldest = segments.first, oldest.path != current {
            _ = Self.remove(oldest.path)
            total -= oldest.bytes
            segments.removeFirst()
        }
    }

    /// `unlink`: a file only, never a folder and what it holds.
    private static func remove(_ path: String) -> Bool {
        unlink(path) == 0 || errno == ENOENT
    }
}
