import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import TapedeckCore
import TapedeckTape
import TapedeckTestFixtures

/// A collector on 127.0.0.1 that follows the inbox contract (/work/notes/inbox-design.md, "Upload
/// protocol"): `POST /v1/reports` with a bearer token, `Content-Length`, the tape content type and
/// a body that reads as a whole tape; 201 stores it under the first 16 hex digits of its SHA-256,
/// 200 answers a repeat, 401/411/415/400/404/405 refuse. `script` answers the first requests with
/// given statuses (503, 400...) before those checks, as a failing store would.
///
/// `@unchecked Sendable`: NIO's event loop (requests) and the test (reads, `accept`) share it;
/// every mutable property is touched only while `lock` is held.
final class LoopbackCollector: @unchecked Sendable {
    /// One request as it arrived, and the status it was answered with.
    struct Request {
        var method: String
        var uri: String
        var headers: [String: String]
        var body: [UInt8]
        var status: Int
    }

    private let lock = NSLock()
    private var token: String
    private var script: [Int]
    /// Takes requests and never answers them, as a collector that hangs.
    private let silent: Bool
    private var received: [Request] = []
    private var stored: [(id: String, bytes: [UInt8])] = []
    private let folder: TestFolder
    private var channel: Channel?

    /// The most a report may take (the contract's 413).
    static let limit = 64 << 20

    private init(token: String, script: [Int], silent: Bool) throws {
        self.token = token
        self.script = script
        self.silent = silent
        folder = try TestFolder("tapedeck-collector")
    }

    /// Listens on `port` (0: any free one) on 127.0.0.1; `silent`, it never answers.
    static func start(token: String, script: [Int] = [], port: Int = 0, silent: Bool = false) async throws
        -> LoopbackCollector
    {
        let collector = try LoopbackCollector(token: token, script: script, silent: silent)
        collector.channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.configureHTTPServerPipeline()
                    try channel.pipeline.syncOperations.addHandler(CollectorHandler(collector: collector))
                }
            }
            .bind(host: "127.0.0.1", port: port).get()
        return collector
    }

    var port: Int { channel?.localAddress?.port ?? 0 }
    /// What `ReportCollector.url` is given.
    var url: String { "http://127.0.0.1:\(port)" }

    func shutdown() async { try? await channel?.close() }

    /// From now on the collector takes `token` (the app's, say, after refusing it).
    func accept(token: String) { lock.withLock { self.token = token } }

    /// Every request so far, in arrival order.
    var requests: [Request] { lock.withLock { received } }
    /// The tapes stored, in the order they first arrived.
    var tapes: [(id: String, bytes: [UInt8])] { lock.withLock { stored } }

    /// A stored tape written to a file and read back.
    func read(_ index: Int) throws -> TapeContents {
        let path = folder.file("stored-\(index).tape")
        try Data(tapes[index].bytes).write(to: URL(fileURLWithPath: path))
        return try TapeContents(path: path)
    }

    /// The answer to one whole request: status, JSON body, extra headers; nil when silent (the
    /// request is recorded with status 0).
    fileprivate func answer(_ head: HTTPRequestHead, body: [UInt8]) -> (HTTPResponseStatus, String, [(String, String)])? {
        let (status, json, extra) = silent ? (HTTPResponseStatus(statusCode: 0), "", []) : decide(head, body: body)
        lock.withLock {
            var headers: [String: String] = [:]
            for (name, value) in head.headers { headers[name.lowercased()] = value }
            received.append(
                Request(method: "\(head.method)", uri: head.uri, headers: headers, body: body, status: Int(status.code)))
        }
        return silent ? nil : (status, json, extra)
    }

    private func decide(_ head: HTTPRequestHead, body: [UInt8]) -> (HTTPResponseStatus, String, [(String, String)]) {
        guard head.uri == "/v1/reports" else { return (.notFound, #"{"error":"no such resource"}"#, []) }
        guard head.method == .POST else { return (.methodNotAllowed, #"{"error":"POST only"}"#, [("Allow", "POST")]) }
        if let scripted = lock.withLock({ script.isEmpty ? nil : script.removeFirst() }) {
            return (HTTPResponseStatus(statusCode: scripted), #"{"error":"scripted \#(scripted)"}"#, [])
        }
        let expected = "Bearer " + lock.withLock { token }
        guard head.headers["Authorization"].first == expected else {
            return (.unauthorized, #"{"error":"the upload token is missing or wrong"}"#, [("WWW-Authenticate", "Bearer")])
        }
        guard let length = head.headers["Content-Length"].first.flatMap({ Int($0) }) else {
            return (.lengthRequired, #"{"error":"Content-Length is required"}"#, [])
        }
        guard length <= Self.limit else { return (.payloadTooLarge, #"{"error":"over the limit"}"#, []) }
        guard head.headers["Content-Type"].first == "application/vnd.tapedeck.tape" else {
            return (.unsupportedMediaType, #"{"error":"Content-Type must be application/vnd.tapedeck.tape"}"#, [])
        }
        if let problem = tapeProblem(body) { return (.badRequest, #"{"error":"\#(problem)"}"#, []) }
        let id = String(Hex.lowercase(SHA256Hasher.hash(body)).prefix(16))
        let duplicate = lock.withLock {
            if stored.contains(where: { $0.id == id }) { return true }
            stored.append((id, body))
            return false
        }
        return (duplicate ? .ok : .created, #"{"report":"\#(id)","duplicate":\#(duplicate)}"#, [])
    }

    /// Nil when `body` reads as a whole tape; else why not (no quotes, for the JSON).
    private func tapeProblem(_ body: [UInt8]) -> String? {
        let path = folder.file("check-\(UUID().uuidString).tape")
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            try Data(body).write(to: URL(fileURLWithPath: path))
            let tape = try TapeContents(path: path)
            return tape.end == .complete ? nil : "the tape is not complete"
        } catch {
            return "not a tape"
        }
    }
}

/// One connection's requests: head and body gathered, then answered by the collector.
private final class CollectorHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let collector: LoopbackCollector
    private var head: HTTPRequestHead?
    private var body: [UInt8] = []

    init(collector: LoopbackCollector) { self.collector = collector }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            self.head = head
            body = []
        case .body(var chunk):
            body += chunk.readBytes(length: chunk.readableBytes) ?? []
        case .end:
            guard let head, let (status, json, extra) = collector.answer(head, body: body) else { return }
            var headers = HTTPHeaders([("Content-Type", "application/json"), ("Content-Length", String(json.utf8.count))])
            for (name, value) in extra { headers.add(name: name, value: value) }
            context.write(
                wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: status, headers: headers))), promise: nil)
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: json)))), promise: nil)
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
            self.head = nil
        }
    }
}
