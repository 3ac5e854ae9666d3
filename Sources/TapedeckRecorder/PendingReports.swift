import Foundation
import TapedeckTape

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The reports waiting for the collector: `reports/report-000000042-UUID.tape` in the recorder's
/// folder, numbered in the order they were sealed (across launches), uploaded oldest first.
/// A report is sealed under a staging name and renamed into place, so a file named like a
/// report is always a whole tape. Keeping to the disk bound drops the oldest first, never the
/// one being uploaded, and counts them in `dropped-reports` until a report's label says so.
///
/// `@unchecked Sendable`: the writer thread (sealing, dropping), the uploader's thread and the app
/// (`status`) share it; every mutable property is touched only while `lock` is held.
final class PendingReports: @unchecked Sendable {
    struct Entry: Equatable {
        var number: Int
        var path: String
        var bytes: UInt64
    }

    /// A report's place while it is sealed: written at `staged`, renamed to `final` when whole.
    struct Slot {
        var staged: String
        var final: String
    }

    let folder: String
    private let counterPath: String
    private let lock = NSLock()
    private var nextNumber: Int
    /// The report the uploader is sending: never dropped under it.
    private var inFlight: String?
    /// Drops not yet counted in a sealed report's `report.droppedReports` (kept on disk).
    private var unreportedDrops: Int
    /// Drops this run, for the app.
    private var droppedThisRun = 0
    /// The waiting reports' count and size as of the last change, so `counts()` (the app's
    /// `reportStatus`, maybe on the main thread) never lists the folder.
    private var waitingCount = 0
    private var waitingBytes: UInt64 = 0

    static let prefix = "report-"
    static let suffix = ".tape"
    static let stagedSuffix = ".staged"

    /// Opens (creating if needed) `reports/` in `directory`, deletes what an interrupted seal left
    /// (staging and partial files), and reads the count of drops not yet reported.
    init(directory: String) throws(FlightRecorderError) {
        folder = (directory as NSString).appendingPathComponent("reports")
        counterPath = (folder as NSString).appendingPathComponent("dropped-reports")
        let names: [String]
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw FlightRecorderError("cannot use \(folder) for the recorder's reports: \(error.localizedDescription)")
        }
        var highest = 0
        for name in names where name.hasPrefix(Self.prefix) {
            if name.hasSuffix(Self.stagedSuffix) || name.hasSuffix(".partial") {
                _ = unlink((folder as NSString).appendingPathComponent(name))
            } else if let number = Self.number(of: name) {
                highest = max(highest, number)
            }
        }
        nextNumber = highest + 1
        let counted = try? String(contentsOfFile: counterPath, encoding: .utf8)
        unreportedDrops = counted.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }.map { max($0, 0) } ?? 0
        recount(unlockedEntries())
    }

    private func recount(_ waiting: [Entry]) {
        waitingCount = waiting.count
        waitingBytes = waiting.reduce(0) { $0 + $1.bytes }
    }

    /// `report-000000042-UUID.tape` -> 42; nil for any other name.
    static func number(of name: String) -> Int? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        let digits = name.dropFirst(prefix.count).prefix { $0 != "-" }
        guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }

    /// The waiting reports, oldest first: regular files named like a report.
    func entries() -> [Entry] {
        lock.lock()
        defer { lock.unlock() }
        return unlockedEntries()
    }

    private func unlockedEntries() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var found: [Entry] = []
        for name in names {
            guard let number = Self.number(of: name) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
            found.append(Entry(number: number, path: path, bytes: UInt64(status.st_size)))
        }
        return found.sorted { $0.number < $1.number }
    }

    /// The next report's staging and final names.
    func reserve(id: String) -> Slot {
        lock.lock()
        defer { lock.unlock() }
        var digits = String(nextNumber)
        if digits.count < 9 { digits = String(repeating: "0", count: 9 - digits.count) + digits }
        nextNumber += 1
        let base = (folder as NSString).appendingPathComponent("\(Self.prefix)\(digits)-\(id)")
        return Slot(staged: base + Self.stagedSuffix, final: base + Self.suffix)
    }

    /// Deletes the oldest waiting reports (never the one being uploaded) until `bytes` more fit
    /// within `limit`, and counts them. Returns how many it deleted.
    @discardableResult
    func makeRoom(for bytes: UInt64, limit: UInt64) -> Int {
        lock.lock()
        defer { lock.unlock() }
        var waiting = unlockedEntries()
        var total = waiting.reduce(0) { $0 + $1.bytes }
        var dropped = 0
        while total + bytes > limit, let index = waiting.firstIndex(where: { $0.path != inFlight }) {
            let oldest = waiting.remove(at: index)
            if unlink(oldest.path) == 0 || errno == ENOENT { dropped += 1 }
            total -= oldest.bytes
        }
        if dropped > 0 {
            unreportedDrops += dropped
            droppedThisRun += dropped
            saveCounter()
            recount(waiting)
        }
        return dropped
    }

    /// Drops not yet counted in a sealed report's label.
    var dropsToReport: Int {
        lock.lock()
        defer { lock.unlock() }
        return unreportedDrops
    }

    /// Moves a sealed report into place, and takes the `count` drops its label carries off the
    /// count still to report.
    func admit(_ slot: Slot, reportingDrops count: Int) throws(FlightRecorderError) {
        lock.lock()
        defer { lock.unlock() }
        guard rename(slot.staged, slot.final) == 0 else {
            let reason = POSIXFile.errorText(errno)
            _ = unlink(slot.staged)
            throw FlightRecorderError("cannot move the report into place at \(slot.final): \(reason)")
        }
        if count > 0 {
            unreportedDrops = max(0, unreportedDrops - count)
            saveCounter()
        }
        recount(unlockedEntries())
    }

    /// The oldest waiting report, marked as being uploaded (so it is not dropped meanwhile).
    func claimOldest() -> Entry? {
        lock.lock()
        defer { lock.unlock() }
        let oldest = unlockedEntries().first
        inFlight = oldest?.path
        return oldest
    }

    /// The upload of `entry` is over: deleted when `delete` (delivered, or refused for good).
    func finish(_ entry: Entry, delete: Bool) {
        lock.lock()
        defer { lock.unlock() }
        inFlight = nil
        guard delete else { return }
        _ = unlink(entry.path)
        recount(unlockedEntries())
    }

    /// Waiting reports and their size as of the last change, and the drops of this run.
    func counts() -> (pending: Int, bytes: UInt64, droppedThisRun: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (waitingCount, waitingBytes, droppedThisRun)
    }

    /// Writes the count of drops still to report beside the reports, whole or not at all.
    private func saveCounter() {
        let temporary = counterPath + ".new"
        guard (try? Data("\(unreportedDrops)\n".utf8).write(to: URL(fileURLWithPath: temporary))) != nil else { return }
        if rename(temporary, counterPath) != 0 { _ = unlink(temporary) }
    }
}
