import Foundation
import TapedeckTestFixtures
import TestSupport
import Testing

/// Issue 23: every documented secret in every documented position and encoding, through a real
/// `tapedeck record` with real Python peers; then no file the proxy wrote (tapes decompressed by
/// the `lz4` tool, the catalog, anything else in the folder) holds any of them.
@Suite(.tags(.integration), .ownThread) struct RedactionMatrixTests {
    @Test func noSecretInAnyPositionOrEncodingReachesDisk() async throws {
        try Peers.requirePython()
        let folder = try TestFolder("tapedeck-proxy-redaction-matrix").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let setCookie = "zz\(UUID().uuidString.prefix(12))SETCOOKIE"
        let echo = try ChildProcess(ChildProcess.python, [Peers.proxy("echo_server.py"), setCookie])
        let rules = folder + "-rules.txt"
        defer { try? FileManager.default.removeItem(atPath: rules) }
        try "header X-Api-Key\njson password\npointer /message/card/0\nquery sig\n"
            .write(toFile: rules, atomically: true, encoding: .utf8)
        let (recorder, url) = try await RecordCommandTests.startRecorder(
            upstreamPort: try await echo.port(), folder: folder,
            extra: ["--redact", rules])
        let client = try ChildProcess(ChildProcess.python, [Peers.proxy("redaction_matrix_client.py"), url])
        let run = await client.wait()
        recorder.signal(SIGTERM)
        let stopped = await recorder.wait()
        echo.signal(SIGKILL)
        await echo.wait()
        #expect(stopped.status == 0, "\(stopped.standardError)")
        try #require(run.status == 0 && run.output.last == "ok", "\(run.output) \(run.standardError)")

        var cases = run.output.filter { $0.hasPrefix("case ") }.map { line in
            let fields = line.dropFirst("case ".count).split(separator: "\t")
            return (name: String(fields[0]), secret: String(fields[1]))
        }
        cases.append((name: "response header Set-Cookie", secret: setCookie))
        // 6 in request headers + 7 query parameters + 3 keys x 7 encodings + 1 pointer, and Set-Cookie.
        #expect(cases.count == 36)

        let tapes = TestFolder.tapes(in: folder)
        try #require(tapes.count == 1)
        var contents: [(file: String, bytes: Data)] = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: folder).map({ folder + "/" + $0 }) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            if file.hasSuffix(".tape") {
                let lz4 = try ChildProcess("/usr/bin/lz4", ["-dc", file])
                contents.append((file, Data(await lz4.wait().output.joined(separator: "\n").utf8)))
            } else {
                contents.append((file, try Data(contentsOf: URL(fileURLWithPath: file))))
            }
        }
        #expect(contents.contains { $0.file.hasSuffix("catalog.sqlite") })
        for (name, secret) in cases {
            // Only the first character of a secret is ever encoded: the rest must appear nowhere.
            let tail = Data(secret.dropFirst(2).utf8)
            for (file, bytes) in contents {
                #expect(bytes.range(of: tail) == nil, "\(name): \(secret) is in \(file)")
            }
        }
        // The secrets were replaced, not dropped: one token each way per JSON secret, at least.
        let tape = try #require(contents.first { $0.file.hasSuffix(".tape") }).bytes
        let tokens = String(decoding: tape, as: UTF8.self).components(separatedBy: "redacted:").count - 1
        #expect(tokens >= cases.count, "\(tokens) tokens for \(cases.count) secrets")
    }
}
