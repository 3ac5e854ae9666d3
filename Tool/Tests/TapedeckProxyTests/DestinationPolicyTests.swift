import NIOCore
import TapedeckWebSocket
import Testing

@testable import TapedeckProxy

/// Issue 34, finding 1: where the forward proxy may go and who may use it, on the addresses the
/// system's own resolver gives for each spelling (the ones a red team used against it).
@Suite struct DestinationPolicyTests {
    static let policy = DestinationPolicy(
        intercept: [InterceptPattern(host: "lichun.app", port: nil), InterceptPattern(host: "127.0.0.1", port: 9000)],
        passThrough: [InterceptPattern(host: "*", port: nil)])

    static func refusal(_ host: String, port: Int = 8080, loopbackAllowed: Bool = false, ownPorts: Set<Int> = []) throws
        -> ForwardProxyRefusal?
    {
        let addresses = try HostResolver.addresses(host, port: port)
        return policy.refusal(
            host: host, port: port, addresses: addresses, loopbackAllowed: loopbackAllowed, ownPorts: ownPorts,
            localAddresses: { [IPAddress(text: "192.0.2.2")!] })
    }

    @Test(arguments: [
        ("127.0.0.1", "loopback"), ("0x7f.1", "loopback"), ("2130706433", "loopback"), ("0177.0.0.1", "loopback"),
        ("127.1", "loopback"), ("127.255.255.254", "loopback"), ("::ffff:127.0.0.1", "loopback"), ("::1", "loopback"),
        ("::127.0.0.1", "loopback"), ("64:ff9b::7f00:1", "loopback"), ("localhost", "loopback"),
        ("0.0.0.0", "unspecified"), ("0", "unspecified"), ("::", "unspecified"), ("::ffff:0.0.0.0", "unspecified"),
        ("169.254.169.254", "link-local"), ("0xa9fea9fe", "link-local"), ("fe80::1", "link-local"),
        ("::ffff:169.254.0.1", "link-local"),
    ])
    func everySpellingOfLoopbackLinkLocalAndUnspecifiedIsRefused(host: String, kind: String) throws {
        let refusal = try #require(try Self.refusal(host))
        #expect(refusal.status.code == 403)
        #expect(refusal.description.contains("is a\(kind == "unspecified" ? "n" : "") \(kind) address"), "\(refusal)")
        #expect(refusal.description.contains("never connects to loopback, link-local or unspecified addresses"))
    }

