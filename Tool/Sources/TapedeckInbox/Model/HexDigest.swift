import Crypto
import TapedeckCore

/// SHA-256 as lowercase hex, for content hashes and group ids (swift-crypto's: uploads are hashed
/// whole on the collector's path).
package enum HexDigest {
    package static func sha256(_ bytes: [UInt8]) -> String { Hex.lowercase(SHA256.hash(data: bytes)) }
}
