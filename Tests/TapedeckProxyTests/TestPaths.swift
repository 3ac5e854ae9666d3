import Foundation
import TestSupport

/// Paths the proxy tests need.
enum TestPaths {
    static let packageRoot = ChildProcess.packageRoot
    static let python = ChildProcess.python
    static let tapedeck = ChildProcess.tapedeck

    static func peer(_ name: String) -> String { packageRoot + "/Tests/TapedeckProxyTests/Peers/" + name }

    /// A self-signed certificate (CA:TRUE) for `localhost` and `127.0.0.1`, and its key: the network
    /// tests' TLS fixtures, used here as the upstream's certificate and as a CA file.
    static let testCertificate = packageRoot + "/Tests/TapedeckServersTests/Fixtures/test-cert.pem"
    static let testKey = packageRoot + "/Tests/TapedeckServersTests/Fixtures/test-key.pem"

    /// A fresh empty folder under the system's temporary folder.
    static func temporaryFolder(_ name: String) -> String {
        let path = NSTemporaryDirectory() + "tapedeck-proxy-\(name)-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func tapes(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasSuffix(".tape") }.sorted().map { folder + "/" + $0 }
    }
}
