import ArgumentParser
import Foundation
import TapedeckInbox

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

    @Option(help: ArgumentHelp("The tokens file (upload APP TOKEN / read TOKEN lines); default DIR/tokens.", valueName: "file"))
    var tokens: String?

    func validate() throws {
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
            return try await InboxStore.open(folder: store, postgres: url, bucket: nil, tokens: tokens)
        } catch {
            throw CommandFailure.exit("inbox: \(error)", code: 1)
        }
    }
}
