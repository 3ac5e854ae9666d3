/// Where the inbox keeps its rows: reports, their triage state and the groups' representatives.
/// SQLite on one machine (`SQLiteInboxRows`), PostgreSQL for several collectors and workers
/// (`PostgresInboxRows`); both hold the same schema (docs/REPRO.md, "Reports from the field").
///
/// A report is `waiting` until a worker claims it, `triaging` while the worker holds its lease,
/// `done` with its triage. A claim whose lease ran out (the worker died) is claimed again.
package protocol InboxRows: Sendable {
    /// Stores a new report; false when a report with the same content hash is already stored (a
    /// retried upload), which is left as it was.
    func insert(_ report: InboxReport) async throws(InboxError) -> Bool
    /// The stored report with this content hash.
    func report(contentHash: String) async throws(InboxError) -> InboxReport?
    /// Claims the oldest waiting report (or one whose lease ran out) for `worker` until
    /// `leaseUntil`; nil when none waits. Several workers claim side by side, never the same one.
    func claim(worker: String, now: Int64, leaseUntil: Int64) async throws(InboxError) -> InboxClaim?
    /// Stores the triage of a report `worker` holds; false when its claim was lost (another worker
    /// took it after the lease ran out), in which case nothing changes.
    func finish(reportID: String, worker: String, triage: ReportTriage) async throws(InboxError) -> Bool
    /// Whether the group has its shrunk tape already.
    func hasRepresentative(groupID: String) async throws(InboxError) -> Bool
    /// Records a group's representative and its shrunk tape, unless it has one (the first wins).
    func setRepresentative(groupID: String, signature: String, reportID: String, shrunkKey: String)
        async throws(InboxError)
    /// The groups of triaged reports, most reports first, then the most recent.
    func groups() async throws(InboxError) -> [InboxGroup]
    /// A group's reports, newest first.
    func reports(inGroup groupID: String) async throws(InboxError) -> [InboxReport]
    /// A report by id, or by a unique prefix of it of at least 4 digits.
    func report(id: String) async throws(InboxError) -> InboxReport?
    /// Triaged reports per day (days since 1970, UTC), of one group or of all; days without
    /// reports are left out.
    func dailyCounts(groupID: String?) async throws(InboxError) -> [DailyCount]
    /// Reports by state: waiting, triaging, done.
    func queue() async throws(InboxError) -> InboxQueue
}

extension InboxRows {
    /// One group of `groups()`, by its id.
    package func group(id: String) async throws(InboxError) -> InboxGroup? {
        try await groups().first { $0.id == id }
    }
}

/// How many reports wait, are being triaged, and are done.
package struct InboxQueue: Sendable, Equatable {
    package var waiting: Int
    package var triaging: Int
    package var done: Int

    package init(waiting: Int, triaging: Int, done: Int) {
        self.waiting = waiting
        self.triaging = triaging
        self.done = done
    }

    package var total: Int { waiting + triaging + done }
}

/// A report a worker holds, and how many times it has been claimed (this claim included).
package struct InboxClaim: Sendable, Equatable {
    package var report: InboxReport
    package var attempt: Int

    package init(report: InboxReport, attempt: Int) {
        self.report = report
        self.attempt = attempt
    }
}

/// How many reports arrived on one day.
package struct DailyCount: Sendable, Equatable {
    /// Days since 1970-01-01, UTC.
    package var day: Int64
    package var count: Int

    package init(day: Int64, count: Int) {
        self.day = day
        self.count = count
    }
}
