import Testing

@testable import TapedeckProxy

/// The forward proxy's pure parts: the first request head read from raw bytes, where it goes,
/// what is sent on for it, and which hosts `--intercept` records.
@Suite struct ForwardProxyParsingTests {
    static func head(_ text: String) -> ProxyRequestHead? {
        if case .head(let head) = ProxyRequestHead.parse(Array(text.utf8)) { return head }
        return nil
    }

    @Test func aCONNECTHeadIsReadUpToItsEmptyLineAndNoFurther() throws {
        let text = "CONNECT lichun.app:443 HTTP/1.1\r\nHost: lichun.app:443\r\nProxy-Connection:  keep-alive \r\n\r\n"
        let head = try #require(Self.head(text + "\u{16}\u{03}\u{01}"))
        #expect(head.method == "CONNECT")
        #expect(head.length == text.utf8.count)
        #expect(head.headers.map(\.name) == ["Host", "Proxy-Connection"])
        #expect(head.header("proxy-connection") == "keep-alive")
        #expect(head.destination == .success(.tunnel(host: "lichun.app", port: 443)))
    }

    @Test(arguments: [
        ("CONNECT lichun.app:443 HTTP/1.1\r\nHost: lichun.app", ProxyRequestHead.ParseResult.needMore),
        ("", .needMore),
        ("HELLO\r\n\r\n", .invalid(.badRequest("the request line must be METHOD TARGET HTTP/1.1"))),
        ("GET / HTTP/2\r\n\r\n", .invalid(.badRequest("the request line must be METHOD TARGET HTTP/1.1"))),
        (
            "GET / HTTP/1.1\r\nno colon here\r\n\r\n",
            .invalid(.badRequest("the header line \"no colon here\" has no NAME: VALUE"))
        ),
        ("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n", .invalid(.badRequest("the header line \"Bad Name: x\" has no NAME: VALUE"))),
    ])
    func anIncompleteOrMalformedHeadSaysSo(text: String, expected: ProxyRequestHead.ParseResult) {
        #expect(ProxyRequestHead.parse(Array(text.utf8)) == expected)
    }

