import Foundation
import TapedeckCatalog
import TapedeckServers
import TapedeckTape
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// `tapedeck record` with wss:// on both sides, as a developer runs it: `--generate-cert` makes a
/// local CA and a leaf the app can trust once it trusts the CA, and the upstream (the reference
/// server over TLS) is verified against `--ca-file`; `--mode forward` terminates TLS for the
/// intercepted host with a certificate from the same local CA.
@Suite(.serialized, .tags(.integration), .ownThread) struct RecordTLSCommandTests {
    @Test func generatedCertificateAndVerifiedUpstream() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck), "build first: swift build")
        try Peers.requirePython()
        // Handshake and idle timeouts of 60 s, a guard only: in the full parallel run the proxy's
        // TLS handshake with this debug server once took longer than the 10 s default (`http 502`).
        let server = try await ReferenceServer.start(
            ReferenceServerConfiguration(
                tlsCertificatePath: Peers.testCertificate, tlsKeyPath: Peers.testKey, clock: .virtual,
                limits: ConnectionLimits(handshakeTimeoutSeconds: 60, idleTimeoutSeconds: 60)))
        let folder = try TestFolder("tapedeck-proxy-record-tls").path
        let arguments = [
            "record", "--listen", "127.0.0.1:0", "--upstream", "wss://localhost:\(server.port)/wss/",
            "--ca-file", Peers.testCertificate, "--generate-cert", "--out", folder,
        ]
        // The CA and the leaf go to the user's configuration folder, here a temporary one.
        let config = folder + "-config"
        let tls = config + "/tapedeck/ca"
        let recorder = try ChildProcess(ChildProcess.tapedeck, arguments, environment: ["XDG_CONFIG_HOME": config])
        let first = try await recorder.line(startingWith: "recording on ")
        #expect(first.hasPrefix("recording on wss://127.0.0.1:"), "\(first)")
        #expect(first.contains(" -> wss://localhost:\(server.port)/wss/, tapes in \(folder)"))
        let url = String(first.dropFirst("recording on ".count).prefix { $0 != " " })
        let ca = tls + "/ca.pem"

        // An app that trusts the generated CA (host name checked) talks to the game through both TLS legs.
        let trusting = try ChildProcess(ChildProcess.python, [Peers.proxy("tls_client.py"), url + "/", ca])
        let played = await trusting.wait()
        #expect(played.output == ["received playerObject", "closed 1000"], "\(played.output) \(played.standardError)")
        // One that does not trust it is refused by its own TLS stack.
        let stranger = try ChildProcess(
            ChildProcess.python, [Peers.proxy("tls_client.py"), url + "/", Peers.testCertificate])
        let refused = await stranger.wait()
        #expect(
            refused.output.count == 1 && refused.output[0].hasPrefix("tls refused: "),
            "\(refused.output) \(refused.standardError)")

        recorder.signal(SIGTERM)
        let stopped = await recorder.wait()
        #expect(stopped.status == 0, "\(stopped.standardError)")
        // What it made, and how to trust the CA.
        #expect(stopped.standardError.contains("made \(tls)/cert.pem signed by \(ca)"), "\(stopped.standardError)")
        #expect(stopped.standardError.contains("xcrun simctl keychain booted add-root-cert \(ca)"))
        for file in ["ca.pem", "ca-key.pem", "cert.pem", "key.pem"] {
            #expect(FileManager.default.fileExists(atPath: tls + "/" + file), "\(file)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/tls"), "nothing of the CA in the recording folder")

        // The tape and its catalog row: upstream, app version from the handshake, the messages.
        let tapes = TestFolder.tapes(in: folder)
        try #require(tapes.count == 1)
        let tape = try TapeContents(path: tapes[0])
        #expect(tape.end == .complete)
        #expect(tape.metadata.upstreamURL == "wss://localhost:\(server.port)/wss/")
        #expect(tape.metadata.responseStatus == 101)
        #expect(tape.records(.c2s, [.text]).count == 1)
        #expect(tape.records(.s2c, [.text]).first.map { tape.text($0).contains(#""type":"playerObject""#) } == true)
        #expect(tape.records.filter { $0.kind == .close }.map(\.closeCode) == [1000, 1000])
        let catalog = try Catalog(path: folder + "/catalog.sqlite")
        let row = try #require(try catalog.tape(path: String(tapes[0].split(separator: "/").last!)))
        #expect(row.appVersion == "8.0.2")
        #expect(row.upstream == "wss://localhost:\(server.port)/wss/")

        // A second run reuses the certificate, so the app's trust survives restarts.
        let again = try ChildProcess(ChildProcess.tapedeck, arguments, environment: ["XDG_CONFIG_HOME": config])
        _ = try await again.line(startingWith: "recording on wss://")
        again.signal(SIGINT)
        let second = await again.wait()
        #expect(second.status == 0)
        #expect(second.standardError.contains("using \(tls)/cert.pem signed by \(ca)"), "\(second.standardError)")
        try await server.shutdown()
        try? FileManager.default.removeItem(atPath: folder)
        try? FileManager.default.removeItem(atPath: config)
    }

    /// Issue 34, finding 2: in a git work tree, `tapedeck ca` and a forward-mode recording into
    /// `Recordings` leave no key for `git add` to stage: the CA is in the user's folder.
    @Test func forwardModeRecordsWithTheUsersCAAndLeavesNoKeyInTheGitWorkTree() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck), "build first: swift build")
        try Peers.requirePython()
        let git = try #require(ChildProcess.which("git"), "no git")
        let echo = try await EchoServer(
            tls: try TLSFiles.serverContext(certificatePath: Peers.testCertificate, keyPath: Peers.testKey))
        let port = echo.port
        let work = try TestFolder("tapedeck-proxy-record-forward").path
        defer { try? FileManager.default.removeItem(atPath: work) }
        let initialised = try await ChildProcess.run(git, ["init", "-q", work], seconds: 60)
        try #require(initialised.status == 0, "\(initialised.standardError)")
        let folder = work + "/Recordings"
        let config = work + "-config"
        defer { try? FileManager.default.removeItem(atPath: config) }
        let environment = ["XDG_CONFIG_HOME": config]
        let shownFirst = try await ChildProcess.run(
            ChildProcess.tapedeck, ["ca", "--out", "Recordings"], directory: work, environment: environment, seconds: 60)
        #expect(shownFirst.status == 0, "\(shownFirst.standardError)")
        let recorder = try ChildProcess(
            ChildProcess.tapedeck,
            [
                "record", "--mode", "forward", "--intercept", "localhost", "--listen", "127.0.0.1:0",
                "--ca-file", Peers.testCertificate, "--out", "Recordings", "--catalog", "Recordings/forward.sqlite",
            ],
            directory: work, environment: environment)
        let first = try await recorder.line(startingWith: "recording on ")
        #expect(first.hasPrefix("recording on http://127.0.0.1:"), "\(first)")
        #expect(first.hasSuffix(" (forward proxy, intercepting localhost), tapes in Recordings"), "\(first)")
        let proxy = String(first.dropFirst("recording on ".count).prefix { $0 != " " })
        let ca = config + "/tapedeck/ca/ca.pem"

        let client = try await ChildProcess.run(
            ChildProcess.python,
            [
                Peers.proxy("forward_client.py"), proxy,
                "wss://localhost:\(port)/game", ca,
            ],
            seconds: 120)
        #expect(client.status == 0, "\(client.standardError)")
        recorder.signal(SIGINT)
        let stopped = await recorder.wait()
        #expect(stopped.status == 0, "\(stopped.standardError)")
        #expect(stopped.standardError.contains("tapedeck record: using the CA \(ca)"), "\(stopped.standardError)")
        #expect(stopped.standardError.contains("xcrun simctl keychain booted add-root-cert \(ca)"))

        let tapes = TestFolder.tapes(in: folder)
        try #require(tapes.count == 1)
        let tape = try TapeContents(path: tapes[0])
        #expect(tape.end == .complete)
        let (sent, received) = ForwardProxyTests.exchanged(client.standardOutput)
        #expect(sent.count == 3 && received == sent)
        #expect(tape.records(.c2s, [.text, .binary]).map(\.payload) == sent)
        #expect(tape.records(.s2c, [.text, .binary]).map(\.payload) == received)
        // --catalog: the shared catalog option of record and check.
        #expect(!FileManager.default.fileExists(atPath: folder + "/catalog.sqlite"))
        let catalog = try Catalog(path: folder + "/forward.sqlite")
        let row = try #require(try catalog.tape(path: String(tapes[0].split(separator: "/").last!)))
        #expect(row.upstream == "wss://localhost:\(port)/game")

        // What `git add Recordings` would stage: tapes and the catalog, no key, no certificate folder.
        let status = try await ChildProcess.run(
            git, ["status", "--porcelain", "--untracked-files=all"], directory: work, seconds: 60)
        #expect(status.status == 0, "\(status.standardError)")
        let untracked = status.standardOutput.split(separator: "\n").map { String($0.dropFirst(3)) }
        #expect(untracked.contains { $0.hasSuffix(".tape") }, "\(untracked)")
        #expect(!untracked.contains { $0.hasSuffix(".pem") || $0.contains("/tls/") }, "\(untracked)")
        #expect(FileManager.default.fileExists(atPath: config + "/tapedeck/ca/ca-key.pem"))

        // `tapedeck ca` names the same CA, the one to trust on the device.
        let shown = try await ChildProcess.run(
            ChildProcess.tapedeck, ["ca", "--out", folder], environment: environment, seconds: 60)
        #expect(shown.standardOutput.hasPrefix("using \(ca)\n"), "\(shown.standardOutput)")
        await echo.shutdown()
    }
}
