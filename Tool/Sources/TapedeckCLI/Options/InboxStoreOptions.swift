import ArgumentParser
import Foundation
import TapedeckInbox
import TapedeckS3

/// Where an inbox keeps its reports, shared by every `inbox` command: `--store DIR` alone (SQLite
/// and a folder: a laptop), or with `--postgres` (a team's database; the password from PGPASSWORD).
struct InboxStoreOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The inbox's folder: SQLite rows, tapes, scratch files, the tokens file.", valueName: "dir"))
    var store = "inbox"

    @Option(
        help: ArgumentHelp(
            "Keep the rows in PostgreSQL instead of SQLite: postgres://USER@HOST[:PORT]/DATABASE (password from PGPASSWORD).",
            valueName: "url"))
    var postgres: String?

    @Option(
        help: ArgumentHelp(
            "Keep the tapes in this S3 bucket instead of DIR/tapes (credentials and region from AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION).",
            valueName: "name"))
    var bucket: String?

    @Option(
        help: ArgumentHelp(
            "The S3 endpoint of --bucket, e.g. http://127.0.0.1:9000 for MinIO; default AWS_ENDPOINT_URL_S3, else AWS's.",
            valueName: "url"))
    var s3Endpoint: String?

    @Option(help: ArgumentHelp("The tokens file (upload APP TOKEN / read TOKEN lines); default DIR/tokens.", valueName: "file"))
    var tokens: String?

    func validate() throws {
        if s3Endpoint != nil, bucket == nil { throw ValidationError("--s3-endpoint goes with --bucket NAME") }
        if let postgres {
            do { _ = try PostgresURL(postgres) } catch { throw ValidationError(error.description) }
        }
    }

    /// Opens the store; a failure is exit 1 with the reason.
    func open() async throws -> InboxStore {
        do {
            let url = try postgres.map { text throws(InboxError) in
                try PostgresURL(text, environment: ProcessInfo.processInfo.environment)
            }
            return try await InboxStore.open(folder: store, postgres: url, bucket: try blobs(), tokens: tokens)
        } catch {
            throw CommandFailure.exit("inbox: \(error)", code: 1)
        }
    }

    /// The bucket's blob store, configured from the environment; nil without --bucket.
    private func blobs() throws(InboxError) -> S3Blobs? {
        guard let bucket else { return nil }
        do {
            let configuration = try S3Configuration.fromEnvironment(bucket: bucket, endpoint: s3Endpoint)
            return S3Blobs(client: try S3Client(configuration: configuration), bucket: bucket)
        } catch {
            throw InboxError("--bucket \(bucket): \(error)")
        }
    }
}
