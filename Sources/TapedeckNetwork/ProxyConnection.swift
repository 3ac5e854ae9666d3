import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import NIOWebSocket
import TapedeckTape
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One proxied session: the app's channel, the upstream channel (on the same event loop), and
/// the tape. Checks each frame, forwards it unchanged (re-masked towards the server), records
/// it, and runs the closing handshake across both sides.
///
/// All mutable state is touched only on `eventLoop` (both channels live there), which is why the
/// class may be shared with the loop's callbacks.
final class ProxyConnection: @unchecked Sendable {
    let id: UInt32
    let eventLoop: EventLoop
    let context: ProxyContext
    let clientAddress: String?
    /// Monotonic time of the accept: tape time 0.
    let start: UInt64
    let wallStart: (rfc3339: String, compact: String)
    private(set) var recorder: TapeRecorder?
    private(set) var refusal: UpstreamRefusal?
    /// Why the app's own upgrade request was refused before going upstream (answered 400).
    private(set) var badRequest: String?

    private var handlers: [FrameRelayHandler?] = [nil, nil]
    private var clientChannel: Channel?
    private var upstreamChannel: Channel?
    /// Server frames that arrived before the app's side finished its upgrade.
    private var early: [WebSocketFrame] = []
    private var closeReceived = [false, false]
    private var closeSent = [false, false]
    private var closeWrite: [EventLoopFuture<Void>?] = [nil, nil]
    private var isInactive = [false, false]
    private var stopped = [false, false]
    private var fragments: [[UInt8]] = [[], []]
    private var fragmentOpcode: [WebSocketOpcode?] = [nil, nil]
    private var fragmentCount = [0, 0]
    /// The text message each side is sending, checked as its frames pass (invalid UTF-8: 1007).
    private var text = [UTF8Validator(), UTF8Validator()]
    private var recordingPaused = false
    /// Why the tape cannot be written, once it cannot: the session is then closed, not relayed unrecorded.
    private var recordingFailure: String?
    private var graceTimers: [Scheduled<Void>?] = [nil, nil]
    private var finished = false

    init(id: UInt32, eventLoop: EventLoop, context: ProxyContext, clientAddress: String?) {
        self.id = id; self.eventLoop = eventLoop; self.context = context; self.clientAddress = clientAddress
        start = ProxyClock.now()
        wallStart = ProxyClock.wallTime()
    }

    // MARK: handshake

