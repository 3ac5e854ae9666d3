import NIOCore
import NIOHTTP1
import NIOPosix
import NIOWebSocket
import TapedeckCore
import TapedeckTape
import TapedeckWebSocket

/// One proxied session: the app's channel, the upstream channel (on the same event loop), and
/// the tape. Checks each frame, forwards it unchanged (re-masked towards the server), records
/// it, and runs the closing handshake across both sides.
///
/// `@unchecked Sendable`: all mutable state is touched only on `eventLoop` (both channels live
/// there, and other threads hop onto it with `eventLoop.execute`), which is why the class may be
/// shared with the loop's callbacks. The entry points that change state check it in debug builds
/// (`assertInEventLoop`, nothing in a release build).
final class ProxyConnection: @unchecked Sendable {
    let id: UInt32
    let eventLoop: EventLoop
    let context: ProxyContext
    let clientAddress: String?
    /// The app's IP address without its port, the default session key.
    let clientIP: String?
    /// Where this session goes: `--upstream` in reverse mode, the intercepted host in forward mode.
    let upstream: UpstreamURL
    /// Monotonic time of the accept: tape time 0 of a tape this connection starts.
    let start: UInt64
    let wallStart: (rfc3339: String, compact: String)
    private(set) var recorder: OffLoopTapeWriter?
    private(set) var refusal: UpstreamRefusal?
    /// Why the app's own upgrade request was refused before going upstream (answered 400).
    private(set) var badRequest: String?

    /// What the session is in and what to do next: every decision is the machine's.
    private var machine: RelayStateMachine
    /// Each side's channel, relay handler, last close write and grace timer.
    private var sides = RelayChannels()
    /// Frames for the app that came before its side finished its upgrade.
    private var early: [WebSocketFrame] = []
    /// The records of those frames: they go on the tape after the connection's `open`, in order,
    /// as the app receives them (a server that speaks first, a returning player's resync).
    private var earlyRecords: [RelayRecord] = []
    private var openRecorded = false
    /// The tape is behind: neither side is read until it catches up.
    private var recordingPaused = false

    init(id: UInt32, eventLoop: EventLoop, context: ProxyContext, upstream: UpstreamURL, client: SocketAddress?) {
        self.id = id
        self.eventLoop = eventLoop
        self.context = context
        self.upstream = upstream
        clientAddress = client.map(RecordingProxy.hostPort)
        clientIP = client?.ipAddress
        machine = RelayStateMachine(
            maxMessageBytes: context.configuration.maxMessageBytes,
            closeGraceSeconds: context.configuration.closeGraceSeconds)
        start = MonotonicClock.now()
        let now = WallClock.nowMilliseconds()
        wallStart = (RFC3339.string(milliseconds: now), RFC3339.compactString(milliseconds: now))
    }

    // MARK: handshake

