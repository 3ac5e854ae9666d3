import Foundation
import NIOCore
import TapedeckProxy
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport
import Testing

/// Issue 34, finding 1, the forward-mode matrix: an intercepted host is recorded; another host is
/// refused by default and tunnelled with `--pass-through`; loopback, link-local, unspecified and
/// the proxy's own ports are refused in every spelling even with `--pass-through '*'` (an open
/// port and a closed one get the same answer: no port scanning); a non-loopback listen warns and
/// serves only `--allow-clients`.
@Suite(.tags(.integration), .ownThread)
struct ForwardProxyPolicyTests {
    /// This machine's first IPv4 address that is not loopback or link-local: a host the proxy may
    /// pass through to, standing for another machine on the network.
    static let networkAddress: String? = ((try? System.enumerateDevices()) ?? []).compactMap { $0.address?.ipAddress }
        .first { !$0.contains(":") && !$0.hasPrefix("127.") && !$0.hasPrefix("169.254.") }

    /// What the proxy answers `request` with, up to its close.
    static func answer(_ port: Int, _ request: String, from host: String = "127.0.0.1") async throws -> String {
        let socket = try RawSocket(port: port, host: host)
        socket.send(request)
        return String(decoding: await socket.readUntilClosed(seconds: 30).bytes, as: UTF8.self)
    }

    @Test func anInterceptedHostIsRecordedAnotherIsRefusedUntilPassedThrough() async throws {
        try Peers.requirePython()
        let network = try #require(Self.networkAddress, "no non-loopback IPv4 address on this machine")
        let intercepted = try await EchoServer()
        let other = try await EchoServer(host: network)
        let strict = try await ProxyHarness(
            intercepting: [InterceptPattern(host: "127.0.0.1", port: intercepted.port)], name: "policy-strict")
        let recorded = try await ChildProcess.run(
            ChildProcess.python, [ForwardProxyTests.client, strict.proxy.url, "ws://127.0.0.1:\(intercepted.port)/game"],
            seconds: 120)
        #expect(recorded.status == 0, "\(recorded.standardError)")
        #expect(await strict.waitForTapes(1).count == 1)

        // Not intercepted, not passed through: a plain 403 naming the flag, for CONNECT and absolute URLs alike.
        let refusedTunnel = try await Self.answer(
            strict.proxy.port, "CONNECT \(network):\(other.port) HTTP/1.1\r\nHost: \(network):\(other.port)\r\n\r\n")
        #expect(refusedTunnel.hasPrefix("HTTP/1.1 403 Forbidden"), "\(refusedTunnel)")
        #expect(refusedTunnel.contains("--pass-through \(network) to tunnel it"), "\(refusedTunnel)")
        let refusedGet = try await Self.answer(
            strict.proxy.port, "GET http://\(network):\(other.port)/ HTTP/1.1\r\nHost: \(network):\(other.port)\r\n\r\n")
        #expect(refusedGet.hasPrefix("HTTP/1.1 403 Forbidden"), "\(refusedGet)")
        let refusedClient = try await ChildProcess.run(
            ChildProcess.python, [ForwardProxyTests.client, strict.proxy.url, "ws://\(network):\(other.port)/game"], seconds: 120)
        #expect(refusedClient.status != 0)
        await strict.shutdown()
        #expect(strict.closedTapes.count == 1)

        let passing = try await ProxyHarness(
            intercepting: [InterceptPattern(host: "127.0.0.1", port: intercepted.port)], name: "policy-pass"
        ) { $0.passThrough = [InterceptPattern(host: network, port: nil)] }
        let tunnelled = try await ChildProcess.run(
            ChildProcess.python, [ForwardProxyTests.client, passing.proxy.url, "ws://\(network):\(other.port)/game"], seconds: 120
        )
        #expect(tunnelled.status == 0, "\(tunnelled.standardError)")
        let (sent, received) = ForwardProxyTests.exchanged(tunnelled.standardOutput)
        #expect(sent.count == 3 && received == sent)
        let passedGet = try await Self.answer(
            passing.proxy.port, "GET http://\(network):\(other.port)/nothing-here HTTP/1.1\r\nHost: \(network)\r\n\r\n")
        #expect(passedGet.hasPrefix("HTTP/1.1 404"), "the server's own answer: \(passedGet)")
        await passing.shutdown()
        #expect(passing.closedTapes.isEmpty && passing.tapeFiles.isEmpty, "passed through, not recorded")
        await intercepted.shutdown()
        await other.shutdown()
    }