    /// Called by the server upgrader with the app's upgrade request: connects upstream, forwards
    /// the request, and answers with the headers for the app's 101 (nil when upstream refused).
    func upgrade(request: HTTPRequestHead, clientChannel: Channel) -> EventLoopFuture<HTTPHeaders?> {
        guard WebSocketPipeline.hasValidKey(request) else {
            // NIO only checks that the header is there; nothing goes upstream and no tape is made.
            badRequest = "Sec-WebSocket-Key must be one header holding the base64 encoding of 16 random bytes (RFC 6455 4.1)"
            return eventLoop.makeSucceededFuture(nil)
        }
        self.clientChannel = clientChannel
        context.registry.add(self)
        clientChannel.closeFuture.whenComplete { _ in
            // Before its relay handler exists the app's channel reports its end here.
            if self.handlers[RelaySide.client.rawValue] == nil { self.inactive(.client) }
        }
        let configuration = context.configuration
        let upstream = configuration.upstream
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
        bootstrap.connect(host: upstream.host, port: upstream.port).whenComplete { result in
            switch result {
            case .success(let channel):
                // The app may have gone while this connect was under way.
                if self.finished { channel.close(promise: nil) }
                self.upstreamChannel = channel
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
            self.record(.note, .error, payload: Array("upgrade failed: \(refusal)".utf8))
            self.upstreamChannel?.close(promise: nil)
            self.finish()
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

    private func configureUpstream(_ channel: Channel, head: HTTPRequestHead,
                                   response: EventLoopPromise<HTTPResponseHead>) throws {
        let pipeline = channel.pipeline.syncOperations
        if let tls = context.upstreamTLS {
            let host = context.configuration.upstream.host
            try pipeline.addHandler(try NIOSSLClientHandler(context: tls, serverHostname: WebSocketPipeline.isIPAddress(host) ? nil : host))
        }
        let requester = UpstreamRequestHandler(head: head, response: response)
        let upgrader = NIOWebSocketClientUpgrader(
            maxFrameSize: context.configuration.maxMessageBytes, automaticErrorHandling: false,
            upgradePipelineHandler: { channel, upstreamResponse in
                channel.eventLoop.makeCompletedFuture {
                    // Resolve first: the tape must exist before the first server frame arrives.
                    response.succeed(upstreamResponse)
                    try channel.pipeline.syncOperations.addHandler(FrameRelayHandler(side: .server, connection: self))
                }
            })
        let requesterBox = NIOLoopBound(requester, eventLoop: channel.eventLoop)
        // A server may send frames right behind its 101 (a greeting, a ping), often in the same read:
        // the HTTP decoder must hand those bytes on to the WebSocket decoder, not drop them.
        try pipeline.addHTTPClientHandlers(
            leftOverBytesStrategy: .forwardBytes,
            withClientUpgrade: (upgraders: [upgrader], completionHandler: { context in
                context.pipeline.syncOperations.removeHandler(requesterBox.value, promise: nil)
            }))
        try pipeline.addHandler(requester)
    }

    private func openTape(request: HTTPRequestHead, response: HTTPResponseHead?) {
        guard recorder == nil, !finished else { return }
        let configuration = context.configuration
        var labels = configuration.labels
        if let version = request.headers.first(name: "X-App-Version") ?? request.headers.first(name: "User-Agent") {
            labels["appVersion"] = version
        }
        let metadata = TapeMetadata(
            created: wallStart.rfc3339, tool: configuration.tool, upstreamURL: configuration.upstream.description,
            listenAddress: context.listenAddress, clientAddress: clientAddress, labels: labels,
            requestTarget: request.uri,
            requestHeaders: request.headers.map { TapeMetadata.HeaderField($0.name, $0.value) },
            responseStatus: response.map { Int($0.status.code) },
            responseHeaders: response?.headers.map { TapeMetadata.HeaderField($0.name, $0.value) } ?? [])
        recorder = context.makeRecorder(for: self, metadata: metadata)
    }

    // MARK: frames

    /// A relay handler was added: the server's when upstream upgraded, the app's after its 101.
    func attach(_ handler: FrameRelayHandler) {
        guard !finished else {
            // The upstream upgraded after the app had gone: nobody to relay to.
            handler.close()
            return
        }
        handlers[handler.side.rawValue] = handler
        if recordingFailure != nil {
            closeUnrecorded(handler.side)
            return
        }
        guard handler.side == .client else { return }
        record(.c2s, .open, payload: [])
        for frame in early { handler.send(frame) }
        early = []
        handler.flushIfNeeded()
        if closeSent[RelaySide.client.rawValue] { armGraceTimer(.client) }
        handlers[RelaySide.server.rawValue]?.resumeReading()
    }

    /// Whether `side` may read: the other side can take writes and the tape keeps up.
    func mayRead(_ side: RelaySide) -> Bool {
        guard let other = handlers[side.other.rawValue] else { return false }
        return !recordingPaused && (other.isWritable || isInactive[side.other.rawValue])
    }

    func writable(_ side: RelaySide) {
        handlers[side.other.rawValue]?.resumeReading()
    }

    /// The tape caught up: read again on both sides.
    func recordingResumed() {
        recordingPaused = false
        handlers[0]?.resumeReading()
        handlers[1]?.resumeReading()
    }

    func received(_ frame: WebSocketFrame, from side: RelaySide) {
        let index = side.rawValue
        guard !stopped[index] else {
            // The answer to the proxy's close for a protocol error: the offender may go now.
            if frame.opcode == .connectionClose && closeSent[index] && !closeReceived[index] {
                closeReceived[index] = true
                closeAfterWrites(side)
            }
            return
        }
        if let violation = check(frame, from: side) {
            protocolError(side, code: violation.code, reason: violation.reason)
            return
        }
        var data = frame.unmaskedData
        switch frame.opcode {
        case .text, .binary, .continuation:
            if frame.opcode != .continuation {
                fragments[index].removeAll(keepingCapacity: true)
                fragmentOpcode[index] = frame.opcode
                fragmentCount[index] = 0
                text[index] = UTF8Validator()
            }
            guard fragments[index].count + data.readableBytes <= context.configuration.maxMessageBytes else {
                protocolError(side, code: 1009, reason: "message over \(context.configuration.maxMessageBytes) bytes")
                return
            }
            fragmentCount[index] += 1
            if fragmentOpcode[index] == .text,
               !text[index].feed(data.readableBytesView) || (frame.fin && !text[index].isComplete) {
                // Recorded as it arrived (the message so far), not forwarded; then 1007.
                let count = fragmentCount[index]
                record(side, .text, payload: fragments[index] + Array(data.readableBytesView),
                       fragmentCount: count > 1 ? UInt32(count) : nil)
                protocolError(side, code: 1007, reason: "\(side.name) sent a text message that is not valid UTF-8")
                return
            }
            if frame.fin && fragmentCount[index] == 1 {
                forward(frame, data: data, from: side)
                let kind: TapeRecord.Kind = frame.opcode == .text ? .text : .binary
                record(side, kind, payload: Array(data.readableBytesView))
                fragmentOpcode[index] = nil
            } else {
                fragments[index].append(contentsOf: data.readableBytesView)
                forward(frame, data: data, from: side)
                if frame.fin {
                    let kind: TapeRecord.Kind = fragmentOpcode[index] == .text ? .text : .binary
                    record(side, kind, payload: fragments[index], fragmentCount: UInt32(fragmentCount[index]))
                    fragments[index] = []
                    fragmentOpcode[index] = nil
                }
            }
        case .ping, .pong:
            forward(frame, data: data, from: side)
            record(side, frame.opcode == .ping ? .ping : .pong, payload: Array(data.readableBytesView))
        case .connectionClose:
            let violation = WebSocketRules.closePayloadViolation(data)
            let code = data.readInteger(as: UInt16.self)
            let reason = Array(data.readableBytesView)
            closeReceived[index] = true
            record(side, .close, closeCode: code, payload: reason)
            if let violation {
                // Recorded as it arrived; answered with the error instead of being passed on.
                protocolError(side, code: violation.code, reason: "\(side.name) sent a \(violation.reason)")
                return
            }
            stopped[index] = true
            let otherIndex = side.other.rawValue
            if !isInactive[otherIndex], !closeSent[otherIndex] {
                closeSent[otherIndex] = true
                let promise = eventLoop.makePromise(of: Void.self)
                closeWrite[otherIndex] = promise.futureResult
                forward(frame, data: frame.unmaskedData, from: side, promise: promise)
                handlers[otherIndex]?.flushIfNeeded()
                // The other side must answer within the grace period, or the session ends anyway.
                armGraceTimer(side.other)
            }
            if isInactive[otherIndex] || closeSent[index] {
                // Both close frames seen (or nobody left to answer): this side may go.
                closeAfterWrites(side)
            }
        default:
            protocolError(side, code: 1002, reason: "opcode \(frame.opcode)")
        }
    }

    /// RFC 6455 rules the proxy enforces, since it forwards frames rather than messages.
    private func check(_ frame: WebSocketFrame, from side: RelaySide) -> (code: UInt16, reason: String)? {
        let name = side.name
        switch frame.opcode {
        case .text, .binary, .continuation, .ping, .pong, .connectionClose: break
        default: return (1002, "\(name) sent a frame with reserved opcode \(Self.opcodeNumber(frame.opcode))")
        }
        if side == .client && frame.maskKey == nil { return (1002, "client sent an unmasked frame") }
        if side == .server && frame.maskKey != nil { return (1002, "server sent a masked frame") }
        if frame.rsv1 || frame.rsv2 || frame.rsv3 { return (1002, "\(name) set reserved bits without a negotiated extension") }
        let index = side.rawValue
        if frame.opcode == .continuation && fragmentOpcode[index] == nil {
            return (1002, "\(name) sent a continuation frame outside a fragmented message")
        }
        if (frame.opcode == .text || frame.opcode == .binary) && fragmentOpcode[index] != nil {
            return (1002, "\(name) started a new message inside a fragmented one")
        }
        return nil
    }

    private static func opcodeNumber(_ opcode: WebSocketOpcode) -> Int { Int(webSocketOpcode: opcode) }

    private func forward(_ frame: WebSocketFrame, data: ByteBuffer, from side: RelaySide,
                         promise: EventLoopPromise<Void>? = nil) {
        // Towards the server frames are masked with a fresh key; towards the app, never.
        let out = WebSocketFrame(fin: frame.fin, rsv1: false, rsv2: false, rsv3: false, opcode: frame.opcode,
                                 maskKey: side == .client ? .random() : nil, data: data)
        if let other = handlers[side.other.rawValue] {
            other.send(out, promise: promise)
        } else if side == .server {
            early.append(out)
            promise?.succeed(())
        } else {
            promise?.fail(ChannelError.ioOnClosedChannel)
        }
    }

    func readComplete(from side: RelaySide) {
        handlers[side.other.rawValue]?.flushIfNeeded()
    }

    // MARK: ends

    /// A frame broke the protocol: the sender gets a close frame with the code, the other side is
    /// told with the same code, and the tape says why. The sender's connection stays open (its
    /// input drained) until it answers or the grace period ends: closing under a peer that is
    /// still writing resets the connection, and it would never read the code.
    private func protocolError(_ side: RelaySide, code: UInt16, reason: String) {
        let index = side.rawValue
        guard !stopped[index] else { return }
        stopped[index] = true
        fragments[index] = []
        fragmentOpcode[index] = nil
        record(.note, .error, payload: Array("\(reason): closing with \(code)".utf8))
        record(.note, .close, closeCode: code, payload: Array(reason.utf8))
        // The other side first: dropping the offender may end its channel at once, and the other
        // side must already be waiting for its close answer then.
        if side == .server && handlers[RelaySide.client.rawValue] == nil && !isInactive[RelaySide.client.rawValue] {
            // The server broke the rules right behind its 101, before the app has its own: the
            // app's close frame goes out first thing after it (`attach`).
            closeSent[RelaySide.client.rawValue] = true
            early.append(closeFrame(code: code, reason: "proxy: \(reason)", to: .client))
        } else {
            sendClose(to: side.other, code: code, reason: "proxy: \(reason)")
        }
        if !closeSent[index], let handler = handlers[index] {
            closeSent[index] = true
            let promise = eventLoop.makePromise(of: Void.self)
            closeWrite[index] = promise.futureResult
            handler.send(closeFrame(code: code, reason: reason, to: side), promise: promise)
            handler.flushIfNeeded()
            if closeReceived[index] {
                // The offender's close frame was the offence: nothing more to wait for.
                closeAfterWrites(side)
            } else {
                armGraceTimer(side)
            }
        } else {
            handlers[index]?.close()
        }
    }

    /// Sends a close frame the proxy makes itself (protocol errors, shutdown) and waits for the answer.
    private func sendClose(to side: RelaySide, code: UInt16, reason: String) {
        let index = side.rawValue
        guard !closeSent[index], !isInactive[index], let handler = handlers[index] else { return }
        closeSent[index] = true
        let promise = eventLoop.makePromise(of: Void.self)
        closeWrite[index] = promise.futureResult
        handler.send(closeFrame(code: code, reason: reason, to: side), promise: promise)
        handler.flushIfNeeded()
        armGraceTimer(side)
    }

    private func closeFrame(code: UInt16, reason: String, to side: RelaySide) -> WebSocketFrame {
        var payload = ByteBufferAllocator().buffer(capacity: 2 + reason.utf8.count)
        payload.writeInteger(code)
        payload.writeString(WebSocketMessageAggregator.truncated(reason, toBytes: 123))
        return WebSocketFrame(fin: true, opcode: .connectionClose, maskKey: side == .server ? .random() : nil, data: payload)
    }

    /// After a close frame was sent to `side`, it has this long to answer before it is dropped.
    private func armGraceTimer(_ side: RelaySide) {
        let index = side.rawValue
        guard graceTimers[index] == nil else { return }
        let seconds = context.configuration.closeGraceSeconds
        graceTimers[index] = eventLoop.scheduleTask(in: .seconds(seconds)) {
            guard !self.isInactive[index] else { return }
            self.record(.note, .error, payload: Array("timeout: the \(side.name) did not finish closing within \(seconds) s".utf8))
            // The timeout is the reason; the dropped connection is its consequence, not a second error.
            self.stopped[index] = true
            self.handlers[index]?.close()
        }
    }

    private func closeAfterWrites(_ side: RelaySide) {
        let index = side.rawValue
        guard let handler = handlers[index] else { return }
        handler.flushIfNeeded()
        if let write = closeWrite[index] {
            write.whenComplete { _ in self.handlers[index]?.close() }
        } else {
            handler.close()
        }
    }

    func failed(_ side: RelaySide, error: Error) {
        let index = side.rawValue
        if case ByteToMessageDecoderError.dataReceivedInErrorState = error, stopped[index] {
            // The decoder gave up on a bad frame and the proxy sent its close: the rest is drained.
            return
        }
        if let error = error as? NIOWebSocketError {
            let code: UInt16 = error == .invalidFrameLength ? 1009 : 1002
            let reason: String = switch error {
            case .invalidFrameLength: "\(side.name) sent a frame over \(context.configuration.maxMessageBytes) bytes"
            case .fragmentedControlFrame: "\(side.name) sent a fragmented control frame"
            case .multiByteControlFrameLength: "\(side.name) sent a control frame over 125 bytes"
            }
            protocolError(side, code: code, reason: reason)
            return
        }
        guard !isInactive[index] else { return }
        if !stopped[index] {
            record(.note, .error, payload: Array("\(side.name): \(error)".utf8))
            stopped[index] = true
        }
        handlers[index]?.close()
    }

    func inactive(_ side: RelaySide) {
        let index = side.rawValue
        guard !isInactive[index] else { return }
        isInactive[index] = true
        graceTimers[index]?.cancel()
        let otherIndex = side.other.rawValue
        if !closeReceived[index] && !stopped[index] && handlers[index] != nil {
            record(.note, .error, payload: Array("\(side.name) connection ended without a close frame".utf8))
        }
        if handlers[otherIndex] == nil {
            // The app's upgrade is under way and a close frame waits for it: it gets to answer.
            if side == .server && closeSent[otherIndex] && !isInactive[otherIndex] { return }
            // The other side never finished its upgrade.
            if side == .client { upstreamChannel?.close(promise: nil) } else { clientChannel?.close(promise: nil) }
            finish()
            return
        }
        if !isInactive[otherIndex] {
            if closeReceived[otherIndex] {
                // The other side already said goodbye: its connection may go.
                closeAfterWrites(side.other)
            } else if closeSent[otherIndex] {
                // A close frame is on its way to the other side: give it time to answer.
                armGraceTimer(side.other)
            } else {
                // This side vanished without a close frame: mirror that on the other side.
                record(.note, .error, payload: Array("dropping the \(side.other.name) connection: the \(side.name) is gone".utf8))
                // Its end is the proxy's doing, already explained: not another error.
                stopped[otherIndex] = true
                closeAfterWrites(side.other)
            }
        } else {
            finish()
        }
    }

    /// Sends 1001 to both sides (proxy shutting down) and lets them answer within the grace period.
    func shutDown() {
        guard !finished else { return }
        if handlers[0] == nil && handlers[1] == nil {
            clientChannel?.close(promise: nil)
            upstreamChannel?.close(promise: nil)
            return
        }
        record(.note, .close, closeCode: 1001, payload: Array("recording proxy shutting down".utf8))
        sendClose(to: .client, code: 1001, reason: "recording proxy shutting down")
        sendClose(to: .server, code: 1001, reason: "recording proxy shutting down")
    }

    /// The tape cannot be written (a full disk, a removed folder): a session the team believes
    /// recorded must not go on unrecorded. The app gets 1011 with the reason, the server 1001.
    func recordingFailed(_ reason: String) {
        guard !finished, recordingFailure == nil else { return }
        recordingFailure = reason
        closeUnrecorded(.client)
        closeUnrecorded(.server)
    }

    private func closeUnrecorded(_ side: RelaySide) {
        switch side {
        case .client: sendClose(to: .client, code: 1011, reason: "tapedeck could not record this session: \(recordingFailure ?? "")")
        case .server: sendClose(to: .server, code: 1001, reason: "recording proxy: the session could not be recorded")
        }
    }

    /// Drops a marker into this session's tape.
    func mark(_ name: String) {
        record(.note, .marker, payload: Array(name.utf8))
    }

    private func finish() {
        guard !finished else { return }
        finished = true
        graceTimers[0]?.cancel(); graceTimers[1]?.cancel()
        context.registry.remove(self)
        recorder?.close()
        // The relay handlers and the recorder point back at this connection: let go of them (and
        // of the channels) so the finished session is freed, not kept alive by the cycle.
        recorder = nil
        handlers = [nil, nil]
        graceTimers = [nil, nil]
        early = []
        clientChannel = nil
        upstreamChannel = nil
    }

    // MARK: recording

    private func record(_ side: RelaySide, _ kind: TapeRecord.Kind, closeCode: UInt16? = nil, payload: [UInt8],
                        fragmentCount: UInt32? = nil) {
        record(side == .client ? .c2s : .s2c, kind, closeCode: closeCode, payload: payload, fragmentCount: fragmentCount)
    }

    private func record(_ direction: TapeRecord.Direction, _ kind: TapeRecord.Kind, closeCode: UInt16? = nil,
                        payload: [UInt8], fragmentCount: UInt32? = nil) {
        guard let recorder else { return }
        let record = TapeRecord(time: ProxyClock.now() &- start, connection: id, direction: direction, kind: kind,
                                closeCode: closeCode, fragmentCount: fragmentCount, payload: payload)
        if recorder.append(record) && !recordingPaused {
            recordingPaused = true
        }
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

extension ProxyConnection {
    /// Shutdown's last resort after the grace period: drop both channels.
    func forceClose() {
        clientChannel?.close(promise: nil)
        upstreamChannel?.close(promise: nil)
        handlers[0]?.close()
        handlers[1]?.close()
        if handlers[0] == nil && handlers[1] == nil { finish() }
    }
}
