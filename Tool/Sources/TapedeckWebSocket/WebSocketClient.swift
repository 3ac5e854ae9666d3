import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL
import NIOWebSocket

/// A small WebSocket client on SwiftNIO for tests and the scenario runner. Every wait has a
/// timeout, so a silent server fails a call instead of hanging it.
package final class WebSocketClient: Sendable {
    /// What `receive` hands out.
    package enum Event: Sendable, Equatable {
        case message(WebSocketMessage)
        /// The server closed the connection; `code` is from its close frame (nil: no close frame).
        case closed(code: UInt16?)
    }

    package let channel: Channel
    package let inbox: Inbox
    package let pongs: PongWaiters
    private let pingCount = NIOLockedValueBox<UInt64>(0)

    package init(channel: Channel, inbox: Inbox, pongs: PongWaiters) {
        self.channel = channel
        self.inbox = inbox
        self.pongs = pongs
    }

    /// Connects and upgrades to WebSocket on `path` (e.g. "/wss/", a query may follow), sending
    /// `headers` and, when given, `Sec-WebSocket-Protocol: subprotocol` with the upgrade request.
    package static func connect(
        host: String, port: Int, path: String = "/wss/", tls: NIOSSLContext? = nil,
        headers: [(name: String, value: String)] = [], subprotocol: String? = nil,
        maxMessageBytes: Int = 1 << 24, timeout: TimeAmount = .seconds(10),
        group: EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) async throws -> WebSocketClient {
        let eventLoop = group.next()
        let upgraded = eventLoop.makePromise(of: Void.self)
        let inbox = Inbox()
        let pongs = PongWaiters()
        let timeoutTask = eventLoop.scheduleTask(in: timeout) {
            upgraded.fail(WebSocketClientError.timedOut(what: "the WebSocket upgrade", seconds: seconds(timeout)))
        }
        let bootstrap = ClientBootstrap(group: eventLoop)
            .connectTimeout(timeout)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try WebSocketPipeline.configureClient(
                        channel, host: host, port: port, path: path, maxMessageBytes: maxMessageBytes, tls: tls,
                        headers: headers, subprotocol: subprotocol,
                        upgradeFailed: { upgraded.fail($0) },
                        makeHandler: { _ in
                            upgraded.succeed(())
                            return InboxHandler(inbox: inbox, pongs: pongs)
                        })
                }
            }
        let channel = try await bootstrap.connect(host: host, port: port).get()
        channel.closeFuture.whenComplete { _ in
            upgraded.fail(WebSocketClientError.closed(code: nil))
        }
        do {
            try await upgraded.futureResult.get()
            timeoutTask.cancel()
        } catch {
            timeoutTask.cancel()
            try? await channel.close()
            throw error
        }
        return WebSocketClient(channel: channel, inbox: inbox, pongs: pongs)
    }

    /// Sends one text message (a single frame).
    package func send(text bytes: [UInt8]) async throws {
        try await send(frame: .text, bytes)
    }

    package func send(text: String) async throws {
        try await send(text: Array(text.utf8))
    }

    /// Sends several text messages, one frame each, in order with a single flush (a burst).
    package func send(texts: [[UInt8]]) async throws {
        guard let last = texts.last else { return }
        for bytes in texts.dropLast() {
            channel.write(
                WebSocketFrame(fin: true, opcode: .text, data: channel.allocator.buffer(bytes: bytes)),
                promise: nil)
        }
        try await send(text: last)
    }

    /// Sends one data frame as it is: `.binary`, or `.text` / `.continuation` with `fin` false to
    /// fragment a message by hand.
    package func send(frame opcode: WebSocketOpcode, _ bytes: [UInt8], fin: Bool = true) async throws {
        let buffer = channel.allocator.buffer(bytes: bytes)
        let frame = WebSocketFrame(fin: fin, opcode: opcode, data: buffer)
        do {
            try await channel.writeAndFlush(frame)
        } catch {
            // Once the server closed (1009 for a message too big...), its code says why, not the socket error.
            if let code = inbox.peerCloseCode { throw WebSocketClientError.closed(code: code) }
            throw error
        }
    }

    /// The next message or the close, waiting at most `timeout`.
    package func receive(timeout: TimeAmount = .seconds(10)) async throws -> Event {
        try await inbox.next(on: channel.eventLoop, timeout: timeout)
    }

    /// Everything received and not yet taken by `receive`, without waiting.
    package func takeReceived() -> [Event] {
        inbox.takeAll()
    }

    /// Sends a ping and waits (at most `timeout`) for its pong. The peer answers frames in order,
    /// so when this returns, every message it sent before reading the ping is in the inbox: a
    /// barrier after a request whose answers have no known count.
    package func roundTrip(timeout: TimeAmount = .seconds(10)) async throws {
        let number = pingCount.withLockedValue { count in
            count += 1
            return count
        }
        let payload = withUnsafeBytes(of: number.bigEndian) { Array($0) }
        try await pongs.wait(for: payload, on: channel.eventLoop, timeout: timeout) {
            try await self.send(frame: .ping, payload)
        }
    }

    /// Closes with a close frame and waits (bounded) for the connection to end.
    package func close(code: UInt16 = 1000, timeout: TimeAmount = .seconds(5)) async {
        channel.pipeline.triggerUserOutboundEvent(WebSocketCloseRequest(code: code), promise: nil)
        let closed = channel.closeFuture
        let deadline = channel.eventLoop.scheduleTask(in: timeout) { [channel] in channel.close(promise: nil) }
        try? await closed.get()
        deadline.cancel()
    }
}

