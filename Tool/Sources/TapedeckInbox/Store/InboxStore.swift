import Foundation
import TapedeckCore

/// Where one inbox keeps everything, opened from the command line's choices: rows in SQLite
/// (`DIR/inbox.sqlite`) or PostgreSQL, tapes in a folder (`DIR/tapes`) or a bucket, scratch
/// files in `DIR/scratch`, the tokens in `DIR/tokens` unless given elsewhere.
package struct InboxStore: Sendable {
    package var rows: any InboxRows
    package var blobs: any TapeBlobs
    package var scratch: String
    /// The tokens file read (or made).
    package var tokensPath: String

    package init(rows: any InboxRows, blobs: any TapeBlobs, scratch: String, tokensPath: String) {
        self.rows = rows
        self.blobs = blobs
        self.scratch = scratch
        self.tokensPath = tokensPath
    }

    /// Opens the store under `folder`, with rows in `postgres` instead of SQLite when given and
    /// tapes in `bucket` instead of the folder when given.
    package static func open(folder: String, postgres: PostgresURL?, bucket: (any TapeBlobs)?, tokens: String?)
        async throws(InboxError) -> InboxStore
    {
        let scratch = folder + "/scratch"
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        } catch {
            throw InboxError("\(folder): cannot create the inbox's folder: \(error)")
        }
        let rows: any InboxRows =
            if let postgres { try await PostgresInboxRows(url: postgres) } else {
                try SQLiteInboxRows(path: folder + "/inbox.sqlite")
            }
        return InboxStore(
            rows: rows, blobs: bucket ?? FolderBlobs(folder: folder + "/tapes"), scratch: scratch,
            tokensPath: tokens ?? folder + "/tokens")
    }

    /// Reads the tokens file; when it is the store's own and missing, writes one first with a
    /// random upload token (for app `default`) and read token, readable by its owner only, and
    /// says so through `made`.
    package func tokens(made: (String) -> Void) throws(InboxError) -> InboxTokens {
        if !FileManager.default.fileExists(atPath: tokensPath) {
            let text = """
                # Tapedeck inbox tokens (docs/REPRO.md, "Reports from the field"). Keep this file secret.
                # upload APP TOKEN: a flight recorder's token; read TOKEN: opens the page.
                upload default \(Self.randomToken())
                read \(Self.randomToken())

                """
            guard
                FileManager.default.createFile(
                    atPath: tokensPath, contents: Data(text.utf8), attributes: [.posixPermissions: 0o600])
            else { throw InboxError("\(tokensPath): cannot write the tokens file") }
            made(tokensPath)
        }
        let text: String
        do { text = try String(contentsOfFile: tokensPath, encoding: .utf8) } catch {
            throw InboxError("\(tokensPath): cannot read the tokens file: \(error)")
        }
        return try InboxTokens(parsing: text, source: tokensPath)
    }

    /// `count` triage workers on this store, named `HOST/PID/INDEX` (a claim says which process
    /// holds it), on the wall clock.
    package func workers(count: Int, lease: Int64) -> [TriageWorker] {
        let host = ProcessInfo.processInfo.hostName
        let pid = ProcessInfo.processInfo.processIdentifier
        return (0..<count).map { index in
            TriageWorker(
                name: "\(host)/\(pid)/\(index)", rows: rows, blobs: blobs, scratch: scratch, lease: lease,
                now: WallClock.nowMilliseconds)
        }
    }

    /// 32 hex digits (128 bits) from the system's random source.
    package static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in
            let word = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - word.count) + word
        }.joined()
    }
}
