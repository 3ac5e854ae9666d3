import NIOCore
import TapedeckWebSocket

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 (4 bytes) or IPv6 (16 bytes) address, as the forward proxy's destination and client
/// rules see it: an IPv6 address that carries an IPv4 one (`::ffff:127.0.0.1`, `::127.0.0.1`,
/// `64:ff9b::7f00:1`) is judged as that IPv4 address.
struct IPAddress: Equatable, Hashable, CustomStringConvertible {
    let bytes: [UInt8]

    init?(bytes: [UInt8]) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = bytes
    }

    /// Only the strict text forms (`inet_pton`): dotted-quad IPv4 or IPv6 without brackets.
    init?(text: String) {
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            bytes = withUnsafeBytes(of: &v4) { Array($0) }
        } else if inet_pton(AF_INET6, text, &v6) == 1 {
            bytes = withUnsafeBytes(of: &v6) { Array($0) }
        } else {
            return nil
        }
    }

    init?(_ address: SocketAddress) {
        switch address {
        case .v4(let v4):
            var raw = v4.address.sin_addr
            bytes = withUnsafeBytes(of: &raw) { Array($0) }
        case .v6(let v6):
            var raw = v6.address.sin6_addr
            bytes = withUnsafeBytes(of: &raw) { Array($0) }
        case .unixDomainSocket:
            return nil
        }
    }

    var isV4: Bool { bytes.count == 4 }

    /// The IPv4 address an IPv6 one carries (mapped `::ffff:0:0/96`, compatible `::/96` other
    /// than `::` and `::1`, NAT64 `64:ff9b::/96`), or the address itself.
    var unmapped: IPAddress {
        guard bytes.count == 16 else { return self }
        let prefix = bytes[0..<12]
        let tail = Array(bytes[12..<16])
        let mapped = prefix.elementsEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff])
        let nat64 = prefix.elementsEqual([0, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0])
        let compatible = prefix.allSatisfy { $0 == 0 } && tail != [0, 0, 0, 0] && tail != [0, 0, 0, 1]
        return mapped || nat64 || compatible ? IPAddress(bytes: tail)! : self
    }

    /// 127.0.0.0/8, ::1.
    var isLoopback: Bool {
        let address = unmapped
        return address.isV4 ? address.bytes[0] == 127 : address.bytes == [UInt8](repeating: 0, count: 15) + [1]
    }

    /// 0.0.0.0/8 ("this network": Linux connects 0.0.0.0 to the machine itself), `::`.
    var isUnspecified: Bool {
        let address = unmapped
        return address.isV4 ? address.bytes[0] == 0 : address.bytes.allSatisfy { $0 == 0 }
    }

    /// 169.254.0.0/16 (also where cloud metadata services answer), fe80::/10.
    var isLinkLocal: Bool {
        let address = unmapped
        return address.isV4
            ? address.bytes[0] == 169 && address.bytes[1] == 254 : address.bytes[0] == 0xfe && address.bytes[1] & 0xc0 == 0x80
    }

    var description: String { LocalCertificateAuthority.ipAddressText(bytes) }
}
