import NIOConcurrencyHelpers
import NIOCore
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
/// context, the writer threads, the live connections and the totals of closed tapes.
final class ProxyContext: Sendable {
    let configuration: RecordingProxyConfiguration
    let upstreamTLS: NIOSSLContext?
    /// Forward mode's leaf certificates for intercepted hosts; nil in reverse mode.
    let interceptCertificates: InterceptCertificates?
    /// Forward mode's rules for where requests may go; nil in reverse mode.
    let destinations: DestinationPolicy?
    let pool: NIOThreadPool
    let registry = ConnectionRegistry()
    let onTapeClosed: @Sendable (RecordedTape) -> Void
    let onProblem: @Sendable (String) -> Void
    private let state = NIOLockedValueBox(State())

    private struct State {
        var nextID: UInt32 = 0
        var listenAddress: String?
        var ownPorts: Set<Int> = []
        var closedTapes = 0
        var closedMessages = 0
        var closedBytes: UInt64 = 0
        var liveRecorders: [UInt32: TapeRecorder] = [:]
        var allClosed: [EventLoopPromise<Void>] = []
    }

    init(
        configuration: RecordingProxyConfiguration, upstreamTLS: NIOSSLContext?, pool: NIOThreadPool,
        onTapeClosed: @escaping @Sendable (RecordedTape) -> Void, onProblem: @escaping @Sendable (String) -> Void
    ) {
        self.configuration = configuration; self.upstreamTLS = upstreamTLS; self.pool = pool
        if case .forward(let intercept, let authority) = configuration.mode {
            interceptCertificates = InterceptCertificates(authority: authority)
            destinations = DestinationPolicy(intercept: intercept, passThrough: configuration.passThrough)
        } else {
            interceptCertificates = nil
            destinations = nil
        }
        self.onTapeClosed = onTapeClosed; self.onProblem = onProblem
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

    func nextConnectionID() -> UInt32 {
        state.withLockedValue { state in
            state.nextID += 1
            return state.nextID
        }
    }

    /// A recorder for a connection's tape, named `<UTC start>-<connection>.tape` in the output folder.
    func makeRecorder(for connection: ProxyConnection, metadata: TapeMetadata) -> TapeRecorder {
        let directory = configuration.outputDirectory
        var id = String(connection.id)
        id = String(repeating: "0", count: max(0, 6 - id.count)) + id
        var path = "\(directory)/\(connection.wallStart.compact)-\(id).tape"
        var attempt = 1
        while access(path, F_OK) == 0 {
            attempt += 1
            path = "\(directory)/\(connection.wallStart.compact)-\(id)-\(attempt).tape"
        }
        var key = [UInt8](repeating: 0, count: 32)
        var random = SystemRandomNumberGenerator()
        for index in key.indices { key[index] = random.next() }
        let connectionID = connection.id
        let recorder = TapeRecorder(
            path: path, connection: connectionID, start: connection.start, metadata: metadata,
            options: configuration.writerOptions, redactor: Redactor(rules: configuration.redaction, key: key),
            pool: pool, highWatermark: configuration.recorderQueueBytes,
            // Weak: the connection owns its recorder; a strong capture here was a cycle that kept
            // every finished session (its channels, its closed TapeWriter's ~110 KB) alive.
            // The loop's task holds the connection strongly, but only until it runs (a weak var
            // cannot be captured by the @Sendable task).
            onResume: { [eventLoop = connection.eventLoop, weak connection] in
                guard let connection else { return }
                eventLoop.execute { connection.recordingResumed() }
            },
            onClosed: { [weak self] tape in self?.closed(tape, connection: connectionID) },
            onFailure: { [onProblem, weak connection] reason in
                onProblem(reason)
                guard let connection else { return }
                connection.eventLoop.execute { connection.recordingFailed(reason) }
            })
        state.withLockedValue { $0.liveRecorders[connectionID] = recorder }
        return recorder
    }

    private func closed(_ tape: RecordedTape, connection: UInt32) {
        onTapeClosed(tape)
        let waiters: [EventLoopPromise<Void>] = state.withLockedValue { state in
            if let recorder = state.liveRecorders.removeValue(forKey: connection) {
                state.closedMessages += recorder.counts.messages
                state.closedBytes += tape.compressedBytes
            }
            state.closedTapes += 1
            guard state.liveRecorders.isEmpty else { return [] }
            defer { state.allClosed = [] }
            return state.allClosed
        }
        for waiter in waiters { waiter.succeed(()) }
    }

    /// Every open tape, for the flush timer and markers.
    var recorders: [TapeRecorder] { state.withLockedValue { Array($0.liveRecorders.values) } }

    /// Succeeds once no tape is open.
    func whenAllTapesClosed(on eventLoop: EventLoop) -> EventLoopFuture<Void> {
        let promise = eventLoop.makePromise(of: Void.self)
        let done: Bool = state.withLockedValue { state in
            if state.liveRecorders.isEmpty { return true }
            state.allClosed.append(promise)
            return false
        }
        if done { promise.succeed(()) }
        return promise.futureResult
    }

    func statistics() -> RecordingStatistics {
        let (live, closedTapes, closedMessages, closedBytes) = state.withLockedValue { state in
            (Array(state.liveRecorders.values), state.closedTapes, state.closedMessages, state.closedBytes)
        }
        var statistics = RecordingStatistics(
            openConnections: registry.count, tapesClosed: closedTapes,
            messages: closedMessages, compressedBytes: closedBytes)
        for recorder in live {
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
