import TapedeckState

@testable import TapedeckScenario

/// Runs a scenario against an `InProcessServer` in virtual time: answers are delivered at once,
/// the server's own pushes at their times, and waiting only moves the clock.
package final class InProcessTransport: ScenarioTransport {
    package let clock: VirtualScenarioClock
    private let server: any InProcessServer
    private var queue = DeliveryQueue()
    private var isOpen = false
    private var isClosedByServer = false
    /// The URL, headers and subprotocol of each connect, for tests.
    package private(set) var connections: [(url: String, headers: [(name: String, value: String)], subprotocol: String?)] = []

    package init(server: any InProcessServer, clock: VirtualScenarioClock) {
        self.server = server
        self.clock = clock
    }

    /// A transport over a plain function from client message bytes to server message bytes.
    package convenience init(clock: VirtualScenarioClock, greeting: [[UInt8]] = [], handler: @escaping ClosureServer.Handler) {
        self.init(server: ClosureServer(greeting: greeting, handler: handler), clock: clock)
    }

    package func connect(url: String, headers: [(name: String, value: String)], subprotocol: String?) async throws {
        connections.append((url, headers, subprotocol))
        queue.removeAll()
        isOpen = true
        isClosedByServer = false
        deliver(server.open(at: clock.now))
    }

    package func send(_ bytes: [UInt8]) async throws {
        guard isOpen, !isClosedByServer else { throw ScenarioTransportError("the connection is closed") }
        deliver(server.receive(bytes, at: clock.now))
    }

    private func deliver(_ messages: [[UInt8]]) {
        for message in messages { queue.schedule(.message(message), at: clock.now) }
        if let close = server.closeRequest, !isClosedByServer {
            isClosedByServer = true
            queue.schedule(.closed(code: close.code, reason: close.reason), at: clock.now)
        }
    }

    package func receive(timeout: UInt64) async throws -> TransportEvent {
        guard isOpen else { throw ScenarioTransportError("not connected") }
        let deadline = VirtualTime(nanoseconds: clock.now.nanoseconds &+ timeout)
        while true {
            if let event = queue.popDue(at: clock.now) {
                if case .closed = event { isOpen = false }
                return event
            }
            // The earlier of the next queued event and the server's next push, if before the deadline.
            let push =
                isClosedByServer
                ? nil : server.nextPush(after: clock.now).map { max($0, VirtualTime(nanoseconds: clock.now.nanoseconds + 1)) }
            let next = [queue.nextDue, push].compactMap { $0 }.min()
            guard let next, next <= deadline else {
                clock.advance(to: deadline)
                return .timeout
            }
            clock.advance(to: next)
            if let push, push == next { deliver(server.push(at: next)) }
        }
    }

    package func close(code: UInt16) async {
        isOpen = false
        queue.removeAll()
    }
}
