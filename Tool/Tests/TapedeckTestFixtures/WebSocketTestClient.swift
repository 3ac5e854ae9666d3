import NIOCore
import NIOSSL
import TapedeckWebSocket

/// What the socket tests ask of TapedeckWebSocket's client beyond what the tool itself uses.
extension WebSocketClient {
    /// The next text message, as UTF-8 bytes; throws on a close or a binary message.
    public func receiveText(timeout: TimeAmount = .seconds(10)) async throws -> [UInt8] {
        switch try await receive(timeout: timeout) {
        case .message(.text(let bytes)): return bytes
        case .message(.binary): throw WebSocketClientError.closed(code: 1003)
        case .closed(let code): throw WebSocketClientError.closed(code: code)
        }
    }
}

extension TLSFiles {
    /// A client context that trusts only the certificate at `trustedCertificatePath` (PEM) and does
    /// not check host names (self-signed test servers); without it the system's roots apply.
    public static func clientContext(trustedCertificatePath: String? = nil) throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let trustedCertificatePath {
            configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(trustedCertificatePath))
            configuration.certificateVerification = .noHostnameVerification
        }
        return try NIOSSLContext(configuration: configuration)
    }
}
