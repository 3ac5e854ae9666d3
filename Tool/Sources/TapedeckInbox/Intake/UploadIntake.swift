import Foundation
import TapedeckRedaction
import TapedeckTape

/// What the collector does with one upload, apart from HTTP: checks the token, the size, the
/// type and that the body is a whole tape; redacts it again with the team's rules; stores the
/// tape, then its row. A retried upload (the same bytes) is the report already stored.
///
/// The tape is stored before its row, under a key made from the upload's hash: a collector
/// killed between the two leaves a tape the retry writes again, never a row without its tape.
package struct UploadIntake: Sendable {
    package var tokens: InboxTokens
    /// The largest body accepted, in bytes.
    package var limit: Int
    package var rules: RedactionRules
    package var rows: any InboxRows
    package var blobs: any TapeBlobs
    /// A folder for the tapes being checked (removed as soon as they are).
    package var scratch: String
    /// Milliseconds since 1970: the collector's clock, a parameter for tests.
    package var now: @Sendable () -> Int64

    /// The media type of an upload's body.
    package static let contentType = "application/vnd.tapedeck.tape"
    /// The default `limit`: 64 MiB, four times the most a flight recorder keeps.
    package static let defaultLimit = 64 << 20

    package init(
        tokens: InboxTokens, limit: Int = defaultLimit, rules: RedactionRules, rows: any InboxRows, blobs: any TapeBlobs,
        scratch: String, now: @escaping @Sendable () -> Int64
    ) {
        self.tokens = tokens
        self.limit = limit
        self.rules = rules
        self.rows = rows
        self.blobs = blobs
        self.scratch = scratch
        self.now = now
    }

    /// Checks and stores one upload.
    package func receive(authorization: String?, contentType: String?, body: [UInt8]) async -> IntakeAnswer {
        guard let app = tokens.app(uploading: authorization) else {
            return .refused(
                401,
                authorization == nil
                    ? "no upload token: send Authorization: Bearer TOKEN" : "the upload token is not one of this inbox's")
        }
        guard body.count <= limit else {
            return .refused(413, "the tape has \(body.count) bytes; this inbox takes at most \(limit)")
        }
        guard contentType?.split(separator: ";").first.map({ $0.trimmingCharacters(in: .whitespaces) }) == Self.contentType else {
            return .refused(415, "send the tape as Content-Type: \(Self.contentType) (got \(contentType ?? "none"))")
        }
        let hash = HexDigest.sha256(body)
        do {
            if let stored = try await rows.report(contentHash: hash) { return .stored(stored.id, duplicate: true) }
            let checked: CheckedUpload
            switch check(body, hash: hash) {
            case .checked(let upload): checked = upload
            case .refused(let refusal): return refusal
            }
            let report = InboxReport(
                id: String(hash.prefix(16)), contentHash: hash, app: app, receivedAt: now(),
                labels: ReportLabels(labels: checked.metadata.labels), tapeBytes: checked.bytes.count,
                records: checked.records)
            try await blobs.put(report.tapeKey, bytes: checked.bytes)
            let inserted = try await rows.insert(report)
            return .stored(report.id, duplicate: !inserted)
        } catch {
            return .refused(503, "the inbox cannot store reports now (\(error)); retry later")
        }
    }

    private struct CheckedUpload {
        var metadata: TapeMetadata
        var records: Int
        var bytes: [UInt8]
    }

    private enum CheckOutcome {
        case checked(CheckedUpload)
        case refused(IntakeAnswer)
    }

    /// Reads the body as a tape and writes it again redacted; a refusal says what is wrong with it.
    private func check(_ body: [UInt8], hash: String) -> CheckOutcome {
        let unique = "\(hash.prefix(16))-\(UInt64.random(in: 0...UInt64.max))"
        let received = "\(scratch)/\(unique).received.tape"
        let redacted = "\(scratch)/\(unique).redacted.tape"
        defer {
            unlink(received)
            unlink(redacted)
        }
        var records: [TapeRecord] = []
        let metadata: TapeMetadata
        let end: TapeEnd
        do {
            try ScratchFile.write(body, to: received)
            let reader = try TapeReader(path: received)
            metadata = reader.header.metadata
            // A cut or damaged tape ends the loop with the reader's `end` saying where.
            while let record = try? reader.next() { records.append(record) }
            end = reader.end ?? .complete
        } catch {
            let reason = "\(error)".replacingOccurrences(of: received, with: "the upload")
            return .refused(.refused(400, "not a Tapedeck tape: \(reason)"))
        }
        guard end == .complete else {
            return .refused(
                .refused(
                    400,
                    "the tape is cut short (\(end)): upload the whole file; its \(records.count) intact records were not stored"))
        }
        var random = SystemRandomNumberGenerator()
        let redactor = Redactor(rules: rules, key: Redactor.key(using: &random))
        let redactedMetadata = redactor.redactingHeader(of: metadata)
        do {
            let writer = try TapeWriter(path: redacted, metadata: redactedMetadata)
            for record in records { try writer.append(redactor.redacting(record)) }
            try writer.close()
            let bytes = try BoundedFile.read(redacted, limit: largestStoredTape)
            return .checked(CheckedUpload(metadata: redactedMetadata, records: records.count, bytes: bytes))
        } catch {
            return .refused(.refused(503, "the inbox cannot write the redacted tape (\(error)); retry later"))
        }
    }
}
