import NIOCore
import TapedeckWebSocket

/// Where the forward proxy may go (issue 34): a proxy that tunnels anywhere lets whoever reaches
/// it into this machine's loopback services and the networks behind it.
///
/// - Intercepted hosts (`--intercept`) are served; other hosts only when `--pass-through` names
///   them (or is `*`); anything else is a 403 that names the flag.
/// - Whatever the flags, never: loopback, link-local, unspecified addresses, and the proxy's own
///   ports on this machine, judged on the addresses the host resolves to, so every spelling of
///   them is caught. Loopback is served only for a host an `--intercept` pattern names as loopback
///   (`localhost`, `127.0.0.1`, `::1`: recording a server on this machine, as the tests do).
struct DestinationPolicy: Sendable {
    var intercept: [InterceptPattern]
    var passThrough: [InterceptPattern]

    /// How a request for a host is served, before any lookup.
    enum Route: Equatable {
        /// Recorded (a `CONNECT` or a WebSocket upgrade) or, for another absolute request, tunnelled.
        case intercepted(loopbackAllowed: Bool)
        /// Tunnelled untouched, not recorded.
        case passedThrough
    }

    func route(host: String, port: Int) -> Result<Route, ForwardProxyRefusal> {
        let matching = intercept.filter { $0.matches(host: host, port: port) }
        if !matching.isEmpty { return .success(.intercepted(loopbackAllowed: matching.contains(where: \.namesLoopback))) }
        if passThrough.contains(where: { $0.matches(host: host, port: port) }) { return .success(.passedThrough) }
        let shown = HostAndPort.shown(host: host, port: port)
        return .failure(
            .forbidden(
                "\(shown) is not intercepted, and other hosts are refused unless passed through: record with "
                    + "--pass-through \(HostAndPort.shown(host: host, port: nil)) to tunnel it untouched and unrecorded "
                    + "(or --pass-through '*' for every host)"))
    }

    /// Why `addresses` (what `host` resolved to) must not be connected to, or nil. `ownPorts` are
    /// the proxy's listen and control ports; `localAddresses` this machine's interface addresses,
    /// asked only when the port is one of them.
    func refusal(
        host: String, port: Int, addresses: [SocketAddress], loopbackAllowed: Bool, ownPorts: Set<Int>,
        localAddresses: () -> [IPAddress]
    ) -> ForwardProxyRefusal? {
        let shown = HostAndPort.shown(host: host, port: port)
        let rule =
            "the forward proxy never connects to loopback, link-local or unspecified addresses, nor to its own ports, "
            + "whatever --pass-through says"
        var local: [IPAddress]?
        for socketAddress in addresses {
            guard let address = IPAddress(socketAddress) else {
                return .forbidden("\(shown) is not an IP destination; \(rule)")
            }
            let resolved = host == address.description ? "" : " (\(address))"
            if address.isUnspecified { return .forbidden("\(shown)\(resolved) is an unspecified address; \(rule)") }
            if address.isLinkLocal { return .forbidden("\(shown)\(resolved) is a link-local address; \(rule)") }
            if address.isLoopback, !loopbackAllowed {
                return .forbidden(
                    "\(shown)\(resolved) is a loopback address; \(rule) (an --intercept pattern that names "
                        + "localhost, 127.0.0.1 or ::1 may reach a server on this machine)")
            }
            if ownPorts.contains(port) {
                if local == nil { local = localAddresses() }
                if address.isLoopback || local!.contains(where: { $0.unmapped == address.unmapped }) {
                    return .forbidden("\(shown)\(resolved) is this proxy's own listener or control endpoint; \(rule)")
                }
            }
        }
        return nil
    }

    /// This machine's interface addresses.
    static func interfaceAddresses() -> [IPAddress] {
        ((try? System.enumerateDevices()) ?? []).compactMap { $0.address.flatMap(IPAddress.init) }
    }
}

extension InterceptPattern {
    /// Whether this pattern names a loopback host itself: `localhost`, a 127.x.y.z address or `::1`.
    var namesLoopback: Bool {
        if host == "localhost" { return true }
        guard let address = IPAddress(text: host) else { return false }
        return address.isLoopback && address.unmapped == address
    }
}
