import Foundation
import TapedeckInbox
import TapedeckRedaction
import TapedeckTape
import TestSupport
import Testing

/// The collector's checks: what is refused (and that nothing is stored then), a retry being one
/// report, the labels read, the tape redacted again.
@Suite(.ownThread)
struct UploadIntakeTests {
    typealias Tapes = ReportTapes
    static let auth = "Bearer " + InboxTestStore.uploadToken

    @Test(arguments: StoreKind.allCases)
    func aReportIsStoredWithItsLabelsAndARetryIsTheSameReport(_ kind: StoreKind) async throws {
        let store = try await InboxTestStore.make(kind)
        defer { store.remove() }
        let intake = store.intake()
        let bytes = try Tapes.bytes(Tapes.healthy(seed: 1), id: "d3v1ce", note: "the shop froze", version: "2.0", build: "40")
        let first = await intake.receive(authorization: Self.auth, contentType: UploadIntake.contentType, body: bytes)
        let id = String(HexDigest.sha256(bytes).prefix(16))
        #expect(first == IntakeAnswer(status: 201, body: #"{"report":"\#(id)","duplicate":false}"# + "\n"))
        let retry = await intake.receive(authorization: Self.auth, contentType: UploadIntake.contentType, body: bytes)
        #expect(retry == IntakeAnswer(status: 200, body: #"{"report":"\#(id)","duplicate":true}"# + "\n"))
        let report = try #require(try await store.rows.report(id: id))
        #expect(report.app == "baolife")
        #expect(report.receivedAt == Tapes.day20000)
        #expect(
            report.labels
                == ReportLabels(
                    deviceReportID: "d3v1ce", kind: "manual", note: "the shop froze", appVersion: "2.0", appBuild: "40",
                    os: "iOS 17.5", device: "iPhone15,2"))
        #expect(report.records == 10)
        let stored = try #require(try await store.blobs.get(report.tapeKey))
        #expect(report.tapeBytes == stored.count)
        #expect(try await store.rows.queue().total == 1)
    }

    @Test func theStoredTapeIsRedactedWithTheTeamsRules() async throws {
        let store = try await InboxTestStore.make(.sqlite)
        defer { store.remove() }
        let secret = #"{"type":"login","message":{"authToken":"s3cr3t-value-123"}}"#
        let bytes = try Tapes.bytes([">" + secret] + Tapes.healthy(seed: 2))
        // The recorder's rules (the defaults) left authToken alone; the team's add it.
        let rules = RedactionRules.defaults.merging(RedactionRules(jsonKeys: ["authToken"]))
        let answer = await store.intake(rules: rules).receive(
            authorization: Self.auth, contentType: UploadIntake.contentType, body: bytes)
        #expect(answer.status == 201)
        let report = try #require(try await store.rows.report(contentHash: HexDigest.sha256(bytes)))
        let stored = try #require(try await store.blobs.get(report.tapeKey))
        let path = store.folder.file("stored.tape")
        try Data(stored).write(to: URL(fileURLWithPath: path))
        let reader = try TapeReader(path: path)
        var texts: [String] = []
        while let record = try reader.next() {
            if record.kind == .text { texts.append(String(decoding: record.payload, as: UTF8.self)) }
        }
        #expect(texts.count == 10)
        #expect(!texts.joined().contains("s3cr3t-value-123"))
        #expect(texts[0].contains(#""authToken":"redacted:"#))
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var name: String
        var authorization: String?
        var contentType: String?
        var body: @Sendable () throws -> [UInt8]
        var status: Int
        var message: String
        var testDescription: String { name }
    }

    static let refusals: [Refusal] = [
        Refusal(
            name: "no token", authorization: nil, contentType: UploadIntake.contentType,
            body: { try Tapes.bytes(Tapes.healthy(seed: 3)) }, status: 401,
            message: "no upload token: send Authorization: Bearer TOKEN"),
        Refusal(
            name: "wrong token", authorization: "Bearer upload-token-0123456788", contentType: UploadIntake.contentType,
            body: { try Tapes.bytes(Tapes.healthy(seed: 3)) }, status: 401, message: "the upload token is not one of this inbox's"
        ),
        Refusal(
            name: "read token", authorization: "Bearer " + InboxTestStore.readToken, contentType: UploadIntake.contentType,
            body: { try Tapes.bytes(Tapes.healthy(seed: 3)) }, status: 401, message: "the upload token is not one of this inbox's"
        ),
        Refusal(
            name: "oversized", authorization: auth, contentType: UploadIntake.contentType,
            body: { [UInt8](repeating: 7, count: 4097) }, status: 413,
            message: "the tape has 4097 bytes; this inbox takes at most 4096"),
        Refusal(
            name: "wrong type", authorization: auth, contentType: "application/json",
            body: { try Tapes.bytes(Tapes.healthy(seed: 3)) }, status: 415,
            message: "send the tape as Content-Type: application/vnd.tapedeck.tape (got application/json)"),
        Refusal(
            name: "not a tape", authorization: auth, contentType: UploadIntake.contentType,
            body: { Array(#"{"type":"u"}"#.utf8) }, status: 400, message: "not a Tapedeck tape: "),
        Refusal(
            name: "truncated", authorization: auth, contentType: UploadIntake.contentType,
            body: { Array(try Tapes.bytes(Tapes.healthy(seed: 3)).dropLast(40)) }, status: 400,
            message: "the tape is cut short (truncated after record"),
    ]

    @Test(arguments: refusals)
    func refusedUploadsSayWhyAndStoreNothing(_ refusal: Refusal) async throws {
        let store = try await InboxTestStore.make(.sqlite)
        defer { store.remove() }
        let body = try refusal.body()
        let answer = await store.intake(limit: 4096).receive(
            authorization: refusal.authorization, contentType: refusal.contentType, body: body)
        #expect(answer.status == refusal.status)
        #expect(answer.body.hasPrefix(#"{"error":"\#(refusal.message)"#), "\(answer.body)")
        #expect(try await store.rows.queue().total == 0)
        #expect(!FileManager.default.fileExists(atPath: store.folder.file("tapes/reports")))
        #expect(try FileManager.default.contentsOfDirectory(atPath: store.scratch).isEmpty)
    }
}
