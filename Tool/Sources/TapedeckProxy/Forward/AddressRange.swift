import NIOCore
import TapedeckWebSocket

/// `ADDRESS/BITS` (CIDR) or a single address, for `record --allow-clients`: which clients may use
/// the forward proxy. An IPv4 client reached through an IPv6 listener (`::ffff:a.b.c.d`) is
/// judged as its IPv4 address.
package struct AddressRange: Sendable, Equatable, CustomStringConvertible {
    let network: [UInt8]
    let bits: Int

    /// The default: the networks a device next to this machine has (loopback, private IPv4,
    /// carrier-grade NAT as VPNs like Tailscale use, link-local, IPv6 unique-local), not the internet.
    package static let localNetworks: [AddressRange] = [
        "127.0.0.0/8", "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "169.254.0.0/16",
        "::1/128", "fc00::/7", "fe80::/10",
    ].compactMap { try? parse($0).get() }

    package static func parse(_ text: String) -> Result<AddressRange, AddressRangeError> {
        func failure(_ reason: String) -> Result<AddressRange, AddressRangeError> {
            .failure(AddressRangeError(text: text, reason: reason))
        }
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(text: String(parts[0])) else {
            return failure("\(parts[0]) is not an IP address (give e.g. 192.168.1.0/24 or fd00::/8)")
        }
        let width = address.bytes.count * 8
        var bits = width
        if parts.count == 2 {
            guard parts[1].allSatisfy(\.isASCII), let number = Int(parts[1]), (0...width).contains(number) else {
                return failure("the prefix length after / must be 0-\(width)")
            }
            bits = number
        }
        return .success(AddressRange(network: address.bytes, bits: bits))
    }

    func contains(_ candidate: IPAddress) -> Bool {
        let address = network.count == 4 ? candidate.unmapped : candidate
        guard address.bytes.count == network.count else { return false }
        var remaining = bits
        for (mine, theirs) in zip(network, address.bytes) where remaining > 0 {
            let mask: UInt8 = remaining >= 8 ? 0xff : ~(0xff >> UInt8(remaining))
            if mine & mask != theirs & mask { return false }
            remaining -= 8
        }
        return true
    }

    package var description: String { "\(LocalCertificateAuthority.ipAddressText(network))/\(bits)" }

    /// Why a client at `remote` may not use the forward proxy, or nil when one of `allowed` holds it.
    static func refusal(forClient remote: SocketAddress?, allowed: [AddressRange]) -> ForwardProxyRefusal? {
        guard let remote, let address = IPAddress(remote)?.unmapped else { return nil }
        if allowed.contains(where: { $0.contains(address) }) { return nil }
        return .forbidden(
            "this proxy serves clients on \(allowed.map(\.description).joined(separator: ", ")) only, not \(address); "
                + "start it with --allow-clients \(address) (or a network, ADDRESS/BITS) to let this client in")
    }
}

package struct AddressRangeError: Error, Sendable, Equatable, CustomStringConvertible {
    package var text: String
    package var reason: String
    package var description: String { "--allow-clients \(text): \(reason)" }
}
