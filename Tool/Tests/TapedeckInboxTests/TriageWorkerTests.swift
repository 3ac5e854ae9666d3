import Foundation
import TapedeckInbox
import TapedeckInvestigation
import TestSupport
import Testing

/// Triage on both stores: reports replayed to their first failure, grouped by it, the first of a
/// group shrunk to a tape that fails the same way.
@Suite(.ownThread)
struct TriageWorkerTests {
    typealias Tapes = ReportTapes
    static let auth = "Bearer " + InboxTestStore.uploadToken
    static let decodeSignature = "decode error s2c message.energy: expected integer"

    func upload(_ bytes: [UInt8], to store: InboxTestStore) async {
        let answer = await store.intake().receive(authorization: Self.auth, contentType: UploadIntake.contentType, body: bytes)
        #expect(answer.status == 201, "\(answer.body)")
    }

    @Test(arguments: StoreKind.allCases)
    func reportsAreGroupedByFirstFailureAndTheFirstIsShrunk(_ kind: StoreKind) async throws {
        let store = try await InboxTestStore.make(kind)
        defer { store.remove() }
        for seed in 0..<3 { await upload(try Tapes.bytes(Tapes.decodeBug(seed: seed), version: "1.5"), to: store) }
        for seed in 0..<2 { await upload(try Tapes.bytes(Tapes.healthy(seed: seed), note: "felt slow \(seed)"), to: store) }
        #expect(try await store.worker("w").drain() == 5)
        let groups = try await store.rows.groups()
        #expect(groups.map(\.count) == [3, 2])
        let bug = try #require(groups.first)
        #expect(bug.signature == Self.decodeSignature)
        #expect(bug.versions == ["1.5 (311)"])
        #expect(groups[1].signature == ReportTriage.noFailure)
        #expect(groups[1].shrunkKey == nil)
        let clean = try await store.rows.reports(inGroup: groups[1].id)
        #expect(
            Set(clean.compactMap { $0.triage?.detail }) == [
                "10 records replayed; note: felt slow 0", "10 records replayed; note: felt slow 1",
            ])
        // The shrunk tape fails the same way, with fewer records than the report.
        let key = try #require(bug.shrunkKey)
        let shrunk = try #require(try await store.blobs.get(key))
        let path = store.folder.file("shrunk.tape")
        try Data(shrunk).write(to: URL(fileURLWithPath: path))
        let tape = try ReproTape.load(path)
        #expect(tape.records.count < 5)
        #expect(ReproSearch().find(in: tape)?.kind.signature == bug.signature)
        let representativeID = try #require(bug.representative)
        let representative = try #require(try await store.rows.report(id: representativeID))
        #expect(representative.triage?.signature == bug.signature)
        #expect(representative.triage?.record == 3)
    }

    @Test func aReportWhoseWorkersKeepDyingEndsAsATriageFailure() async throws {
        let store = try await InboxTestStore.make(.sqlite)
        defer { store.remove() }
        await upload(try Tapes.bytes(Tapes.healthy(seed: 9)), to: store)
        // Three workers claim it and die (their leases run out at 1 ms); the fourth gives up on it.
        for attempt in 1...3 {
            let claim = try await store.rows.claim(
                worker: "dead\(attempt)", now: Int64(attempt) * 10, leaseUntil: Int64(attempt) * 10 + 1)
            #expect(claim?.attempt == attempt)
        }
        let report = try #require(try await store.worker("w", now: { 1000 }).triageNext())
        #expect(report.triage?.signature == "triage did not finish")
        #expect(try await store.rows.groups().map(\.signature) == ["triage did not finish"])
    }

    @Test func aTapeMissingFromTheBlobsIsItsOwnGroup() async throws {
        let store = try await InboxTestStore.make(.sqlite)
        defer { store.remove() }
        await upload(try Tapes.bytes(Tapes.healthy(seed: 4)), to: store)
        try FileManager.default.removeItem(atPath: store.folder.file("tapes/reports"))
        let report = try #require(try await store.worker("w").triageNext())
        #expect(report.triage?.signature == "tape missing")
        #expect(report.triage?.detail == "\(store.folder.path)/tapes has no \(report.tapeKey)")
    }
}
