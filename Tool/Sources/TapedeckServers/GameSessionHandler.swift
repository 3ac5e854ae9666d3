import NIOCore
import NIOWebSocket
import TapedeckGame
import TapedeckProtocol
import TapedeckWebSocket

/// One client's game over an upgraded WebSocket: decodes text messages, runs them through the
/// client's `GameSimulation`, sends the answers (with the configured faults), and ticks the clock.
/// A returning player's game (`PlayerGames`) starts by sending where it was left (`resume`), and
/// goes back to `onEnd` when the connection ends.
final class GameSessionHandler: ChannelInboundHandler {
    typealias InboundIn = WebSocketMessage
    typealias OutboundOut = WebSocketFrame

    private var game: GameSimulation
    private let clock: ClockMode
    private let faults: FaultPlan
    /// Server messages sent so far (malformed extras not counted).
    private var sent = 0
    /// Set once the session closes or drops the connection: nothing more is sent.
    private var finished = false
    private var ticker: Scheduled<Void>?
    private var nextTick: NIODeadline = .now()
    /// Messages waiting for their `--delay`, oldest first.
    private var delayed: [[UInt8]] = []

    private let onEnd: (@Sendable (GameSimulation) -> Void)?
    /// Why the connection is closed at once (1008), when it is.
    private let refusal: String?

    init(
        game: GameSimulation, clock: ClockMode, faults: FaultPlan, refusal: String? = nil,
        onEnd: (@Sendable (GameSimulation) -> Void)? = nil
    ) {
        self.game = game
        self.clock = clock
        self.faults = faults
        self.refusal = refusal
        self.onEnd = onEnd
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if let refusal {
            finished = true
            context.triggerUserOutboundEvent(WebSocketCloseRequest(code: 1008, reason: refusal), promise: nil)
            return
        }
        emit(game.resume(), context: context)
        guard clock == .wall else { return }
        nextTick = .now() + .milliseconds(Int64(GameRules.tickMilliseconds))
        scheduleTick(context: context)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        ticker?.cancel()
        ticker = nil
        end()
    }

    func channelInactive(context: ChannelHandlerContext) {
        finished = true
        ticker?.cancel()
        end()
        context.fireChannelInactive()
    }

    /// The app's close frame: the game goes back to its player before the close is answered, so
    /// an app that reconnects once its close is answered finds it there.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is WebSocketPeerClosed {
            finished = true
            ticker?.cancel()
            end()
        }
        context.fireUserInboundEventTriggered(event)
    }

    private var ended = false

    /// Once: the game goes back to its player.
    private func end() {
        guard !ended, refusal == nil else { return }
        ended = true
        onEnd?(game)
    }

    private func scheduleTick(context: ChannelHandlerContext) {
        let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
        ticker = context.eventLoop.assumeIsolated().scheduleTask(deadline: nextTick) { [self] in
            let context = loopBound.value
            guard !finished else { return }
            // Deadlines advance by whole ticks, so a late tick does not shift the ones after it.
            nextTick = nextTick + .milliseconds(Int64(GameRules.tickMilliseconds))
            emit(game.tick(), context: context)
            scheduleTick(context: context)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !finished else { return }
        switch unwrapInboundIn(data) {
        case .binary:
            finished = true
            ticker?.cancel()
            context.triggerUserOutboundEvent(
                WebSocketCloseRequest(code: 1003, reason: "binary frames are not accepted: send JSON text"),
                promise: nil)
        case .text(let bytes):
            receive(bytes, context: context)
        }
    }

    private func receive(_ bytes: [UInt8], context: ChannelHandlerContext) {
        let message: ClientMessage
        do {
            message = try ClientMessage.decode(bytes)
        } catch {
            emit([.error(ServerError(kind: .messageParsingFailed, message: Self.describe(error)))], context: context)
            return
        }
        if case .unknown(let type, let raw) = message, type == AdvanceCommand.type {
            advance(raw, context: context)
        } else {
            let answers = game.handle(message)
            if faults.drops(onClientMessage: message.type) {
                // Applied, never answered: the answer is lost with the connection.
                drop(context: context)
                return
            }
            emit(answers, context: context)
        }
    }

    private func drop(context: ChannelHandlerContext) {
        finished = true
        ticker?.cancel()
        context.flush()
        context.close(promise: nil)
    }

    private func advance(_ raw: [UInt8], context: ChannelHandlerContext) {
        guard clock == .virtual else {
            emit(
                [
                    .error(
                        ServerError(
                            kind: .serverError,
                            message: "advance needs a server started with --clock virtual"))
                ], context: context)
            return
        }
        switch AdvanceCommand.parse(raw) {
        case .failure(let error):
            emit([.error(ServerError(kind: .messageParsingFailed, message: error.text))], context: context)
        case .success(let command):
            var messages: [ServerMessage] = []
            for _ in 0..<command.seconds {
                messages += game.tick()
            }
            emit(messages, context: context)
        }
    }

    /// "cannot read the message: message.speed: expected integer, found string at byte 35" (the
    /// field path, when there is one, then `ProtocolError`'s own words with the byte offset).
    static func describe(_ error: ProtocolError) -> String {
        "cannot read the message: \(error)"
    }

    private func emit(_ messages: [ServerMessage], context: ChannelHandlerContext) {
        guard !messages.isEmpty else { return }
        if faults.delayMilliseconds > 0 {
            for message in messages {
                delayed.append(message.encoded())
                let loopBound = NIOLoopBound(context, eventLoop: context.eventLoop)
                context.eventLoop.assumeIsolated().scheduleTask(
                    in: .milliseconds(Int64(faults.delayMilliseconds))
                ) { [self] in
                    // A closed session's context must not be used any more.
                    guard !finished, !delayed.isEmpty else { return }
                    write(delayed.removeFirst(), context: loopBound.value)
                    loopBound.value.flush()
                }
            }
            return
        }
        for message in messages where !finished {
            write(message.encoded(), context: context)
        }
        context.flush()
    }

    private func write(_ bytes: [UInt8], context: ChannelHandlerContext) {
        guard !finished else { return }
        sendFrame(bytes, context: context)
        sent += 1
        for action in faults.actions(afterMessage: sent) {
            switch action {
            case .sendMalformed:
                sendFrame(FaultPlan.malformed(bytes), context: context)
            case .close(let code):
                finished = true
                ticker?.cancel()
                context.flush()
                context.triggerUserOutboundEvent(
                    WebSocketCloseRequest(code: code, reason: "--close-after \(sent)"), promise: nil)
            case .drop:
                drop(context: context)
            }
        }
    }

    private func sendFrame(_ bytes: [UInt8], context: ChannelHandlerContext) {
        let buffer = context.channel.allocator.buffer(bytes: bytes)
        context.write(wrapOutboundOut(WebSocketFrame(fin: true, opcode: .text, data: buffer)), promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // Protocol errors were answered by the aggregator with a close frame; anything else ends only this session.
        finished = true
        ticker?.cancel()
        context.close(promise: nil)
    }
}

@available(*, unavailable)
extension GameSessionHandler: Sendable {}
