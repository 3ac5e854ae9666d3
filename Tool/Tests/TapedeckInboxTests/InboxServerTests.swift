import Foundation
import TapedeckInbox
import TestSupport
import Testing

/// `inbox serve`'s HTTP over real loopback sockets: uploads, refusals from the head alone, the
/// read token guarding the pages, the login cookie, downloads.
@Suite(.ownThread)
struct InboxServerTests {
    typealias Tapes = ReportTapes

    struct Response {
        var status: Int
        var headers: [String: String]
        var body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }
    }

    static func start(_ store: InboxTestStore, limit: Int = 1 << 20) async throws -> InboxServer {
        let intake = store.intake(limit: limit)
        return try await InboxServer.start(
            host: "127.0.0.1", port: 0, routes: InboxRoutes(intake: intake, secure: false), limit: limit, tls: nil)
    }

    /// Sends one request (`Connection: close`) and reads the answer to the end.
    static func request(
        _ server: InboxServer, _ method: String, _ target: String, headers: [String: String] = [:], body: [UInt8] = []
    ) async throws -> Response {
        let socket = try RawSocket(port: server.port)
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nConnection: close\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        if method == "POST", headers["Transfer-Encoding"] == nil { head += "Content-Length: \(body.count)\r\n" }
        socket.send(bytes: Array((head + "\r\n").utf8) + body)
        let (bytes, end) = await socket.readUntilClosed(seconds: 60)
        #expect(end == .closedByPeer)
        return try parse(bytes)
    }

    static func parse(_ bytes: [UInt8]) throws -> Response {
        let separator = Array("\r\n\r\n".utf8)
        guard let split = bytes.indices.first(where: { bytes[$0...].starts(with: separator) }) else {
            throw ChildProcessError(message: "no HTTP head in \(String(decoding: bytes, as: UTF8.self))")
        }
        let lines = String(decoding: bytes[..<split], as: UTF8.self).components(separatedBy: "\r\n")
        let status = Int(lines[0].split(separator: " ")[1]) ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            let pair = line.split(separator: ":", maxSplits: 1)
            headers[pair[0].lowercased()] = pair[1].trimmingCharacters(in: .whitespaces)
        }
        return Response(status: status, headers: headers, body: Array(bytes[(split + 4)...]))
    }

    static let upload = [
        "Authorization": "Bearer " + InboxTestStore.uploadToken, "Content-Type": UploadIntake.contentType,
    ]

    @Test func anUploadOverHTTPIsStoredOnceAndItsTapeDownloads() async throws {
        let store = try await InboxTestStore.make(.sqlite)
        defer { store.remove() }
        let server = try await Self.start(store)
        let bytes = try Tapes.bytes(Tapes.decodeBug(seed: 1), note: "crashed in the shop")
        let first = try await Self.request(server, "POST", "/v1/reports", headers: Self.upload, body: bytes)
        #expect(first.status == 201)
        #expect(first.headers["content-type"] == "application/json")
        let id = String(HexDigest.sha256(bytes).prefix(16))
        #expect(first.text == #"{"report":"\#(id)","duplicate":false}"# + "\n")
        let again = try await Self.request(server, "POST", "/v1/reports", headers: Self.upload, body: bytes)
        #expect(again.status == 200 && again.text.contains(#""duplicate":true"#))
        _ = try await store.worker("w").drain()
        let read = ["Authorization": "Bearer " + InboxTestStore.readToken]
        let tape = try await Self.request(server, "GET", "/reports/\(id)/tape", headers: read)
        #expect(tape.status == 200)
        #expect(tape.body == (try await store.blobs.get("reports/\(id).tape")))
        #expect(tape.headers["content-disposition"] == "attachment; filename=\"\(id).tape\"")
        let page = try await Self.request(server, "GET", "/reports/\(id)", headers: read)
        #expect(
            page.status == 200 && page.text.contains("crashed in the shop")
                && page.text.contains("decode error s2c message.energy"))
        let session = try await Self.request(server, "GET", "/reports/\(id)/report.html", headers: read)
        #expect(session.status == 200 && session.text.contains("<html") && session.text.contains("\(id).tape"))
        await server.close()
    }

    @Test func anOversizedUploadIsRefusedFromItsHeadBeforeItsBody() async throws {
        let store = try await InboxTestStore.make(.sqlite)
        defer { store.remove() }
        let server = try await Self.start(store, limit: 4096)
        let socket = try RawSocket(port: server.port)
        // The head only: the answer comes without a byte of the 1 GB announced.
        let head =
            "POST /v1/reports HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(InboxTestStore.uploadToken)\r\n"
            + "Content-Type: \(UploadIntake.contentType)\r\nContent-Length: 1000000000\r\n\r\n"
        socket.send(head)
        let (bytes, end) = await socket.readUntilClosed(seconds: 60)
        #expect(end == .closedByPeer)
        let response = try Self.parse(bytes)
        #expect(response.status == 413)
        #expect(response.text == #"{"error":"the body has 1000000000 bytes; this inbox takes at most 4096"}"# + "\n")
        let chunked = try await Self.request(
            server, "POST", "/v1/reports", headers: Self.upload.merging(["Transfer-Encoding": "chunked"]) { $1 },
            body: Array("5\r\nhello\r\n0\r\n\r\n".utf8))
        #expect(chunked.status == 411)
        #expect(try await store.rows.queue().total == 0)
        await server.close()
    }

    /// libcurl (curl, URLSession on Linux) asks before a body over 1 KiB and waits a second for
    /// the answer: the collector answers at once.
    @Test func anUploadThatAsksToContinueIsAnsweredBeforeItsBody() async throws {
        let store = try await InboxTestStore.make(.sqlite)
        defer { store.remove() }
        let server = try await Self.start(store)
        let bytes = try Tapes.bytes(Tapes.healthy(seed: 5))
        let socket = try RawSocket(port: server.port)
        socket.send(
            "POST /v1/reports HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(InboxTestStore.uploadToken)\r\n"
                + "Content-Type: \(UploadIntake.contentType)\r\nContent-Length: \(bytes.count)\r\nExpect: 100-continue\r\n"
                + "Connection: close\r\n\r\n")
        var interim: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(60)
        while !String(decoding: interim, as: UTF8.self).hasSuffix("\r\n\r\n"), ContinuousClock.now < deadline {
            interim += socket.readAvailable()
            try await Task.sleep(for: .milliseconds(5))
        }
        #expect(String(decoding: interim, as: UTF8.self) == "HTTP/1.1 100 Continue\r\n\r\n")
        socket.send(bytes: bytes)
        let (rest, _) = await socket.readUntilClosed(seconds: 60)
        #expect(try Self.parse(rest).status == 201)
        await server.close()
    }

    @Test func thePagesNeedTheReadTokenAndTheLoginSetsACookie() async throws {
        let store = try await InboxTestStore.make(.sqlite)
        defer { store.remove() }
        let server = try await Self.start(store)
        let anonymous = try await Self.request(server, "GET", "/")
        #expect(anonymous.status == 401)
        #expect(anonymous.text.contains(#"<form method="post" action="/login">"#))
        let uploadToken = try await Self.request(
            server, "GET", "/", headers: ["Authorization": "Bearer " + InboxTestStore.uploadToken])
        #expect(uploadToken.status == 401 && uploadToken.text.contains("not a read token"))
        let wrong = try await Self.request(
            server, "POST", "/login", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Array("token=nope".utf8))
        #expect(wrong.status == 401)
        let login = try await Self.request(
            server, "POST", "/login", headers: ["Content-Type": "application/x-www-form-urlencoded"],
            body: Array("token=\(InboxTestStore.readToken)".utf8))
        #expect(login.status == 303)
        #expect(login.headers["location"] == "/")
        #expect(login.headers["set-cookie"] == "tapedeck_inbox=\(InboxTestStore.readToken); Path=/; HttpOnly; SameSite=Strict")
        let page = try await Self.request(server, "GET", "/", headers: ["Cookie": "tapedeck_inbox=\(InboxTestStore.readToken)"])
        #expect(page.status == 200)
        #expect(page.text.contains("0 reports: 0 triaged"))
        #expect(page.headers["content-security-policy"]?.hasPrefix("default-src 'none'") == true)
        let health = try await Self.request(server, "GET", "/healthz")
        #expect(health.status == 200 && health.text == "ok\n")
        await server.close()
    }
}
