import Foundation
import NIOConcurrencyHelpers
import TapedeckProxy
import TapedeckTestFixtures
import TapedeckWebSocket
import TestSupport

/// An in-process recording proxy for one test, with the tapes it closed.
final class ProxyHarness: Sendable {
    let proxy: RecordingProxy
    let folder: String
    private let closed = NIOLockedValueBox<[RecordedTape]>([])
    private let problemLines = NIOLockedValueBox<[String]>([])

    /// `closeGraceSeconds`: how long a close frame waits for its answer; 60 s, a guard against hangs
    /// only, so a busy machine's slow answer is not taken for none; a test of the grace sets it.
    convenience init(
        upstreamPort: Int, name: String, maxMessageBytes: Int = 16 << 20, eventLoopThreads: Int = 1,
        closeGraceSeconds: Int64 = 60
    ) async throws {
        try await self.init(upstream: UpstreamURL(secure: false, host: "127.0.0.1", port: upstreamPort, path: nil), name: name) {
            $0.maxMessageBytes = maxMessageBytes
            $0.eventLoopThreads = eventLoopThreads
            $0.closeGraceSeconds = closeGraceSeconds
        }
    }

    /// A proxy towards `upstream`; `configure` changes the test defaults (TLS, timeouts...). The
    /// upstream gets 60 s to upgrade, a guard against hangs only: hundreds of connections opened at
    /// once on a busy machine must not be refused for being slow.
    convenience init(upstream: UpstreamURL, name: String, configure: (inout RecordingProxyConfiguration) -> Void) async throws {
        try await self.init(name: name, mode: { _ in .reverse(upstream: upstream) }, configure: configure)
    }

    /// A forward proxy recording `intercept`, its CA made in the tape folder's `tls`.
    convenience init(
        intercepting intercept: [InterceptPattern], name: String,
        configure: (inout RecordingProxyConfiguration) -> Void = { _ in }
    ) async throws {
        try await self.init(
            name: name,
            mode: { folder in
                .forward(
                    intercept: intercept,
                    authority: try LocalCertificateAuthority.loadOrCreate(in: folder + "/tls", now: Date()).authority)
            }, configure: configure)
    }

    /// `mode` gets the tape folder.
    init(
        name: String, mode: (String) throws -> RecordingProxyMode, configure: (inout RecordingProxyConfiguration) -> Void
    ) async throws {
        folder = try TestFolder("tapedeck-proxy-" + name).path
        let box = closed
        let problems = problemLines
        var configuration = RecordingProxyConfiguration(
            mode: try mode(folder), outputDirectory: folder, labels: ["test": name], controlPort: nil,
            closeGraceSeconds: 60, upstreamTimeoutSeconds: 60,
            // Like the upstream's 60 s: a guard against hangs only, for the same busy-machine reason.
            limits: ConnectionLimits(handshakeTimeoutSeconds: 60, idleTimeoutSeconds: 60), tool: "tapedeck tests")
        configure(&configuration)
        proxy = try await RecordingProxy.start(
            configuration, onTapeClosed: { tape in box.withLockedValue { $0.append(tape) } },
            onProblem: { line in problems.withLockedValue { $0.append(line) } })
    }

    /// The forward proxy's CA certificate (PEM).
    var authorityCertificate: String { folder + "/tls/ca.pem" }

    /// The tape files in the folder, closed or not.
    var tapeFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".tape") }
    }

    var closedTapes: [RecordedTape] { closed.withLockedValue { $0 } }
    /// What the proxy reported through `onProblem` (the CLI prints these on standard error).
    var problems: [String] { problemLines.withLockedValue { $0 } }

    /// Waits (bounded) for `count` tapes to be closed.
    func waitForTapes(_ count: Int) async -> [RecordedTape] {
        _ = await eventually { self.closedTapes.count >= count }
        return closedTapes.sorted { $0.path < $1.path }
    }

    func shutdown() async {
        try? await proxy.shutdown()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
