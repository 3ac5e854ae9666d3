import Foundation
import TestSupport

/// The programs nobody here wrote that the tests talk to, and what they need: the Python peers
/// (`Tests/<target>/Peers/*.py`, run with the project's `.venv` Python, `make pydeps`) and the TLS
/// fixtures the network tests share.
public enum Peers {
    /// `Tests/TARGET/Peers/NAME`: a peer script kept beside the tests that use it.
    public static func script(_ target: String, _ name: String) -> String {
        ChildProcess.repositoryRoot + "/Tool/Tests/" + target + "/Peers/" + name
    }

    /// The proxy tests' peer `NAME`.
    public static func proxy(_ name: String) -> String { script("TapedeckProxyTests", name) }

    /// A self-signed certificate (CA:TRUE) for `localhost` and `127.0.0.1`, and its key: the
    /// servers' and the proxy's TLS tests use it as a server's certificate and as a CA file.
    public static let testCertificate = ChildProcess.repositoryRoot + "/Tool/Tests/TapedeckServersTests/Fixtures/test-cert.pem"
    public static let testKey = ChildProcess.repositoryRoot + "/Tool/Tests/TapedeckServersTests/Fixtures/test-key.pem"
}

extension Peers {
    /// A peer that cannot run, and what to do about it.
    public struct Missing: Error, CustomStringConvertible {
        public var description: String
    }

    /// Throws unless the project's Python (with `websockets`, `make pydeps`) is there.
    public static func requirePython() throws {
        guard FileManager.default.isExecutableFile(atPath: ChildProcess.python) else {
            throw Missing(description: "no \(ChildProcess.python): run `make pydeps` first")
        }
    }
}
