import Foundation
import TapedeckCore
import TapedeckInbox
import TapedeckRedaction
import TapedeckSynthetic
import TapedeckTape

/// The inbox's throughput on one store: uploads per second into one collector over real HTTP
/// (`clients` keep-alive connections side by side), then triage reports per second with one worker
/// and with two. Each report is a synthetic session of `messages` messages; every tenth carries a
/// decode bug. Both triage runs start with every group known (a warm-up report of each was
/// triaged first), so they measure replays, not the one shrink per group.
package struct InboxBenchmark {
    package struct Result: Sendable {
        package var reports: Int
        package var uploadsPerSecond: Double
        package var triagePerSecondOneWorker: Double
        package var triagePerSecondTwoWorkers: Double
        package var groups: [InboxGroup]

        /// Two workers' rate over one's: near 2 on two free cores when triage scales.
        package var scaling: Double { triagePerSecondTwoWorkers / triagePerSecondOneWorker }
    }

    package var store: InboxStore
    package var reports: Int
    package var clients: Int
    package var messages: Int

    package init(store: InboxStore, reports: Int, clients: Int, messages: Int) {
        self.store = store
        self.reports = reports
        self.clients = clients
        self.messages = messages
    }

    package func run(progress: (String) -> Void) async throws -> Result {
        let token = "benchmark-upload-token-0123456789"
        let intake = UploadIntake(
            tokens: InboxTokens(uploads: [("bench", token)], reads: ["benchmark-read-token-0123456789"]),
            rules: .defaults, rows: store.rows, blobs: store.blobs, scratch: store.scratch,
            now: WallClock.nowMilliseconds)
        let server = try await InboxServer.start(
            host: "127.0.0.1", port: 0, routes: InboxRoutes(intake: intake, secure: false), limit: intake.limit, tls: nil)
        defer { Task { await server.close() } }
        let poster = BenchmarkUploads(port: server.port, token: token, clients: clients)

        progress("warming up: one report of each kind, triaged")
        try poster.upload(try tapes(0..<2))
        _ = try await worker("warm").drain()

        let first = try tapes(2..<(2 + reports))
        progress("uploading \(reports) reports over \(clients) connections")
        let uploadStart = MonotonicClock.now()
        try poster.upload(first)
        let uploadSeconds = Self.seconds(since: uploadStart)

        progress("triaging them with one worker")
        let one = try await triage(workers: 1)
        progress("uploading \(reports) more and triaging them with two workers")
        try poster.upload(try tapes((2 + reports)..<(2 + 2 * reports)))
        let two = try await triage(workers: 2)
        return Result(
            reports: reports, uploadsPerSecond: Double(reports) / uploadSeconds, triagePerSecondOneWorker: one,
            triagePerSecondTwoWorkers: two, groups: try await store.rows.groups())
    }

    private func worker(_ name: String) -> TriageWorker {
        TriageWorker(name: name, rows: store.rows, blobs: store.blobs, scratch: store.scratch, now: { 0 })
    }

    private func triage(workers: Int) async throws -> Double {
        let start = MonotonicClock.now()
        let triaged = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<workers { group.addTask { [self] in try await worker("w\(workers)-\(index)").drain() } }
            return try await group.reduce(0, +)
        }
        return Double(triaged) / Self.seconds(since: start)
    }

    /// Report tapes for seeds in `range`: even seeds from 0 are decode bugs every tenth.
    private func tapes(_ range: Range<Int>) throws -> [[UInt8]] {
        let path = store.scratch + "/benchmark-report.tape"
        defer { unlink(path) }
        return try range.map { seed in
            var records = [TapeRecord(time: 0, direction: .c2s, kind: .open)]
            for (index, message) in SyntheticSession.wireMessages(count: messages, seed: UInt64(seed)).enumerated() {
                records.append(
                    TapeRecord(
                        time: UInt64(index + 1) * 10_000_000, direction: message.fromClient ? .c2s : .s2c, kind: .text,
                        payload: message.bytes))
            }
            if seed % 10 == 0 {
                records.insert(
                    TapeRecord(
                        time: records[records.count / 2].time, direction: .s2c, kind: .text,
                        payload: Array(#"{"type":"u","message":{"energy":"full"}}"#.utf8)), at: records.count / 2 + 1)
            }
            let metadata = TapeMetadata(
                created: "2026-11-29T10:00:00.000Z", tool: "tapedeck dev bench inbox",
                labels: ["report.id": "bench-\(seed)", "report.kind": "manual", "app.version": "1.\(seed % 3)"])
            let writer = try TapeWriter(path: path, metadata: metadata)
            for record in records { try writer.append(record) }
            try writer.close()
            return try BoundedFile.read(path, limit: largestStoredTape)
        }
    }

    private static func seconds(since start: UInt64) -> Double { Double(MonotonicClock.now() - start) / 1e9 }
}
