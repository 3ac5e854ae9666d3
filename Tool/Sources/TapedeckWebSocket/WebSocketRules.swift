import NIOCore

/// RFC 6455 rules shared by the reference server, `WebSocketClient` and the recording proxy:
/// which close codes may travel in a close frame, what a valid close payload and upgrade key are.
package enum WebSocketRules {
    /// Codes a close frame may carry (RFC 6455 §7.4 and the IANA registry): 1004-1006 and 1015
    /// are reserved (1005 and 1006 mean "no code" and "no close frame", locally only), below
    /// 1000 and 1016-2999 are unassigned, 5000 and above do not exist.
    package static func mayTravel(closeCode code: UInt16) -> Bool {
        switch code {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    /// A close code in words, for messages: "1009 (message too big)".
    package static func describe(closeCode code: UInt16) -> String {
        let name: String? =
            switch code {
            case 1000: "normal closure"
            case 1001: "going away"
            case 1002: "protocol error"
            case 1003: "unsupported data"
            case 1005: "no code"
            case 1006: "no close frame"
            case 1007: "invalid payload data"
            case 1008: "policy violation"
            case 1009: "message too big"
            case 1010: "missing extension"
            case 1011: "internal error"
            case 1012: "service restart"
            case 1013: "try again later"
            case 1014: "bad gateway"
            default: nil
            }
        return name.map { "\(code) (\($0))" } ?? "\(code)"
    }

    /// `Sec-WebSocket-Key` must be the base64 encoding of 16 bytes (RFC 6455 §4.1, §4.2.1): 22
    /// base64 characters and "==".
    package static func isValidKey(_ key: String) -> Bool {
        let bytes = Array(key.utf8)
        guard bytes.count == 24, bytes[22] == UInt8(ascii: "="), bytes[23] == UInt8(ascii: "=") else { return false }
        return bytes[..<22].allSatisfy { base64Alphabet.contains($0) }
    }

    private static let base64Alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
}