    /// Called by the server upgrader with the app's upgrade request: connects upstream, forwards
    /// the request, and answers with the headers for the app's 101 (nil when upstream refused).
    func upgrade(request: HTTPRequestHead, clientChannel: Channel) -> EventLoopFuture<HTTPHeaders?> {
        eventLoop.assertInEventLoop()
        guard WebSocketPipeline.hasValidKey(request) else {
            // NIO only checks that the header is there; nothing goes upstream and no tape is made.
            badRequest = "Sec-WebSocket-Key must be one header holding the base64 encoding of 16 random bytes (RFC 6455 4.1)"
            return eventLoop.makeSucceededFuture(nil)
        }
        sides[.client].channel = clientChannel
        context.registry.add(self)
        clientChannel.closeFuture.whenComplete { _ in
            // Before its relay handler exists the app's channel reports its end here.
            if self.sides[.client].handler == nil { self.inactive(.client) }
        }
        let configuration = context.configuration
        let upstream = self.upstream
        let target = upstream.requestTarget(forClientTarget: request.uri)
        var forwarded = HTTPHeaders()
        forwarded.add(name: "Host", value: upstream.authority)
        for header in request.headers where !Self.hopByHopRequestHeaders.contains(header.name.lowercased()) {
            forwarded.add(name: header.name, value: header.value)
        }
        let head = HTTPRequestHead(version: .http1_1, method: .GET, uri: target, headers: forwarded)
        let response = eventLoop.makePromise(of: HTTPResponseHead.self)
        let timeout = eventLoop.scheduleTask(in: .seconds(configuration.upstreamTimeoutSeconds)) {
            response.fail(UpstreamRefusal.failed("no upgrade from \(upstream) within \(configuration.upstreamTimeoutSeconds) s"))
        }
        let bootstrap = ClientBootstrap(group: eventLoop)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connectTimeout(.seconds(configuration.upstreamTimeoutSeconds))
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try self.configureUpstream(channel, head: head, response: response)
                }
            }
        bootstrap.connect(to: upstream).whenComplete { result in
            switch result {
            case .success(let channel):
                // The app may have gone while this connect was under way.
                if self.machine.isFinished { channel.close(promise: nil) }
                self.sides[.server].channel = channel
                channel.closeFuture.whenComplete { _ in
                    response.fail(UpstreamRefusal.failed("\(upstream) closed the connection during the upgrade"))
                }
            case .failure(let error):
                response.fail(UpstreamRefusal.failed("cannot connect to \(upstream): \(ConnectFailure.describe(error))"))
            }
        }
        return response.futureResult.map { upstreamResponse -> HTTPHeaders? in
            timeout.cancel()
            self.openTape(request: request, response: upstreamResponse)
            var headers = HTTPHeaders()
            for header in upstreamResponse.headers where !Self.hopByHopResponseHeaders.contains(header.name.lowercased()) {
                headers.add(name: header.name, value: header.value)
            }
            return headers
        }.recover { error in
            timeout.cancel()
            let refusal = (error as? UpstreamRefusal) ?? .failed("\(error)")
            self.refusal = refusal
            self.openTape(request: request, response: refusal.response)
            self.perform(self.machine.upgradeRefused("\(refusal)", status: refusal.response.map { UInt16($0.status.code) }))
            return nil
        }
    }

    /// Headers the proxy does not copy to the upstream request: the upgrade handshake's own (NIO
    /// makes fresh ones), and permessage-deflate, which the proxy strips so both sides speak
    /// uncompressed frames and the recorded bytes are the messages themselves.
    static let hopByHopRequestHeaders: Set<String> = [
        "host", "connection", "upgrade", "sec-websocket-key", "sec-websocket-version", "sec-websocket-extensions",
        "content-length", "transfer-encoding", "keep-alive", "te", "trailer", "proxy-connection",
    ]
    static let hopByHopResponseHeaders: Set<String> = [
        "connection", "upgrade", "sec-websocket-accept", "sec-websocket-extensions", "content-length",
        "transfer-encoding", "keep-alive",
    ]

    private func configureUpstream(
        _ channel: Channel, head: HTTPRequestHead,
        response: EventLoopPromise<HTTPResponseHead>
    ) throws {
        let requester = UpstreamRequestHandler(head: head, response: response)
        try WebSocketPipeline.configureClientUpgrade(
            channel, host: upstream.host, tls: upstream.secure ? context.upstreamTLS : nil,
            maxFrameSize: context.configuration.maxMessageBytes, requester: requester
        ) { channel, upstreamResponse in
            // Resolve first: the tape must exist before the first server frame arrives.
            response.succeed(upstreamResponse)
            try channel.pipeline.syncOperations.addHandler(FrameRelayHandler(side: .server, connection: self))
        }
    }

    /// The URL the session went to: the upstream's own path, or the app's (without its query,
    /// which may hold a token) when the upstream names none, as in forward mode.
    private func upstreamURL(for request: HTTPRequestHead) -> String {
        upstream.path == nil ? upstream.description + WebSocketPipeline.path(of: request.uri) : upstream.description
    }

    func openTape(request: HTTPRequestHead, response: HTTPResponseHead?) {
        eventLoop.assertInEventLoop()
        guard recorder == nil, !machine.isFinished else { return }
        let configuration = context.configuration
        var labels = configuration.labels
        if let version = request.headers.first(name: "X-App-Version") ?? request.headers.first(name: "User-Agent") {
            labels["appVersion"] = version
        }
        let metadata = TapeMetadata(
            created: wallStart.rfc3339, tool: configuration.tool, upstreamURL: upstreamURL(for: request),
            listenAddress: context.listenAddress, clientAddress: clientAddress, labels: labels,
            requestTarget: request.uri,
            requestHeaders: request.headers.map { TapeMetadata.HeaderField($0.name, $0.value) },
            responseStatus: response.map { Int($0.status.code) },
            responseHeaders: response?.headers.map { TapeMetadata.HeaderField($0.name, $0.value) } ?? [])
        // A session's later connections go into its tape, whose header is its first connection's.
        let recorder = context.recorder(for: self, request: request, upstreamURL: upstreamURL(for: request), metadata: metadata)
        self.recorder = recorder
        // Every connection's own handshake, the first's too, so a session tape tells who each was
        // (redacted with the tape's key, as the header is).
        var own = metadata
        own.labels = labels.filter { $0.key == "appVersion" }
        recorder.append(RelayRecord(.note, .handshake, payload: TapeMetadataJSON.encode(own)), connection: id)
    }

    // MARK: events, handed to the machine

    /// A relay handler was added: the server's when upstream upgraded, the app's after its 101.
    func attach(_ handler: FrameRelayHandler) {
        eventLoop.assertInEventLoop()
        sides[handler.side].handler = handler
        perform(machine.attached(handler.side))
        // Upgraded after the session had ended: closed above, not kept (it points back here).
        if machine.isFinished { sides[handler.side].handler = nil }
    }

    /// Whether `side` may read: the other side can take writes and the tape keeps up.
    func mayRead(_ side: RelaySide) -> Bool {
        guard let other = sides[side.other].handler else { return false }
        return !recordingPaused && (other.isWritable || machine[side.other].hasEnded)
    }

    func writable(_ side: RelaySide) {
        sides[side.other].handler?.resumeReading()
    }

    /// The tape caught up: read again on both sides.
    func recordingResumed() {
        eventLoop.assertInEventLoop()
        recordingPaused = false
        sides[.client].handler?.resumeReading()
        sides[.server].handler?.resumeReading()
    }

    func received(_ frame: WebSocketFrame, from side: RelaySide) {
        eventLoop.assertInEventLoop()
        // The payload's copy for the record, which the machine also checks; an app's frame is
        // unmasked while it is copied (and the buffer forwarded to the server made from it).
        let payload: [UInt8]
        let data: ByteBuffer
        if frame.maskKey == nil {
            data = frame.data
            payload = data.withUnsafeReadableBytes { Array($0) }
        } else {
            (payload, data) = FramePayload.unmasked(frame)
        }
        switch machine.received(FrameHeader(frame), payload: payload, from: side) {
        case .relay(let from, let record):
            forward(frame, data: data, from: from)
            if let record { self.record(record) }
        case .actions(let actions):
            perform(actions, frame: (frame, data))
        }
    }

    func readComplete(from side: RelaySide) {
        sides[side.other].handler?.flushIfNeeded()
    }

    func failed(_ side: RelaySide, error: Error) {
        let failure: RelayChannelError
        if case ByteToMessageDecoderError.dataReceivedInErrorState = error {
            failure = .afterBadFrame("\(error)")
        } else if let error = error as? NIOWebSocketError {
            failure = .decode(FrameDecodeError(error))
        } else {
            failure = .other("\(error)")
        }
        perform(machine.failed(side, failure))
    }

    func inactive(_ side: RelaySide) {
        perform(machine.inactive(side))
    }

    /// Sends 1001 to both sides (proxy shutting down) and lets them answer within the grace period.
    func shutDown() {
        perform(machine.shutDown())
    }

    /// Shutdown's last resort after the grace period: drop both channels.
    func forceClose() {
        perform(machine.forceClose())
    }

    /// The tape cannot be written (a full disk, a removed folder): the session is closed.
    func recordingFailed(_ reason: String) {
        perform(machine.recordingFailed(reason))
    }

    // MARK: actions, carried out

    /// Carries out the machine's actions in order; `frame` is the frame the event was about.
    private func perform(_ actions: [RelayAction], frame: (WebSocketFrame, ByteBuffer)? = nil) {
        eventLoop.assertInEventLoop()
        for action in actions {
            switch action {
            case .forward(let side):
                guard let (frame, data) = frame else { continue }
                forward(frame, data: data, from: side)
            case .record(let record):
                self.record(record)
            case .sendClose(let side, let code, let reason):
                sendClose(to: side, code: code, reason: reason)
            case .closeChannel(let side):
                if let handler = sides[side].handler { handler.close() } else { sides[side].channel?.close(promise: nil) }
            case .closeAfterWrites(let side):
                closeAfterWrites(side)
            case .startGraceTimer(let side):
                sides[side].graceTimer = eventLoop.scheduleTask(in: .seconds(machine.closeGraceSeconds)) {
                    self.perform(self.machine.graceTimerFired(side))
                }
            case .cancelGraceTimer(let side):
                sides[side].graceTimer?.cancel()
            case .deliverHeldFrames:
                guard let handler = sides[.client].handler else { continue }
                for frame in early { handler.send(frame) }
                early = []
                handler.flushIfNeeded()
            case .resumeReading(let side):
                sides[side].handler?.resumeReading()
            case .finish:
                finish()
            }
        }
    }

    /// Writes `frame` to the other side: masked with a fresh key towards the server (by its
    /// `ClientFrameEncoder`), never towards the app; held back while the app's upgrade is under
    /// way. A close frame is flushed at once and its write kept, so the channel closes only after
    /// it is out.
    private func forward(_ frame: WebSocketFrame, data: ByteBuffer, from side: RelaySide) {
        guard side == .client else {
            // A server's frame is passed on as it came (the machine refused it if it was masked or
            // had reserved bits): no new frame, whose storage NIO allocates.
            write(frame, to: .client)
            return
        }
        write(WebSocketFrame(fin: frame.fin, opcode: frame.opcode, data: data), to: .server)
    }

    private func sendClose(to side: RelaySide, code: UInt16, reason: String) {
        write(.close(payload: WebSocketPeerMachine.closePayload(code: code, reason: reason), masked: side == .server), to: side)
    }

    private func write(_ frame: WebSocketFrame, to side: RelaySide) {
        let isClose = frame.opcode == .connectionClose
        guard let handler = sides[side].handler else {
            if side == .client { early.append(frame) }
            return
        }
        guard isClose else {
            handler.send(frame)
            return
        }
        let promise = eventLoop.makePromise(of: Void.self)
        sides[side].closeWrite = promise.futureResult
        handler.send(frame, promise: promise)
        handler.flushIfNeeded()
    }

    private func closeAfterWrites(_ side: RelaySide) {
        guard let handler = sides[side].handler else { return }
        handler.flushIfNeeded()
        if let write = sides[side].closeWrite {
            write.whenComplete { _ in self.sides[side].handler?.close() }
        } else {
            handler.close()
        }
    }

    private func finish() {
        sides[.client].graceTimer?.cancel()
        sides[.server].graceTimer?.cancel()
        context.registry.remove(self)
        // Never opened (the app went during its upgrade): what the server sent is kept all the same.
        for held in earlyRecords { recorder?.append(held, connection: id) }
        earlyRecords = []
        if let recorder { context.connectionEnded(self, tape: recorder) }
        // The relay handlers and the recorder point back at this connection: let go of them (and
        // of the channels) so the finished session is freed, not kept alive by the cycle.
        recorder = nil
        sides = RelayChannels()
        early = []
    }

    // MARK: recording

    private func record(_ record: RelayRecord) {
        if !openRecorded {
            if record.direction == .s2c {
                earlyRecords.append(record)
                return
            }
            if record.kind == .open {
                openRecorded = true
                append(record)
                for held in earlyRecords { append(held) }
                earlyRecords = []
                return
            }
        }
        append(record)
    }

    private func append(_ record: RelayRecord) {
        if recorder?.append(record, connection: id) == true { recordingPaused = true }
    }
}

/// Why the upstream handshake did not give a WebSocket.
enum UpstreamRefusal: Error, CustomStringConvertible {
    /// The server answered with a status other than 101.
    case refused(HTTPResponseHead, body: [UInt8])
    case failed(String)

    var response: HTTPResponseHead? {
        if case .refused(let head, _) = self { head } else { nil }
    }

    var description: String {
        switch self {
        case .refused(let head, _): "upstream answered \(head.status.code) \(head.status.reasonPhrase)"
        case .failed(let reason): reason
        }
    }
}