    @Test func loopbackIsServedOnlyWhenAnInterceptPatternNamesIt() throws {
        #expect(Self.policy.route(host: "127.0.0.1", port: 9000) == .success(.intercepted(loopbackAllowed: true)))
        #expect(try Self.refusal("127.0.0.1", port: 9000, loopbackAllowed: true) == nil)
        // Another spelling of the same address is not what the pattern names: passed through, so refused.
        #expect(Self.policy.route(host: "0x7f.1", port: 9000) == .success(.passedThrough))
        // A wildcard or a name that resolves to loopback is not naming it.
        let everything = DestinationPolicy(intercept: [InterceptPattern(host: "*", port: nil)], passThrough: [])
        #expect(everything.route(host: "127.0.0.1", port: 1) == .success(.intercepted(loopbackAllowed: false)))
        let named = DestinationPolicy(intercept: [InterceptPattern(host: "game.test", port: nil)], passThrough: [])
        let viaName = named.refusal(
            host: "game.test", port: 443, addresses: [try SocketAddress(ipAddress: "127.0.0.1", port: 443)],
            loopbackAllowed: false, ownPorts: [], localAddresses: { [] })
        #expect(
            viaName?.description.contains("game.test:443 (127.0.0.1) is a loopback address") == true,
            "\(String(describing: viaName))")
        #expect(
            ["localhost", "LOCALHOST", "127.0.0.1", "127.9.9.9", "::1"].allSatisfy {
                InterceptPattern(host: $0, port: nil).namesLoopback
            })
        #expect(
            !["*", "::ffff:127.0.0.1", "0x7f.1", "vm", "10.0.0.1"].contains {
                InterceptPattern(host: $0, port: nil).namesLoopback
            })
    }

    @Test func theProxysOwnPortsAreRefusedEvenWhereLoopbackIsAllowed() throws {
        let own = try #require(try Self.refusal("127.0.0.1", port: 9000, loopbackAllowed: true, ownPorts: [9000]))
        #expect(own.description.contains("is this proxy's own listener or control endpoint"), "\(own)")
        // On this machine's own network address too; another machine's port of the same number is not the proxy.
        #expect(try Self.refusal("192.0.2.2", port: 9000, ownPorts: [9000])?.status.code == 403)
        #expect(try Self.refusal("::ffff:192.0.2.2", port: 9000, ownPorts: [9000])?.status.code == 403)
        #expect(try Self.refusal("192.0.2.3", port: 9000, ownPorts: [9000]) == nil)
        #expect(try Self.refusal("192.0.2.2", port: 9001, ownPorts: [9000]) == nil)
    }

    @Test func aHostNeitherInterceptedNorPassedThroughIsA403NamingTheFlag() {
        let strict = DestinationPolicy(intercept: [InterceptPattern(host: "lichun.app", port: 443)], passThrough: [])
        guard case .failure(let refusal) = strict.route(host: "cdn.example.com", port: 443) else {
            Issue.record("cdn.example.com was served")
            return
        }
        #expect(refusal.status.code == 403)
        #expect(refusal.description.contains("--pass-through cdn.example.com"), "\(refusal)")
        #expect(refusal.description.contains("--pass-through '*'"))
        // lichun.app on another port is not intercepted either.
        #expect(strict.route(host: "lichun.app", port: 80) != .success(.intercepted(loopbackAllowed: false)))
        let passing = DestinationPolicy(
            intercept: [InterceptPattern(host: "lichun.app", port: 443)],
            passThrough: [InterceptPattern(host: "*.example.com", port: nil)])
        #expect(passing.route(host: "cdn.example.com", port: 443) == .success(.passedThrough))
        #expect(passing.route(host: "lichun.app", port: 443) == .success(.intercepted(loopbackAllowed: false)))
    }

    @Test func clientsAreLimitedToLocalNetworksByDefault() throws {
        func refused(_ ip: String, _ allowed: [AddressRange] = AddressRange.localNetworks) throws -> Bool {
            AddressRange.refusal(forClient: try SocketAddress(ipAddress: ip, port: 5000), allowed: allowed) != nil
        }
        #expect(AddressRange.localNetworks.count == 9)
        for local in [
            "127.0.0.1", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.20", "100.64.0.1", "169.254.1.1", "::1",
            "fd00::2", "fe80::1", "::ffff:192.168.1.20",
        ] {
            #expect(try !refused(local), "\(local)")
        }
        for outside in ["8.8.8.8", "172.32.0.1", "192.0.2.2", "100.128.0.1", "2001:db8::1", "::ffff:8.8.8.8"] {
            #expect(try refused(outside), "\(outside)")
        }
        let narrow = [try AddressRange.parse("192.0.2.0/24").get()]
        #expect(try !refused("192.0.2.2", narrow))
        #expect(try refused("192.0.3.2", narrow))
        let refusal = try #require(
            AddressRange.refusal(forClient: try SocketAddress(ipAddress: "8.8.8.8", port: 1), allowed: narrow))
        #expect(refusal.description.contains("--allow-clients 8.8.8.8"), "\(refusal)")
        for bad in ["192.168.1.0/33", "fd00::/129", "lichun.app", "10.0.0.0/x", "0x7f.1/8", ""] {
            guard case .failure(let error) = AddressRange.parse(bad) else {
                Issue.record("\(bad) was accepted")
                continue
            }
            #expect(error.description.hasPrefix("--allow-clients \(bad): "))
        }
    }
}
