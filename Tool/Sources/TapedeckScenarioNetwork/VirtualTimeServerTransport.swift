import NIOCore
import NIOSSL
import TapedeckScenario
import TapedeckServers
import TapedeckState
import TapedeckWebSocket

/// A scenario transport over a real WebSocket connection to a server whose game time passes only
/// on `{"type":"advance","message":{"seconds":N}}` (the reference server with `--clock virtual`,
/// which `--reference` starts). The scenario clock is virtual and this transport moves it: when a
/// statement waits, it runs the server one tick (one second) at a time and delivers what each tick
/// produced at that tick's time, so `wait 5m` costs 300 round trips instead of five minutes.
///
/// After every message it sends (a scenario message or an `advance`) it sends a WebSocket ping and
/// waits for the pong: the server answers frames in order, so by then every answer is in. Waits on
/// the socket are bounded by `roundTripTimeout` of real time, a guard against a hung server only:
/// it is long (60 s) because a busy machine can delay a loopback pong by seconds, and a missed pong
/// ends the connection, which would cut a `wait` short.
package final class VirtualTimeServerTransport: ScenarioTransport {
    package let clock: VirtualScenarioClock
    let live: LiveWebSocketTransport
    let roundTripTimeout: TimeAmount
    /// Server events received and not yet handed out, all due now.
    private var queue: [TransportEvent] = []
    /// The scenario time of the connect: tick N runs at origin + N seconds.
    private var origin = VirtualTime.zero
    private var ticksRun: UInt64 = 0
    private var serverClosed = false
    /// `advance` messages sent over all connections (for tests and reports).
    package private(set) var advanceCount = 0

    static let tick: UInt64 = 1_000_000_000

    package init(
        target: WebSocketURL, clock: VirtualScenarioClock, roundTripTimeout: TimeAmount = .seconds(60),
        tlsConfiguration: TLSConfiguration = .makeClientConfiguration()
    ) {
        self.clock = clock
        self.roundTripTimeout = roundTripTimeout
        live = LiveWebSocketTransport(target: target, connectTimeout: roundTripTimeout, tlsConfiguration: tlsConfiguration)
    }

    package var connectedURLs: [WebSocketURL] { live.connectedURLs }

    package func connect(url: String, headers: [(name: String, value: String)], subprotocol: String?) async throws {
        queue.removeAll()
        serverClosed = false
        try await live.connect(url: url, headers: headers, subprotocol: subprotocol)
        origin = clock.now
        ticksRun = 0
        try await barrier()
    }

    package func send(_ bytes: [UInt8]) async throws {
        guard live.client != nil, !serverClosed else { throw ScenarioTransportError("the connection is closed") }
        try await catchUp()
        try await live.send(bytes)
        try await barrier()
    }

    package func receive(timeout: UInt64) async throws -> TransportEvent {
        guard live.client != nil || !queue.isEmpty else { throw ScenarioTransportError("not connected") }
        let deadline = VirtualTime(nanoseconds: clock.now.nanoseconds &+ timeout)
        while true {
            if !queue.isEmpty {
                let event = queue.removeFirst()
                if case .closed = event { await live.close(code: 1000) }
                return event
            }
            let nextTick = VirtualTime(nanoseconds: origin.nanoseconds &+ (ticksRun + 1) * Self.tick)
            guard !serverClosed, nextTick <= deadline else {
                clock.advance(to: deadline)
                return .timeout
            }
            clock.advance(to: nextTick)
            try await runTicks(1)
        }
    }

    package func letRealTimePass(nanoseconds: UInt64) async {
        await live.letRealTimePass(nanoseconds: nanoseconds)
    }

    package func close(code: UInt16) async {
        queue.removeAll()
        await live.close(code: code)
    }

    /// Runs the ticks the clock has passed without the server (after a `sleep`), so a message is
    /// sent at the right game time.
    private func catchUp() async throws {
        guard clock.now > origin else { return }
        let due = (clock.now.nanoseconds - origin.nanoseconds) / Self.tick
        if due > ticksRun { try await runTicks(due - ticksRun) }
    }

    private func runTicks(_ count: UInt64) async throws {
        var remaining = count
        while remaining > 0, !serverClosed {
            let seconds = min(remaining, UInt64(AdvanceCommand.maxSeconds))
            try await live.send(AdvanceCommand(seconds: Int(seconds)).encoded())
            advanceCount += 1
            ticksRun += seconds
            remaining -= seconds
            try await barrier()
        }
    }

    /// Waits until everything the server sent so far is in, and queues it.
    private func barrier() async throws {
        guard let client = live.client else { return }
        do {
            try await client.roundTrip(timeout: roundTripTimeout)
        } catch WebSocketClientError.closed {
            // The close is in the inbox: collected below and handed out in order.
        } catch {
            throw ScenarioTransportError("the server did not answer a ping: \(error)")
        }
        for event in client.takeReceived() {
            let converted = live.transportEvent(event)
            if case .closed = converted { serverClosed = true }
            queue.append(converted)
        }
        if serverClosed { live.client = nil }
    }
}
