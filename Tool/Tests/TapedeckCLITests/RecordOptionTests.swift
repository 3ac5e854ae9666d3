import Foundation
import Testing

/// Issue 23, finding 11: `record` options that cannot apply are refused with exit 2 before the
/// proxy starts (`--ca-file /nonexistent.pem` with a ws:// upstream used to start recording).
/// Runs go through `timeout`, so a proxy that starts anyway fails the test instead of hanging it.
@Suite struct RecordOptionTests {
    @Test(arguments: [
        (
            ["--upstream", "ws://127.0.0.1:9", "--ca-file", "/nonexistent.pem"],
            "--ca-file is for a wss:// upstream; ws://127.0.0.1:9 is plain ws://."
        ),
        (
            ["--upstream", "ws://127.0.0.1:9", "--insecure"],
            "--insecure is for a wss:// upstream; ws://127.0.0.1:9 is plain ws://."
        ),
        (
            ["--upstream", "wss://127.0.0.1:9", "--ca-file", "/nonexistent.pem"],
            "--ca-file /nonexistent.pem: cannot read it (No such file or directory); give a PEM file with the CA's certificate."
        ),
        (["--upstream", "ws://127.0.0.1:9", "--label", ""], "--label needs a NAME or KEY=VALUE (got \"\")."),
        // Issue 51, finding 9: hex floats and other spellings Double reads; header names that are not one.
        (
            ["--upstream", "ws://127.0.0.1:9", "--session-gap", "0x10"],
            "--session-gap takes decimal seconds such as 30 or 2.5 (got \"0x10\")."
        ),
        (
            ["--upstream", "ws://127.0.0.1:9", "--session-gap", "0x1p-1"],
            "--session-gap takes decimal seconds such as 30 or 2.5 (got \"0x1p-1\")."
        ),
        (["--upstream", "ws://127.0.0.1:9", "--session-gap", "1e3"], "--session-gap takes decimal seconds"),
        (["--upstream", "ws://127.0.0.1:9", "--session-gap", "inf"], "--session-gap takes decimal seconds"),
        (["--upstream", "ws://127.0.0.1:9", "--session-gap", ".5"], "--session-gap takes decimal seconds"),
        (
            ["--upstream", "ws://127.0.0.1:9", "--session-key", "header:bad header name"],
            "--session-key takes client-address, query:NAME or header:NAME"
        ),
        (
            ["--upstream", "ws://127.0.0.1:9", "--max-sessions", "0"],
            "--max-sessions must be 1-1000000 (got 0)"
        ),
        (
            ["--upstream", "ws://127.0.0.1:9", "--max-sessions", "9223372036854775807"],
            "--max-sessions must be 1-1000000"
        ),
        (
            ["--upstream", "ws://127.0.0.1:9", "--keep-session-key"],
            "--keep-session-key is for a query:NAME or header:NAME --session-key."
        ),
    ])
    func optionsThatCannotApplyAreRefused(arguments: [String], message: String) async throws {
        let folder = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try await TapedeckBinary.runProcess(
            "/usr/bin/timeout",
            [
                "20", try TapedeckBinary.executable(), "record",
                "--out", folder.path,
            ] + arguments)
        #expect(run.status == 2, "\(arguments): \(run.stdout) \(run.stderr)")
        #expect(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        #expect(!run.stdout.contains("recording on"))
    }
}
