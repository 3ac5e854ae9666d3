import TapedeckInbox
import TestSupport
import Testing

/// The row stores' contract, on SQLite and on a real PostgreSQL: a report stored once, claims
/// that never overlap, leases that run out, groups counted from the reports.
@Suite(.ownThread)
struct InboxRowsTests {
    static func report(_ number: Int, at time: Int64, version: String = "1.0") -> InboxReport {
        let hash = String(number, radix: 16).leftPadded(16) + String(repeating: "ab", count: 24)
        return InboxReport(
            id: String(hash.prefix(16)), contentHash: hash, app: "baolife", receivedAt: time,
            labels: ReportLabels(note: "report \(number)", appVersion: version, appBuild: "7"), tapeBytes: 100 + number,
            records: number)
    }

    @Test(arguments: StoreKind.rows)
    func aReportIsStoredOnceAndFoundByItsHashOrAPrefix(_ kind: StoreKind) async throws {
        let store = try await InboxTestStore.make(kind)
        defer { store.remove() }
        let first = Self.report(1, at: 1000)
        #expect(try await store.rows.insert(first))
        #expect(try await !store.rows.insert(first))
        #expect(try await store.rows.report(contentHash: first.contentHash) == first)
        #expect(try await store.rows.report(id: String(first.id.prefix(6))) == first)
        #expect(try await store.rows.report(id: "zz12") == nil)
        #expect(try await store.rows.queue() == InboxQueue(waiting: 1, triaging: 0, done: 0))
    }

    @Test(arguments: StoreKind.rows)
    func claimsTakeTheOldestAndALostClaimCannotFinish(_ kind: StoreKind) async throws {
        let store = try await InboxTestStore.make(kind)
        defer { store.remove() }
        for number in [3, 1, 2] { _ = try await store.rows.insert(Self.report(number, at: Int64(number) * 1000)) }
        let a = try #require(try await store.rows.claim(worker: "a", now: 10_000, leaseUntil: 20_000))
        let b = try #require(try await store.rows.claim(worker: "b", now: 10_000, leaseUntil: 20_000))
        #expect(a.report.receivedAt == 1000 && a.attempt == 1)
        #expect(b.report.receivedAt == 2000)
        // b dies; after its lease c takes its report again, and b's late finish changes nothing.
        let c = try #require(try await store.rows.claim(worker: "c", now: 10_000, leaseUntil: 20_000))
        #expect(c.report.receivedAt == 3000)
        #expect(try await store.rows.claim(worker: "c", now: 10_000, leaseUntil: 20_000) == nil)
        let retaken = try #require(try await store.rows.claim(worker: "d", now: 20_001, leaseUntil: 30_000))
        #expect(retaken.report.id == a.report.id && retaken.attempt == 2)
        let triage = ReportTriage(signature: "invariant energy-in-range", detail: "energy -5", record: 4)
        #expect(try await !store.rows.finish(reportID: a.report.id, worker: "a", triage: triage))
        #expect(try await store.rows.finish(reportID: a.report.id, worker: "d", triage: triage))
        #expect(try await store.rows.report(id: a.report.id)?.triage == triage)
        #expect(try await store.rows.queue() == InboxQueue(waiting: 0, triaging: 2, done: 1))
    }

    @Test(arguments: StoreKind.rows)
    func groupsAreCountedFromTheirReports(_ kind: StoreKind) async throws {
        let store = try await InboxTestStore.make(kind)
        defer { store.remove() }
        let decode = ReportTriage(signature: "decode error s2c message.energy: expected integer", detail: "", record: 2)
        let clean = ReportTriage(signature: ReportTriage.noFailure, detail: "", record: nil)
        let day: Int64 = 86_400_000
        for number in 0..<5 {
            let version = number < 3 ? "1.0" : "1.1"
            _ = try await store.rows.insert(Self.report(number, at: day * 10 + Int64(number) * day / 2, version: version))
            let claim = try #require(try await store.rows.claim(worker: "w", now: 0, leaseUntil: 1))
            _ = try await store.rows.finish(reportID: claim.report.id, worker: "w", triage: number == 4 ? clean : decode)
        }
        try await store.rows.setRepresentative(
            groupID: decode.groupID, signature: decode.signature, reportID: "r1", shrunkKey: "groups/x.shrunk.tape")
        try await store.rows.setRepresentative(
            groupID: decode.groupID, signature: decode.signature, reportID: "r2", shrunkKey: "groups/y.shrunk.tape")
        let groups = try await store.rows.groups()
        #expect(
            groups == [
                InboxGroup(
                    id: decode.groupID, signature: decode.signature, count: 4, firstSeen: day * 10,
                    lastSeen: day * 10 + 3 * day / 2,
                    versions: ["1.0 (7)", "1.1 (7)"], representative: "r1", shrunkKey: "groups/x.shrunk.tape"),
                InboxGroup(
                    id: clean.groupID, signature: clean.signature, count: 1, firstSeen: day * 12, lastSeen: day * 12,
                    versions: ["1.1 (7)"], representative: nil, shrunkKey: nil),
            ])
        #expect(try await store.rows.reports(inGroup: decode.groupID).map(\.records) == [3, 2, 1, 0])
        #expect(
            try await store.rows.dailyCounts(groupID: nil) == [
                DailyCount(day: 10, count: 2), DailyCount(day: 11, count: 2), DailyCount(day: 12, count: 1),
            ])
        #expect(try await store.rows.dailyCounts(groupID: clean.groupID) == [DailyCount(day: 12, count: 1)])
        #expect(try await store.rows.hasRepresentative(groupID: decode.groupID))
        #expect(try await !store.rows.hasRepresentative(groupID: clean.groupID))
    }

    /// Four claimers side by side over 200 reports: each report claimed exactly once.
    @Test(arguments: StoreKind.rows)
    func concurrentClaimsNeverTakeOneReportTwice(_ kind: StoreKind) async throws {
        let store = try await InboxTestStore.make(kind)
        defer { store.remove() }
        for number in 0..<200 { _ = try await store.rows.insert(Self.report(number, at: Int64(number))) }
        let rows = store.rows
        let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var ids: [String] = []
                    while let claim = try await rows.claim(worker: "w\(worker)", now: 0, leaseUntil: 1_000_000) {
                        ids.append(claim.report.id)
                        let triage = ReportTriage(signature: "s", detail: "", record: nil)
                        #expect(try await rows.finish(reportID: claim.report.id, worker: "w\(worker)", triage: triage))
                    }
                    return ids
                }
            }
            return try await group.reduce(into: [[String]]()) { $0.append($1) }
        }
        #expect(claimed.flatMap { $0 }.count == 200)
        #expect(Set(claimed.flatMap { $0 }).count == 200)
        #expect(try await store.rows.queue() == InboxQueue(waiting: 0, triaging: 0, done: 200))
    }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
