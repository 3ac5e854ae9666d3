import Foundation
import TapedeckInvestigation
import TapedeckTape

/// Replays waiting reports one at a time: claims the oldest, finds its first failure as
/// `tapedeck repro` does, stores the triage, and, for the first report of a new group, shrinks
/// the tape as `tapedeck shrink` does and stores that as the group's representative.
///
/// Several workers (threads of one `inbox serve`, or `inbox work` processes on other machines)
/// share the rows: each claims with a lease, and a report whose worker died is claimed again
/// when its lease runs out.
package struct TriageWorker: Sendable {
    package var name: String
    package var rows: any InboxRows
    package var blobs: any TapeBlobs
    /// A folder for the tapes being replayed.
    package var scratch: String
    /// How long a claim holds, in milliseconds: longer than the slowest replay and shrink.
    package var lease: Int64
    package var now: @Sendable () -> Int64

    package init(
        name: String, rows: any InboxRows, blobs: any TapeBlobs, scratch: String, lease: Int64 = 600_000,
        now: @escaping @Sendable () -> Int64
    ) {
        self.name = name
        self.rows = rows
        self.blobs = blobs
        self.scratch = scratch
        self.lease = lease
        self.now = now
    }

    /// The worker's name as part of a file name (names hold the host and process: `host/pid/0`).
    private var fileName: String { String(name.map { $0 == "/" ? "-" : $0 }) }

    /// Triages one waiting report; nil when none waits.
    @discardableResult
    package func triageNext() async throws(InboxError) -> InboxReport? {
        let time = now()
        guard let claim = try await rows.claim(worker: name, now: time, leaseUntil: time + lease) else { return nil }
        var report = claim.report
        let triage: ReportTriage
        if claim.attempt > InboxSchema.maximumAttempts {
            triage = ReportTriage(
                signature: "triage did not finish",
                detail: "claimed \(claim.attempt) times; each worker stopped before it finished replaying this tape",
                record: nil)
        } else {
            triage = try await replay(report)
        }
        report.triage = triage
        _ = try await rows.finish(reportID: report.id, worker: name, triage: triage)
        return report
    }

    /// Triages until no report waits; returns how many it triaged.
    package func drain() async throws(InboxError) -> Int {
        var count = 0
        while try await triageNext() != nil { count += 1 }
        return count
    }

    /// Triages until cancelled, looking for new reports every `idle` when none waits. Store
    /// errors are reported to `log` and retried after `idle`: a database restart pauses triage.
    package func run(idle: Duration = .milliseconds(250), log: @escaping @Sendable (String) -> Void) async {
        while !Task.isCancelled {
            do {
                if try await triageNext() != nil { continue }
            } catch {
                log("inbox worker \(name): \(error)")
            }
            try? await Task.sleep(for: idle)
        }
    }

    private func replay(_ report: InboxReport) async throws(InboxError) -> ReportTriage {
        guard let bytes = try await blobs.get(report.tapeKey) else {
            return ReportTriage(signature: "tape missing", detail: "\(blobs.location) has no \(report.tapeKey)", record: nil)
        }
        let path = "\(scratch)/\(fileName)-\(report.id).tape"
        defer { unlink(path) }
        do { try ScratchFile.write(bytes, to: path) } catch {
            throw InboxError("cannot write report \(report.id)'s tape for its replay: \(error)")
        }
        let tape: ReproTape
        do {
            tape = try ReproTape.load(path)
        } catch {
            return ReportTriage(signature: "tape unreadable", detail: "\(error)", record: nil)
        }
        let search = ReproSearch()
        guard let failure = search.find(in: tape) else {
            let note = report.labels.note.isEmpty ? "no note" : "note: \(report.labels.note)"
            return ReportTriage(
                signature: ReportTriage.noFailure, detail: "\(tape.records.count) records replayed; \(note)", record: nil)
        }
        let triage = ReportTriage(signature: failure.kind.signature, detail: failure.detail, record: failure.index)
        if try await !rows.hasRepresentative(groupID: triage.groupID) {
            try await storeRepresentative(of: tape, report: report, triage: triage, search: search)
        }
        return triage
    }

    /// Shrinks the tape to the fewest records that fail the same way and stores that tape.
    private func storeRepresentative(of tape: ReproTape, report: InboxReport, triage: ReportTriage, search: ReproSearch)
        async throws(InboxError)
    {
        let indices = Shrinker(search: search).shrink(tape)?.indices ?? Array(tape.records.indices)
        let path = "\(scratch)/\(fileName)-\(report.id).shrunk.tape"
        defer { unlink(path) }
        let bytes: [UInt8]
        do {
            try tape.write(indices: indices, to: path)
            bytes = try BoundedFile.read(path, limit: largestStoredTape)
        } catch {
            throw InboxError("cannot write the shrunk tape of report \(report.id): \(error)")
        }
        let key = "groups/\(triage.groupID).shrunk.tape"
        try await blobs.put(key, bytes: bytes)
        try await rows.setRepresentative(
            groupID: triage.groupID, signature: triage.signature, reportID: report.id, shrunkKey: key)
    }
}
