import Foundation
import TapedeckInbox
import TapedeckRedaction
import TapedeckS3
import TapedeckTape
import TapedeckTestFixtures
import TestSupport

/// The stores the contract tests run on: SQLite and a folder (a laptop), PostgreSQL and a folder,
/// PostgreSQL and an S3 bucket (moto's server, signatures checked: a team).
enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite, postgres, postgresAndBucket
    var description: String { rawValue }
    /// The row stores alone (tapes in a folder).
    static let rows: [StoreKind] = [.sqlite, .postgres]
}

/// An inbox in a fresh folder: rows in SQLite or in a fresh PostgreSQL database, tapes in the folder.
struct InboxTestStore: Sendable {
    let folder: TestFolder
    let rows: any InboxRows
    let blobs: any TapeBlobs
    var scratch: String { folder.path + "/scratch" }

    static let uploadToken = "upload-token-0123456789"
    static let readToken = "read-token-0123456789ab"
    static let tokens = InboxTokens(uploads: [("baolife", uploadToken)], reads: [readToken])

    /// A store of `kind`: `.postgresAndBucket` in a bucket of its own on the process's shared moto server.
    static func make(_ kind: StoreKind) async throws -> InboxTestStore {
        let folder = try TestFolder("tapedeck-inbox")
        let postgres: PostgresURL? = kind == .sqlite ? nil : try PostgresURL(try await PostgresServer.shared().database())
        var bucket: S3Blobs?
        if kind == .postgresAndBucket {
            let server = try await MotoServer.shared()
            let name = MotoServer.uniqueBucket("tapedeck-inbox")
            let client = try S3Client(
                configuration: S3Configuration(
                    endpoint: server.endpoint, region: server.region, bucket: name,
                    credentials: AWSCredentials(accessKeyID: server.accessKeyID, secretAccessKey: server.secretAccessKey)))
            try await client.createBucket()
            bucket = S3Blobs(client: client, bucket: name)
        }
        let store = try await InboxStore.open(folder: folder.path, postgres: postgres, bucket: bucket, tokens: nil)
        return InboxTestStore(folder: folder, rows: store.rows, blobs: store.blobs)
    }

    /// The collector's logic on this store, its clock at `now` milliseconds.
    func intake(limit: Int = UploadIntake.defaultLimit, now: Int64 = ReportTapes.day20000, rules: RedactionRules = .defaults)
        -> UploadIntake
    {
        UploadIntake(
            tokens: Self.tokens, limit: limit, rules: rules, rows: rows, blobs: blobs, scratch: scratch, now: { now })
    }

    func worker(_ name: String, lease: Int64 = 600_000, now: @escaping @Sendable () -> Int64 = { ReportTapes.day20000 })
        -> TriageWorker
    {
        TriageWorker(name: name, rows: rows, blobs: blobs, scratch: scratch, lease: lease, now: now)
    }

    func remove() {
        (rows as? PostgresInboxRows)?.close()
        folder.remove()
    }

}

/// Report tapes as a flight recorder would upload them: BaoLife sessions with the report labels.
enum ReportTapes {
    typealias T = BaoLifeMessages
    /// 2024-10-04 00:00 UTC (day 20,000), in milliseconds.
    static let day20000: Int64 = 20_000 * 86_400_000

    /// A session whose update carries energy as text: decode error at `message.energy`.
    static func decodeBug(seed: Int) -> [String] {
        [T.playerObject(), T.update(energy: 90 - seed % 10), #"{"type":"u","message":{"energy":"full"}}"#, T.update(energy: 80)]
    }

    /// A healthy session; `seed` varies it so each report is its own bytes.
    static func healthy(seed: Int) -> [String] { [T.playerObject()] + T.healthy + [T.update(energy: 50 + seed % 40)] }

    /// The bytes of a tape of `messages` labelled as a report.
    static func bytes(
        _ messages: [String], id: String = UUID().uuidString.lowercased(), note: String = "", version: String = "1.4.2",
        build: String = "311", kind: String = "manual"
    ) throws -> [UInt8] {
        let labels = [
            "report.id": id, "report.kind": kind, "report.note": note, "app.version": version, "app.build": build,
            "os": "iOS 17.5", "device": "iPhone15,2",
        ]
        let tapes = try TestTapes(
            "tapedeck-report", metadata: TapeMetadata(created: "2026-11-29T10:00:00.000Z", tool: "tests", labels: labels))
        defer { tapes.remove() }
        let path = try tapes.tape("report", messages)
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }
}
