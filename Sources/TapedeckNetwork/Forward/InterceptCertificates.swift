import Foundation
import NIOConcurrencyHelpers
import NIOSSL

/// TLS server contexts for intercepted hosts: a leaf certificate per host, issued by the local CA
/// on the first `CONNECT` to it and kept for the proxy's lifetime (a P-256 key and a signature
/// take about a millisecond; a cached context costs nothing per connection).
final class InterceptCertificates: Sendable {
    let authority: LocalCertificateAuthority
    private let contexts = NIOLockedValueBox<[String: NIOSSLContext]>([:])

    init(authority: LocalCertificateAuthority) {
        self.authority = authority
    }

    /// The context that presents a certificate for `host` (a name or an IP address).
    func context(for host: String) throws -> NIOSSLContext {
        let key = host.lowercased()
        if let cached = contexts.withLockedValue({ $0[key] }) { return cached }
        let leaf = try authority.issueLeaf(for: [key], now: Date())
        let certificate = try NIOSSLCertificate(bytes: Array(leaf.certificatePEM.utf8), format: .pem)
        let privateKey = try NIOSSLPrivateKey(bytes: Array(leaf.keyPEM.utf8), format: .pem)
        let context = try NIOSSLContext(
            configuration: .makeServerConfiguration(
                certificateChain: [.certificate(certificate)], privateKey: .privateKey(privateKey)))
        // Two first connections at once may both issue one; the first stored wins, both work.
        return contexts.withLockedValue { contexts in
            if let stored = contexts[key] { return stored }
            contexts[key] = context
            return context
        }
    }
}
