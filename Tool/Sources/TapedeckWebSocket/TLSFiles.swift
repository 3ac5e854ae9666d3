import NIOSSL

/// TLS contexts from PEM files, for `wss://`.
package enum TLSFiles {
    /// A server context from a certificate chain and a private key (PEM).
    package static func serverContext(certificatePath: String, keyPath: String) throws -> NIOSSLContext {
        let chain = try NIOSSLCertificate.fromPEMFile(certificatePath).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(file: keyPath, format: .pem)
        let configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
        return try NIOSSLContext(configuration: configuration)
    }

    /// The server context of a listener's `--tls-cert`/`--tls-key` pair: none for plain `ws://`,
    /// an error when only one of the two is given or they cannot be loaded.
    package static func serverContext(certificatePath: String?, keyPath: String?) throws(TLSFilesError) -> NIOSSLContext? {
        switch (certificatePath, keyPath) {
        case (let certificate?, let key?):
            do {
                return try serverContext(certificatePath: certificate, keyPath: key)
            } catch {
                throw .unreadable(certificate: certificate, key: key, reason: "\(error)")
            }
        case (nil, nil):
            return nil
        default:
            throw .incomplete
        }
    }
}

/// Why a listener's certificate and key cannot serve `wss://`.
package enum TLSFilesError: Error, Sendable, Equatable, CustomStringConvertible {
    case incomplete
    case unreadable(certificate: String, key: String, reason: String)

    package var description: String {
        switch self {
        case .incomplete:
            "TLS needs both a certificate (--tls-cert) and a private key (--tls-key), as PEM files"
        case .unreadable(let certificate, let key, let reason):
            "cannot load the TLS certificate \(certificate) or key \(key) (\(reason)): both must be readable PEM files"
        }
    }
}
