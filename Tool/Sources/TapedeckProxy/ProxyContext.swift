import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import TapedeckRedaction
import TapedeckTape
import TapedeckWebSocket

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every connection of one `RecordingProxy` shares: the configuration, the upstream TLS
/// context, the writer threads, the live connections and the open tapes.
final class ProxyContext: Sendable {
    let configuration: RecordingProxyConfiguration
    let upstreamTLS: NIOSSLContext?
    /// Forward mode's leaf certificates for intercepted hosts; nil in reverse mode.
    let interceptCertificates: InterceptCertificates?
    /// Forward mode's rules for where requests may go; nil in reverse mode.
    let destinations: DestinationPolicy?
    let pool: NIOThreadPool
    let registry = ConnectionRegistry()
    let tapes: OpenTapes
    let onTapeClosed: @Sendable (RecordedTape) -> Void
    let onProblem: @Sendable (String) -> Void
    private let state = NIOLockedValueBox(State())

    private struct State {
        var nextID: UInt32 = 0
        var listenAddress: String?
        var ownPorts: Set<Int> = []
        var longKeyReported = false
    }

    init(
        configuration: RecordingProxyConfiguration, upstreamTLS: NIOSSLContext?, pool: NIOThreadPool,
        onTapeClosed: @escaping @Sendable (RecordedTape) -> Void, onProblem: @escaping @Sendable (String) -> Void
    ) {
        self.configuration = configuration
        self.upstreamTLS = upstreamTLS
        self.pool = pool
        tapes = OpenTapes(policy: SessionPolicy(configuration.tapes))
        if case .forward(let intercept, let authority) = configuration.mode {
            interceptCertificates = InterceptCertificates(authority: authority)
            destinations = DestinationPolicy(intercept: intercept, passThrough: configuration.passThrough)
        } else {
            interceptCertificates = nil
            destinations = nil
        }
        self.onTapeClosed = onTapeClosed
        self.onProblem = onProblem
    }

    var listenAddress: String? {
        get { state.withLockedValue { $0.listenAddress } }
        set { state.withLockedValue { $0.listenAddress = newValue } }
    }

    /// The listener's and the control endpoint's ports, which the forward proxy never connects to;
    /// set before the listener accepts its first connection.
    var ownPorts: Set<Int> {
        get { state.withLockedValue { $0.ownPorts } }
        set { state.withLockedValue { $0.ownPorts = newValue } }
    }

    /// Says once per proxy that a key value was too long to group by.
    func reportLongKey(_ bytes: Int) {
        let first = state.withLockedValue { state in
            defer { state.longKeyReported = true }
            return !state.longKeyReported
        }
        guard first else { return }
        onProblem(
            "a session key value of \(bytes) bytes is over the \(SessionKey.maximumValueBytes)-byte limit: such a connection "
                + "gets a tape of its own (reported once); pick a shorter query parameter or header with --session-key")
    }

    func nextConnectionID() -> UInt32 {
        state.withLockedValue { state in
            state.nextID += 1
            return state.nextID
        }
    }

    /// The recorder of `connection`'s tape: the open tape of its session (`SessionPolicy`) when
    /// there is one, else a new tape named `<UTC start>-<connection>.tape` in the output folder.
    func recorder(
        for connection: ProxyConnection, request: HTTPRequestHead, upstreamURL: String, metadata: TapeMetadata
    ) -> OffLoopTapeWriter {
        var session: SessionIdentity?
        switch tapes.policy.placement(clientIP: connection.clientIP, request: request, upstreamURL: upstreamURL) {
        case .session(let identity): session = identity
        case .ownTape: session = nil
        case .ownTapeKeyTooLong(let bytes): reportLongKey(bytes)
        }
        return tapes.recorder(for: connection, session: session) {
            let directory = configuration.outputDirectory
            var id = String(connection.id)
            id = String(repeating: "0", count: max(0, 6 - id.count)) + id
            var path = "\(directory)/\(connection.wallStart.compact)-\(id).tape"
            var attempt = 1
            while access(path, F_OK) == 0 {
                attempt += 1
                path = "\(directory)/\(connection.wallStart.compact)-\(id)-\(attempt).tape"
            }
            var random = SystemRandomNumberGenerator()
            let key = Redactor.key(using: &random)
            let tapeID = connection.id
            return OffLoopTapeWriter(
                path: path, id: tapeID, start: connection.start, metadata: metadata,
                options: configuration.writerOptions, redactor: Redactor(rules: configuration.redaction, key: key),
                pool: pool, highWatermark: configuration.recorderQueueBytes,
                // Weak: the tape table owns the recorder, and the live connections hold it.
                onResume: { [weak self] in
                    for connection in self?.tapes.liveConnections(in: tapeID) ?? [] {
                        connection.eventLoop.execute { connection.recordingResumed() }
                    }
                },
                onClosed: { [weak self] tape in
                    guard let self else { return }
                    onTapeClosed(tape)
                    tapes.closed(tapeID, compressedBytes: tape.compressedBytes)
                },
                onFailure: { [onProblem, weak self] reason in
                    onProblem(reason)
                    for connection in self?.tapes.liveConnections(in: tapeID) ?? [] {
                        connection.eventLoop.execute { connection.recordingFailed(reason) }
                    }
                })
        }
    }

    /// `connection` is finished: its tape closes now, or after the session's gap.
    func connectionEnded(_ connection: ProxyConnection, tape: OffLoopTapeWriter) {
        tapes.connectionEnded(connection, tape: tape.id)
    }

    /// Every open tape, for the flush timer.
    var recorders: [OffLoopTapeWriter] { tapes.recorders }

    /// Succeeds once no tape is open.
    func whenAllTapesClosed(on eventLoop: EventLoop) -> EventLoopFuture<Void> {
        tapes.whenAllClosed(on: eventLoop)
    }

    func statistics() -> RecordingStatistics {
        let totals = tapes.totals
        var statistics = RecordingStatistics(
            openConnections: registry.count, tapesClosed: totals.closedTapes,
            messages: totals.closedMessages, compressedBytes: totals.closedBytes, sessions: tapes.sessionCount)
        for recorder in totals.open {
            let counts = recorder.counts
            statistics.messages += counts.messages
            statistics.compressedBytes += counts.compressedBytes
        }
        return statistics
    }
}

/// Totals for the status line.
package struct RecordingStatistics: Sendable, Equatable {
    package var openConnections: Int
    package var tapesClosed: Int
    /// Text and binary messages recorded (queued for writing) so far, both directions.
    package var messages: Int
    /// Bytes of tape files written so far.
    package var compressedBytes: UInt64
    /// App sessions open or waiting for a reconnect (`TapeGrouping.perSession`).
    package var sessions = 0
}

/// The sessions in progress, so shutdown and markers can reach each.
final class ConnectionRegistry: Sendable {
    private let connections = NIOLockedValueBox<[UInt32: ProxyConnection]>([:])

    func add(_ connection: ProxyConnection) {
        connections.withLockedValue { $0[connection.id] = connection }
    }

    func remove(_ connection: ProxyConnection) {
        connections.withLockedValue { _ = $0.removeValue(forKey: connection.id) }
    }

    var all: [ProxyConnection] { connections.withLockedValue { Array($0.values) } }
    var count: Int { connections.withLockedValue { $0.count } }
}