package func seconds(_ amount: TimeAmount) -> Double {
    Double(amount.nanoseconds) / 1_000_000_000
}

extension WebSocketClient {
    /// Received events in order, and the callers waiting for them.
    package final class Inbox: Sendable {
        private struct State {
            package var events: [Event] = []
            package var waiters: [Waiter] = []
            package var nextWaiter = 0
            package var finished: Event?
        }

        private struct Waiter {
            package var id: Int
            package var continuation: CheckedContinuation<Event, Error>
            /// The timeout, cancelled when an event arrives first.
            package var timer: Scheduled<Void>?
        }

        private let state = NIOLockedValueBox(State())
        private let peerClose = NIOLockedValueBox<UInt16?>(nil)

        /// The code of the close frame the peer sent, once one came.
        package var peerCloseCode: UInt16? {
            get { peerClose.withLockedValue { $0 } }
            set { peerClose.withLockedValue { $0 = newValue } }
        }

        package func deliver(_ event: Event) {
            let waiter: Waiter? = state.withLockedValue { state in
                if state.finished != nil { return nil }
                if case .closed = event { state.finished = event }
                if state.waiters.isEmpty {
                    state.events.append(event)
                    return nil
                }
                return state.waiters.removeFirst()
            }
            waiter?.timer?.cancel()
            waiter?.continuation.resume(returning: event)
            if case .closed = event {
                // Everyone still waiting learns about the close too.
                let rest = state.withLockedValue { state in
                    defer { state.waiters = [] }
                    return state.waiters
                }
                for waiter in rest {
                    waiter.timer?.cancel()
                    waiter.continuation.resume(returning: event)
                }
            }
        }

        package func takeAll() -> [Event] {
            state.withLockedValue { state in
                defer { state.events.removeAll() }
                return state.events
            }
        }

        package func next(on eventLoop: EventLoop, timeout: TimeAmount) async throws -> Event {
            try await withCheckedThrowingContinuation { continuation in
                let id: Int? = state.withLockedValue { state in
                    if !state.events.isEmpty {
                        continuation.resume(returning: state.events.removeFirst())
                        return nil
                    }
                    if let finished = state.finished {
                        continuation.resume(returning: finished)
                        return nil
                    }
                    let id = state.nextWaiter
                    state.nextWaiter += 1
                    state.waiters.append(Waiter(id: id, continuation: continuation))
                    return id
                }
                guard let id else { return }
                let timer = eventLoop.scheduleTask(in: timeout) {
                    let expired = self.state.withLockedValue { state in
                        state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0).continuation }
                    }
                    expired?.resume(throwing: WebSocketClientError.timedOut(what: "a message", seconds: seconds(timeout)))
                }
                // Keep the timer with its waiter, unless an event already took the waiter.
                let stillWaiting = state.withLockedValue { state in
                    guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return false }
                    state.waiters[index].timer = timer
                    return true
                }
                if !stillWaiting { timer.cancel() }
            }
        }
    }

    /// The last handler of a client channel: feeds the inbox.
    package final class InboxHandler: ChannelInboundHandler {
        package typealias InboundIn = WebSocketMessage

        private let inbox: Inbox
        private let pongs: PongWaiters
        private var closeCode: UInt16?

        package init(inbox: Inbox, pongs: PongWaiters) {
            self.inbox = inbox
            self.pongs = pongs
        }

        package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            inbox.deliver(.message(unwrapInboundIn(data)))
        }

        package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if let closed = event as? WebSocketPeerClosed {
                closeCode = closed.code
                inbox.peerCloseCode = closed.code
            } else if let pong = event as? WebSocketPongReceived {
                pongs.received(pong.payload)
            }
            context.fireUserInboundEventTriggered(event)
        }

        package func channelInactive(context: ChannelHandlerContext) {
            inbox.deliver(.closed(code: closeCode))
            pongs.connectionClosed(code: closeCode)
            context.fireChannelInactive()
        }

        package func errorCaught(context: ChannelHandlerContext, error: Error) {
            context.close(promise: nil)
        }
    }
}
