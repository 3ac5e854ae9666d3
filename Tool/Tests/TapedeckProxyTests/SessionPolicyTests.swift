import NIOHTTP1
import Testing

@testable import TapedeckProxy

/// The one rule that groups a proxy's connections into session tapes: which session a connection
/// joins and whether a session waits for a reconnect.
@Suite struct SessionPolicyTests {
    static func request(_ uri: String, headers: [(String, String)] = []) -> HTTPRequestHead {
        HTTPRequestHead(version: .http1_1, method: .GET, uri: uri, headers: HTTPHeaders(headers))
    }

    @Test func aTapePerConnectionPutsEveryConnectionInItsOwnTape() {
        let policy = SessionPolicy(.perConnection)
        #expect(policy.placement(clientIP: "10.0.0.2", request: Self.request("/ws"), upstreamURL: "ws://game/ws") == .ownTape)
        #expect(!policy.waitsForReconnect)
    }

    @Test func theIdentityIsTheKeyValueAndTheUpstreamURL() {
        let policy = SessionPolicy(.perSession(key: .query("device"), gapNanoseconds: 30_000_000_000, maxSessions: 5))
        #expect(policy.waitsForReconnect)
        #expect(policy.maxSessions == 5)
        let first = policy.placement(clientIP: "10.0.0.2", request: Self.request("/ws?device=a1"), upstreamURL: "ws://game/ws")
        #expect(first == .session(SessionIdentity(keyValue: "a1", upstreamURL: "ws://game/ws")))
        // Another address, the same device: the same session.
        #expect(
            policy.placement(clientIP: "10.0.0.9", request: Self.request("/ws?device=a1"), upstreamURL: "ws://game/ws") == first)
        // The same device to another server: another session.
        #expect(
            policy.placement(clientIP: "10.0.0.2", request: Self.request("/ws?device=a1"), upstreamURL: "ws://other/ws")
                == .session(SessionIdentity(keyValue: "a1", upstreamURL: "ws://other/ws")))
        // No value: a tape of its own.
        #expect(policy.placement(clientIP: "10.0.0.2", request: Self.request("/ws"), upstreamURL: "ws://game/ws") == .ownTape)
    }

    /// A value with a NUL in it is one value: it cannot pass for another value and URL joined.
    @Test func identitiesDoNotRunIntoEachOther() {
        let policy = SessionPolicy(.perSession(key: .header("X-Device"), gapNanoseconds: 1, maxSessions: 10))
        let joined = policy.placement(
            clientIP: nil, request: Self.request("/ws", headers: [("X-Device", "a\u{0}ws://game/ws")]), upstreamURL: "x")
        let plain = policy.placement(
            clientIP: nil, request: Self.request("/ws", headers: [("X-Device", "a")]), upstreamURL: "ws://game/ws\u{0}x")
        #expect(joined != plain)
    }

    @Test func aKeyValueOverTheLimitGetsItsOwnTapeAndSaysHowLong() {
        let policy = SessionPolicy(.perSession(key: .clientAddress, gapNanoseconds: 0, maxSessions: 10))
        #expect(!policy.waitsForReconnect)
        let long = String(repeating: "k", count: SessionKey.maximumValueBytes + 1)
        #expect(
            policy.placement(clientIP: long, request: Self.request("/ws"), upstreamURL: "ws://game/ws")
                == .ownTapeKeyTooLong(bytes: 1025))
        let atLimit = String(repeating: "k", count: SessionKey.maximumValueBytes)
        #expect(
            policy.placement(clientIP: atLimit, request: Self.request("/ws"), upstreamURL: "ws://game/ws")
                == .session(SessionIdentity(keyValue: atLimit, upstreamURL: "ws://game/ws")))
    }
}
