import Foundation
import TapedeckCatalog
import TapedeckTape
import TapedeckTestFixtures
import TestSupport
import Testing

/// `tapedeck record` run as a child process, as a developer would: crash safety, redaction on
/// disk, markers, and the catalog commands.
@Suite(.serialized, .tags(.integration), .ownThread) struct RecordCommandTests {
    /// Starts `tapedeck record` towards `upstreamPort`; returns the process and its ws:// URL.
    static func startRecorder(upstreamPort: Int, folder: String, extra: [String] = []) async throws -> (ChildProcess, String) {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck), "build first: swift build")
        let recorder = try ChildProcess(
            ChildProcess.tapedeck,
            [
                "record", "--listen", "127.0.0.1:0", "--upstream",
                "ws://127.0.0.1:\(upstreamPort)", "--out", folder,
            ] + extra)
        let first = try await recorder.line(startingWith: "recording on ")
        let url = String(first.dropFirst("recording on ".count).prefix { $0 != " " })
        return (recorder, url)
    }

    @Test func listensOnLoopbackByDefault() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck), "build first: swift build")
        let folder = try TestFolder("tapedeck-proxy-loopback").path
        // No --listen: the proxy must not be reachable from other machines unless asked.
        let recorder = try ChildProcess(ChildProcess.tapedeck, ["record", "--upstream", "ws://127.0.0.1:9", "--out", folder])
        let first = try await recorder.line(startingWith: "recording on ")
        #expect(first.hasPrefix("recording on ws://127.0.0.1:"), "\(first)")
        #expect(try await recorder.line(startingWith: "control on ").hasPrefix("control on http://127.0.0.1:"))
        recorder.signal(SIGINT)
        #expect(await recorder.wait().status == 0)
        try? FileManager.default.removeItem(atPath: folder)
    }

    @Test func sigkillLosesAtMostTheUnflushedTail() async throws {
        try Peers.requirePython()
        let folder = try TestFolder("tapedeck-proxy-sigkill").path
        let sinkLog = folder + "-sink.log"
        let sink = try ChildProcess(ChildProcess.python, [Peers.proxy("sink_server.py"), sinkLog])
        let (recorder, url) = try await Self.startRecorder(upstreamPort: try await sink.port(), folder: folder)
        let streams = [try ChildProcess(ChildProcess.python, [Peers.proxy("stream_client.py"), url, "10000", "30"])]
        for stream in streams { _ = try await stream.line(startingWith: "connected") }
        // Let the stream run (10,000 msg/s), then kill the proxy mid-stream.
        try await Task.sleep(nanoseconds: 4_000_000_000)
        recorder.signal(SIGKILL)
        await recorder.wait()
        for stream in streams { await stream.wait() }
        _ = await eventually(20) {
            ((try? String(contentsOfFile: sinkLog, encoding: .utf8)) ?? "").split(separator: "\n").count >= 1
        }
        sink.signal(SIGKILL)
        await sink.wait()
        // What the upstream received: it all passed through the proxy, which records before forwarding.
        let received = try String(contentsOfFile: sinkLog, encoding: .utf8).split(separator: "\n")
            .map { $0.split(separator: " ").compactMap { Int($0) } }
        try #require(received.count == 1)
        let tapes = TestFolder.tapes(in: folder)
        #expect(tapes.count == 1)
        // The writer's flush threshold plus the recorder's queue bound (RecordingProxyConfiguration).
        let bound = 64 * 1024 + (256 << 10)
        for path in tapes {
            let tape = try TapeContents(path: path)
            // Readable up to its last flush: truncated, never damaged.
            #expect(tape.end.map { if case .truncated = $0 { true } else { false } } == true, "\(String(describing: tape.end))")
            let messages = tape.records(.c2s, [.text]).map { tape.text($0) }
            let numbers = messages.compactMap { Int($0.split(separator: ",").first ?? "") }
            // An exact prefix of the stream: nothing missing in the middle.
            #expect(numbers == Array(0..<numbers.count))
            // The proxy records before it forwards, so the upstream got at most what the proxy read;
            // what it got beyond the tape was read and lost unflushed. The flush policy bounds that
            // (64 KiB waiting in the writer plus the recorder's queue bound), never more.
            let upstream = received[0][0]
            let lost = max(0, upstream - numbers.count)
            #expect(numbers.count > 0)
            // Each record takes its payload plus 20 bytes of framing in the writer.
            #expect(lost * ((messages.first?.utf8.count ?? 43) + 20) <= bound, "lost \(lost) messages")
            print("sigkill: recorded \(numbers.count), upstream got \(upstream), read but not on the tape \(lost)")
        }
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.removeItem(atPath: sinkLog)
    }

    @Test func secretsNeverReachDiskAndShareOneTokenPerTape() async throws {
        try Peers.requirePython()
        let secret = "S3cr3t-\(UUID().uuidString.prefix(8))"
        let folder = try TestFolder("tapedeck-proxy-secrets").path
        let echo = try ChildProcess(ChildProcess.python, [Peers.proxy("echo_server.py"), secret])
        let rules = folder + "-rules.txt"
        try "# our own secret field\njson apiKey\n".write(toFile: rules, atomically: true, encoding: .utf8)
        let (recorder, url) = try await Self.startRecorder(
            upstreamPort: try await echo.port(), folder: folder,
            extra: ["--redact", rules, "--label", "suite=secrets"])
        let client = try ChildProcess(ChildProcess.python, [Peers.proxy("secret_client.py"), url, secret])
        let run = await client.wait()
        #expect(run.status == 0 && run.output.contains("ok"), "\(run.output) \(run.standardError)")
        recorder.signal(SIGTERM)
        let stopped = await recorder.wait()
        #expect(stopped.status == 0, "\(stopped.standardError)")
        echo.signal(SIGKILL)
        await echo.wait()

        let tapes = TestFolder.tapes(in: folder)
        try #require(tapes.count == 1)
        // Every file under the folder, tapes decompressed with the lz4 tool, the catalog as it is.
        var files = try FileManager.default.subpathsOfDirectory(atPath: folder).map { folder + "/" + $0 }
        files.removeAll {
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &isFolder) && isFolder.boolValue
        }
        #expect(files.contains { $0.hasSuffix("catalog.sqlite") })
        for file in files {
            let bytes: Data
            if file.hasSuffix(".tape") {
                let lz4 = try ChildProcess("/usr/bin/lz4", ["-dc", file])
                let out = await lz4.wait()
                bytes = Data(out.output.joined(separator: "\n").utf8)
                #expect(bytes.count > 100)
            } else {
                bytes = try Data(contentsOf: URL(fileURLWithPath: file))
            }
            #expect(bytes.range(of: Data(secret.utf8)) == nil, "the secret is in \(file)")
        }
        // One token for the secret everywhere in the tape: headers, query, JSON fields.
        let tape = try TapeContents(path: tapes[0])
        let header = { (name: String) in tape.metadata.requestHeaders.first { $0.name.lowercased() == name }?.value ?? "" }
        let authorization = header("authorization")
        #expect(authorization.hasPrefix("Bearer redacted:"))
        let token = String(authorization.dropFirst("Bearer ".count))
        #expect(token.count == "redacted:".count + 12)
        #expect(header("cookie").hasPrefix("session=\(token); theme=redacted:"))
        #expect(tape.metadata.requestTarget == "/wss/?token=\(token)&v=3")
        #expect(
            tape.metadata.responseHeaders.first { $0.name.lowercased() == "set-cookie" }?.value
                == "session=\(token); Path=/; HttpOnly")
        #expect(tape.metadata.labels["appVersion"] == "BaoLife/7.3.1")
        let texts = tape.records(.c2s, [.text]).map { tape.text($0) } + tape.records(.s2c, [.text]).map { tape.text($0) }
        #expect(texts.count == 6)
        #expect(texts.contains(#"{"type":"createCharacter","message":{"name":"Ada","deviceToken":"\#(token)"}}"#))
        #expect(texts.contains(#"{"type":"validatePurchase","message":{"productId":"gems_100","receipt":"\#(token)"}}"#))
        #expect(texts.contains(#"{"type":"custom","message":{"profile":{"apiKey":"\#(token)","note":"keep me"}}}"#))
        let catalog = try Catalog(path: folder + "/catalog.sqlite")
        #expect(try catalog.tapePaths(withType: "validatePurchase", direction: "c2s").count == 1)
        #expect(try catalog.tapePaths(withType: "validatePurchase", direction: "s2c").count == 1)
        #expect(try catalog.tapePaths(withType: "login").isEmpty)
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.removeItem(atPath: rules)
    }

    @Test func markLsTagAndRebuild() async throws {
        try Peers.requirePython()
        let folder = try TestFolder("tapedeck-proxy-catalog").path
        let echo = try ChildProcess(ChildProcess.python, [Peers.proxy("echo_server.py")])
        let (recorder, url) = try await Self.startRecorder(
            upstreamPort: try await echo.port(), folder: folder, extra: ["--label", "device=sim"])
        let control = try await recorder.line(startingWith: "control on http://")
        #expect(control.contains("tapedeck mark NAME --control 127.0.0.1:"))
        // A live session, marked from outside through the control endpoint.
        // The session lasts until the mark is in (SIGTERM: the client then closes normally), however
        // long the mark takes to start on a busy machine.
        let stream = try ChildProcess(ChildProcess.python, [Peers.proxy("stream_client.py"), url, "200", "120"])
        _ = try await stream.line(startingWith: "connected")
        try await Task.sleep(nanoseconds: 500_000_000)
        let mark = try ChildProcess(ChildProcess.tapedeck, ["mark", "checkout started", "--out", folder])
        let marked = await mark.wait()
        #expect(marked.status == 0, "\(marked.standardError)")
        #expect(marked.output == ["marked 1 open tape with checkout started"])
        try await Task.sleep(nanoseconds: 200_000_000)
        stream.signal(SIGTERM)
        await stream.wait()
        recorder.signal(SIGINT)
        #expect(await recorder.wait().status == 0)
        echo.signal(SIGKILL)
        await echo.wait()

        let tapes = TestFolder.tapes(in: folder)
        try #require(tapes.count == 1)
        let tape = try TapeContents(path: tapes[0])
        #expect(tape.end == .complete)
        #expect(tape.records.filter { $0.kind == .marker }.map { tape.text($0) } == ["checkout started"])
        let name = String(tapes[0].split(separator: "/").last!)
        #expect(name.range(of: #"^\d{8}T\d{6}\.\d{3}Z-000001\.tape$"#, options: .regularExpression) != nil, "\(name)")

        // The catalog row, written when the tape closed.
        let catalog = try Catalog(path: folder + "/catalog.sqlite")
        let row = try #require(try catalog.tape(path: name))
        #expect(row.complete && row.upstream?.hasPrefix("ws://127.0.0.1:") == true)
        #expect(row.labels == #"{"appVersion":"Python/3.11 websockets/15.0.1","device":"sim"}"#)
        #expect(row.appVersion == "Python/3.11 websockets/15.0.1")
        #expect(row.messageCount == tape.records.filter { $0.kind == .text }.count)

        let ls = { (arguments: [String]) -> [String] in
            let process = try ChildProcess(ChildProcess.tapedeck, ["ls", folder] + arguments)
            return await process.wait().output
        }
        #expect(try await ls([]).count == 1)
        #expect(try await ls(["--label", "device=sim"]).count == 1)
        #expect(try await ls(["--label", "device=phone"]).isEmpty)
        #expect(try await ls(["--since", "2000-01-01"]).count == 1)
        #expect(try await ls(["--since", "2999-01-01"]).isEmpty)
        #expect(try await ls(["--type", "login"]).isEmpty)

        let tag = try ChildProcess(ChildProcess.tapedeck, ["tag", tapes[0], "bug=1234"])
        #expect(await tag.wait().status == 0)
        #expect(try TapeContents(path: tapes[0]).metadata.labels["bug"] == "1234")
        #expect(try await ls(["--label", "bug=1234"]).count == 1)

        // Rebuild from the tapes alone.
        try FileManager.default.removeItem(atPath: folder + "/catalog.sqlite")
        let rebuild = try ChildProcess(ChildProcess.tapedeck, ["catalog", "rebuild", folder])
        #expect(await rebuild.wait().output == ["catalogued 1 tape in \(folder)/catalog.sqlite"])
        #expect(try await ls(["--label", "bug"]).count == 1)
        try? FileManager.default.removeItem(atPath: folder)
    }
}
