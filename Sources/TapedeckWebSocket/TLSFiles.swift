import NIOSSL

/// TLS contexts from PEM files, for `wss://`.
public enum TLSFiles {
    /// A server context from a certificate chain and a private key (PEM).
    public static func serverContext(certificatePath: String, keyPath: String) throws -> NIOSSLContext {
        let chain = try NIOSSLCertificate.fromPEMFile(certificatePath).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(file: keyPath, format: .pem)
        let configuration = TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
        return try NIOSSLContext(configuration: configuration)
    }

    /// A client context. With `trustedCertificatePath` only that certificate (PEM) is trusted and host
    /// names are not checked (self-signed test servers); without it the system's roots apply.
    public static func clientContext(trustedCertificatePath: String? = nil) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let trustedCertificatePath {
            let certificates = try NIOSSLCertificate.fromPEMFile(trustedCertificatePath)
            configuration.trustRoots = .certificates(certificates)
            configuration.certificateVerification = .noHostnameVerification
        }
        return try NIOSSLContext(configuration: configuration)
    }
}