    @Test func loopbackLinkLocalUnspecifiedAndOwnPortsAreRefusedInEverySpellingEvenWithPassThroughStar() async throws {
        let network = try #require(Self.networkAddress, "no non-loopback IPv4 address on this machine")
        // An open port on loopback, what the red team's "secret" server was.
        let secret = try await EchoServer()
        let harness = try await ProxyHarness(
            intercepting: [InterceptPattern(host: "lichun.app", port: nil)], name: "policy-never"
        ) {
            $0.passThrough = [InterceptPattern(host: "*", port: nil)]
            $0.controlPort = 0
        }
        let listen = harness.proxy.port
        let control = try #require(harness.proxy.controlAddress?.port)
        var targets: [(authority: String, kind: String)] = []
        for host in [
            "127.0.0.1", "0x7f.1", "2130706433", "0177.0.0.1", "127.1", "[::ffff:127.0.0.1]", "[::1]", "localhost",
            "LOCALHOST",
        ] {
            targets.append(("\(host):\(secret.port)", "is a loopback address"))
        }
        targets.append(("127.0.0.1:1", "is a loopback address")) // closed: the same answer as an open one
        for host in ["0.0.0.0", "0", "[::]"] { targets.append(("\(host):\(secret.port)", "is an unspecified address")) }
        for host in ["169.254.169.254", "[fe80::1]"] { targets.append(("\(host):80", "is a link-local address")) }
        targets.append(("\(network):\(listen)", "is this proxy's own listener"))
        targets.append(("127.0.0.1:\(control)", "is a loopback address"))
        for (authority, kind) in targets {
            let tunnel = try await Self.answer(listen, "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n\r\n")
            #expect(tunnel.hasPrefix("HTTP/1.1 403 Forbidden"), "CONNECT \(authority): \(tunnel)")
            #expect(tunnel.contains(kind), "CONNECT \(authority): \(tunnel)")
            let get = try await Self.answer(listen, "GET http://\(authority)/secret.txt HTTP/1.1\r\nHost: \(authority)\r\n\r\n")
            #expect(get.hasPrefix("HTTP/1.1 403 Forbidden"), "GET http://\(authority): \(get)")
        }
        await harness.shutdown()
        await secret.shutdown()
        #expect(harness.problems.isEmpty, "\(harness.problems)")
    }

    /// The red team's marker: a POST through the proxy to `--control` reached it. Even with an
    /// `--intercept 127.0.0.1` (loopback named, the test setup) the proxy's own ports stay shut.
    @Test func theControlEndpointAndListenerAreNotReachableThroughTheProxy() async throws {
        let echo = try await EchoServer()
        let harness = try await ProxyHarness(intercepting: [InterceptPattern(host: "127.0.0.1", port: nil)], name: "policy-own") {
            $0.controlPort = 0
        }
        let control = try #require(harness.proxy.controlAddress?.port)
        let peer = try await RawWebSocketPeer.connect(port: harness.proxy.port, path: "ws://127.0.0.1:\(echo.port)/game")
        #expect(await peer.status() == 101)
        for port in [control, harness.proxy.port] {
            let post = try await Self.answer(
                harness.proxy.port,
                "POST http://127.0.0.1:\(port)/mark?name=through-the-proxy HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n"
            )
            #expect(post.hasPrefix("HTTP/1.1 403 Forbidden"), "\(post)")
            #expect(post.contains("this proxy's own listener or control endpoint"), "\(post)")
            let tunnel = try await Self.answer(harness.proxy.port, "CONNECT 127.0.0.1:\(port) HTTP/1.1\r\n\r\n")
            #expect(tunnel.hasPrefix("HTTP/1.1 403 Forbidden"), "\(tunnel)")
        }
        peer.send(WireFrame.closing(1000))
        #expect(await peer.ended())
        let tapes = await harness.waitForTapes(1)
        let tape = try #require(try tapes.first.map { try TapeContents(path: $0.path) })
        #expect(!tape.records.contains { $0.kind == .marker }, "no marker was dropped through the proxy")
        await harness.shutdown()
        await echo.shutdown()
    }

    @Test func aListenerOffLoopbackWarnsAndServesOnlyItsAllowedClients() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ChildProcess.tapedeck), "build first: swift build")
        let network = try #require(Self.networkAddress, "no non-loopback IPv4 address on this machine")
        let folder = try TestFolder("tapedeck-proxy-policy-listen").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["XDG_CONFIG_HOME": folder + "/config", "HOME": folder + "/home"]
        let open = try ChildProcess(
            ChildProcess.tapedeck,
            [
                "record", "--mode", "forward", "--intercept", "lichun.app", "--listen", "0.0.0.0:0", "--out", folder,
                "--allow-clients", "127.0.0.0/8", "::1",
            ],
            environment: environment)
        let first = try await open.line(startingWith: "recording on ")
        let port = try #require(Int(first.split(separator: " ")[2].split(separator: ":").last ?? ""))
        // From this machine's network address: outside the allowed clients, whatever it asks.
        let outside = try await Self.answer(port, "CONNECT lichun.app:443 HTTP/1.1\r\n\r\n", from: network)
        #expect(outside.hasPrefix("HTTP/1.1 403 Forbidden"), "\(outside)")
        #expect(outside.contains("--allow-clients \(network)"), "\(outside)")
        // From loopback: served (this host is not intercepted, so the policy's 403 instead).
        let inside = try await Self.answer(port, "CONNECT example.com:443 HTTP/1.1\r\n\r\n")
        #expect(inside.contains("--pass-through example.com"), "\(inside)")
        open.signal(SIGINT)
        let stopped = await open.wait()
        #expect(stopped.status == 0)
        #expect(stopped.standardError.contains("warning: listening on 0.0.0.0:0, not loopback"), "\(stopped.standardError)")
        #expect(stopped.standardError.contains("serves clients from 127.0.0.0/8 ::1/128 only"), "\(stopped.standardError)")

        let loopback = try ChildProcess(
            ChildProcess.tapedeck, ["record", "--mode", "forward", "--intercept", "lichun.app", "--out", folder],
            environment: environment)
        _ = try await loopback.line(startingWith: "recording on ")
        loopback.signal(SIGINT)
        let quiet = await loopback.wait()
        #expect(quiet.status == 0)
        #expect(!quiet.standardError.contains("warning"), "\(quiet.standardError)")
    }
}
