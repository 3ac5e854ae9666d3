import NIOCore
import NIOWebSocket
import TapedeckChecks
import TapedeckReplay
import TapedeckWebSocket

/// One connection to `tapedeck serve`: the recorded greeting on connect, the recorded answers to
/// each client message that matches the next recorded one, and the recorded end: a close with its
/// code and reason, or a drop (the TCP connection closed without a close frame). Answers go out in
/// recorded order; with `.recorded` timing each waits for its recorded delay after its trigger (and
/// for the answers before it), with `.fast` none waits. Under `--verify` the shared `ServeVerification` decides the
/// answers and keeps what the client did differently.
final class TapeSessionHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketMessage
    typealias OutboundOut = WebSocketFrame

    /// Who answers the client.
    enum Script {
        /// One recorded connection, played alone.
        case player(RecordedSessionPlayer)
        /// The verified run's next recorded connection (nil: the tape recorded no more).
        case verified(ServeVerification, session: (connection: Int, greeting: [RecordedSessionPlayer.Reply])?)
    }

    private var script: Script
    private let timing: ServeTiming
    private let connection: Int
    private let report: @Sendable (String) -> Void
    /// Answers not sent yet, in order, with the time each is due.
    private var outbox: [(due: NIODeadline, event: RecordedSessionPlayer.Reply.Event)] = []
    private var timer: Scheduled<Void>?
    private var finished = false

    init(script: Script, timing: ServeTiming, connection: Int, report: @escaping @Sendable (String) -> Void) {
        self.script = script
        self.timing = timing
        self.connection = connection
        self.report = report
    }

    func handlerAdded(context: ChannelHandlerContext) {
        switch script {
        case .player(var player):
            report("connection \(connection): opened; sending the recorded session from its start")
            schedule(player.open(), context: context)
            script = .player(player)
        case .verified(_, let session?):
            report("connection \(connection): opened; serving recorded connection \(session.connection)")
            schedule(session.greeting, context: context)
        case .verified(_, nil):
            report("connection \(connection): the tape recorded no more connections; closing")
            finish(context: context, code: 1008, reason: "the recording has no more connections")
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !finished else { return }
        switch (unwrapInboundIn(data), script) {
        case (.binary, _):
            if case .verified(let verification, let session?) = script {
                verification.receiveBinary(on: session.connection)
            }
            report("connection \(connection): a binary frame; closing with 1003")
            finish(context: context, code: 1003, reason: "binary frames are not accepted: send JSON text")
        case (.text(let bytes), .player(var player)):
            switch player.answer(bytes) {
            case .matched(let replies):
                schedule(replies, context: context)
            case .unmatched(let unmatched):
                report("connection \(connection): \(unmatched); not answered")
            }
            script = .player(player)
        case (.text(let bytes), .verified(let verification, let session?)):
            schedule(verification.receive(bytes, on: session.connection), context: context)
        case (.text, .verified(_, nil)):
            break
        }
    }

    private func schedule(_ replies: [RecordedSessionPlayer.Reply], context: ChannelHandlerContext) {
        let now = NIODeadline.now()
        for reply in replies {
            let due = timing == .fast ? now : now + .nanoseconds(Int64(clamping: reply.delay))
            outbox.append((due, reply.event))
        }
        drain(context: context)
    }

    /// Sends every answer that is due, in order, then waits for the next one.
    private func drain(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        var wrote = false
        while !finished, let first = outbox.first, first.due <= .now() {
            outbox.removeFirst()
            switch first.event {
            case .message(let bytes):
                let buffer = context.channel.allocator.buffer(bytes: bytes)
                context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)), promise: nil)
                wrote = true
            case .close(let code, let reason):
                if wrote { context.flush() }
                wrote = false
                report("connection \(connection): the recording closes here with \(code)")
                finish(context: context, code: code, reason: reason)
            case .drop(let reason):
                report("connection \(connection): the recording drops the connection here, without a close frame (\(reason))")
                drop(context: context)
            }
        }
        if wrote { context.flush() }
        if outbox.isEmpty, case .verified(let verification, _?) = script { verification.answered() }
        guard !finished, let next = outbox.first else { return }
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: next.due) { [self] in
            drain(context: loopBound.value)
        }
    }

    private func finish(context: ChannelHandlerContext, code: UInt16, reason: String) {
        finished = true
        timer?.cancel()
        outbox.removeAll()
        // Codes that may not appear in a close frame (1005, 1006: no close frame was recorded) become 1000.
        let sendable = (1000...4999).contains(code) && ![1004, 1005, 1006, 1015].contains(code) ? code : 1000
        context.triggerUserOutboundEvent(WebSocketCloseRequest(code: sendable, reason: reason), promise: nil)
    }

    /// Ends the connection as the recorded one ended: TCP closed without a close frame (what was
    /// written is flushed first).
    private func drop(context: ChannelHandlerContext) {
        finished = true
        timer?.cancel()
        outbox.removeAll()
        context.flush()
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        finished = true
        timer?.cancel()
        report("connection \(connection): closed")
        if case .verified(let verification, _) = script { verification.closed() }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        finished = true
        timer?.cancel()
        context.close(promise: nil)
    }
}

@available(*, unavailable)
extension TapeSessionHandler: Sendable {}