    @Test func aHeadOverTheLimitIsRefusedBeforeItEnds() {
        let bytes = Array(("GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: ProxyRequestHead.maximumLength)).utf8)
        #expect(ProxyRequestHead.parse(bytes) == .invalid(.headTooLarge("the request head is over 16384 bytes")))
        #expect(ProxyRequestHead.parse(bytes.prefix(1000)) == .needMore)
    }

    @Test(arguments: [
        ("CONNECT [::1]:8443 HTTP/1.1", ProxyRequestHead.Destination.tunnel(host: "::1", port: 8443)),
        (
            "GET ws://lichun.app/wss/?v=2 HTTP/1.1",
            .absolute(secure: false, host: "lichun.app", port: 80, originForm: "/wss/?v=2")
        ),
        ("GET http://10.0.0.2:8080 HTTP/1.1", .absolute(secure: false, host: "10.0.0.2", port: 8080, originForm: "/")),
        ("GET http://lichun.app?x=1 HTTP/1.1", .absolute(secure: false, host: "lichun.app", port: 80, originForm: "/?x=1")),
        ("GET wss://lichun.app/wss/ HTTP/1.1", .absolute(secure: true, host: "lichun.app", port: 443, originForm: "/wss/")),
    ])
    func theDestinationIsReadFromTheTarget(line: String, expected: ProxyRequestHead.Destination) throws {
        let head = try #require(Self.head(line + "\r\n\r\n"))
        #expect(head.destination == .success(expected))
    }

    @Test(arguments: [
        ("CONNECT lichun.app HTTP/1.1", "CONNECT needs HOST:PORT, got \"lichun.app\""),
        ("CONNECT lichun.app:0 HTTP/1.1", "CONNECT needs HOST:PORT, got \"lichun.app:0\""),
        ("GET /wss/ HTTP/1.1", "set it as the app's HTTP proxy"),
        ("GET ftp://lichun.app/ HTTP/1.1", "only http:// and ws:// URLs are proxied without CONNECT, got ftp://"),
        ("GET http://user@lichun.app/ HTTP/1.1", "the URL http://user@lichun.app/ has no valid HOST[:PORT]"),
    ])
    func aTargetThatCannotBeProxiedIsRefusedWithWhy(line: String, reason: String) throws {
        let head = try #require(Self.head(line + "\r\n\r\n"))
        guard case .failure(let refusal) = head.destination else {
            Issue.record("\(line) was accepted")
            return
        }
        #expect(refusal.status.code == 400)
        #expect(refusal.description.contains(reason), "\(refusal)")
    }

    @Test func anAbsoluteRequestIsSentOnInOriginFormWithoutTheProxysHeaders() throws {
        let plain = try #require(
            Self.head(
                "GET http://lichun.app/a?b HTTP/1.1\r\nHost: lichun.app\r\nProxy-Connection: keep-alive\r\n"
                    + "Proxy-Authorization: Basic eDp5\r\nConnection: keep-alive\r\nKeep-Alive: 5\r\nAccept: */*\r\n\r\n"))
        #expect(
            String(decoding: plain.forwardedBytes(originForm: "/a?b"), as: UTF8.self)
                == "GET /a?b HTTP/1.1\r\nHost: lichun.app\r\nAccept: */*\r\nConnection: close\r\n\r\n")
        // An upgrade keeps its Connection header: the tunnel lives as long as the session.
        let upgrade = try #require(
            Self.head(
                "GET ws://lichun.app/wss/ HTTP/1.1\r\nHost: lichun.app\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n"))
        #expect(upgrade.isWebSocketUpgrade)
        #expect(
            String(decoding: upgrade.forwardedBytes(originForm: "/wss/"), as: UTF8.self)
                == "GET /wss/ HTTP/1.1\r\nHost: lichun.app\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n")
    }

    @Test func theRefusalIsACompleteHTTPResponse() {
        let text = String(decoding: ForwardProxyRefusal.badGateway("cannot connect to x:1").responseBytes, as: UTF8.self)
        let body = "tapedeck forward proxy: cannot connect to x:1\n"
        #expect(
            text
                == "HTTP/1.1 502 Bad Gateway\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(body.utf8.count)\r\n"
                + "Connection: close\r\n\r\n\(body)")
    }

    @Test(arguments: [
        ("lichun.app", "lichun.app", 443, true),
        ("lichun.app", "LICHUN.app", 8080, true),
        ("lichun.app:443", "lichun.app", 80, false),
        ("lichun.app", "api.lichun.app", 443, false),
        ("*.lichun.app", "api.lichun.app", 443, true),
        ("*.lichun.app", "lichun.app", 443, false),
        ("*.lichun.app", "evillichun.app", 443, false),
        ("*", "anything.example", 1, true),
        ("[::1]:8443", "::1", 8443, true),
        ("127.0.0.1", "127.0.0.1", 5000, true),
    ])
    func anInterceptPatternMatchesItsHostsAndPorts(pattern: String, host: String, port: Int, matches: Bool) throws {
        guard case .success(let parsed) = InterceptPattern.parse(pattern) else {
            Issue.record("\(pattern) did not parse")
            return
        }
        #expect(parsed.matches(host: host, port: port) == matches)
        #expect(parsed.description == pattern.lowercased())
    }

    @Test(arguments: [
        ("", "it must be HOST or HOST:PORT"),
        ("lichun.app:99999", "it must be HOST or HOST:PORT"),
        ("::1", "it must be HOST or HOST:PORT"),
        ("api.*.lichun.app", "a wildcard may only be the whole host"),
        ("https://lichun.app/x", "it must be HOST or HOST:PORT"),
    ])
    func aBadInterceptPatternSaysWhy(pattern: String, reason: String) {
        guard case .failure(let error) = InterceptPattern.parse(pattern) else {
            Issue.record("\(pattern) was accepted")
            return
        }
        #expect(error.description.hasPrefix("--intercept \(pattern): \(reason)"), "\(error)")
    }
}
