import Foundation
import NIOConcurrencyHelpers
import NIOSSL
import TapedeckWebSocket

/// TLS server contexts for intercepted hosts: a leaf certificate per host, issued by the local CA
/// on the first `CONNECT` to it (a P-256 key and a signature take about a millisecond; a cached
/// context costs nothing per connection). At most `capacity` hosts are kept, the least recently
/// used one giving way (issue 34, finding 4: `--intercept '*'` grew by 21 MB per 2,000 names).
final class InterceptCertificates: Sendable {
    /// Hosts kept by default: far more than one app talks to, about 10 MB at most.
    static let defaultCapacity = 1_000

    let authority: LocalCertificateAuthority
    let capacity: Int
    private let cache: NIOLockedValueBox<Cache>

    private struct Cache {
        var entries: [String: (context: NIOSSLContext, lastUse: UInt64)] = [:]
        var uses: UInt64 = 0

        mutating func take(_ key: String) -> NIOSSLContext? {
            guard let entry = entries[key] else { return nil }
            uses += 1
            entries[key] = (entry.context, uses)
            return entry.context
        }
    }

    init(authority: LocalCertificateAuthority, capacity: Int = defaultCapacity) {
        self.authority = authority
        self.capacity = max(1, capacity)
        cache = NIOLockedValueBox(Cache())
    }

    /// How many hosts' contexts are kept.
    var count: Int { cache.withLockedValue { $0.entries.count } }

    /// The context that presents a certificate for `host` (a name or an IP address).
    func context(for host: String) throws -> NIOSSLContext {
        let key = host.lowercased()
        if let cached = cache.withLockedValue({ $0.take(key) }) { return cached }
        let leaf = try authority.issueLeaf(for: [key], now: Date())
        let certificate = try NIOSSLCertificate(bytes: Array(leaf.certificatePEM.utf8), format: .pem)
        let privateKey = try NIOSSLPrivateKey(bytes: Array(leaf.keyPEM.utf8), format: .pem)
        let context = try NIOSSLContext(
            configuration: .makeServerConfiguration(
                certificateChain: [.certificate(certificate)], privateKey: .privateKey(privateKey)))
        let capacity = self.capacity
        // Two first connections at once may both issue one; the first stored wins, both work.
        return cache.withLockedValue { cache in
            if let stored = cache.take(key) { return stored }
            if cache.entries.count >= capacity, let oldest = cache.entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                // A scan, but only when a new host comes in, which costs a key and a signature anyway.
                cache.entries[oldest.key] = nil
            }
            cache.uses += 1
            cache.entries[key] = (context, cache.uses)
            return context
        }
    }
}
