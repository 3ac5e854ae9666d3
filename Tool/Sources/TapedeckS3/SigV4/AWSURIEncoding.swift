/// Percent-encoding as SigV4 defines it: every byte of the UTF-8 except the unreserved
/// `A-Z a-z 0-9 - . _ ~` becomes `%XY` with uppercase hex digits (a space is `%20`, never `+`).
enum AWSURIEncoding {
    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// `text` with every byte but the unreserved ones encoded; `/` too unless `keepingSlashes`.
    static func encode(_ text: String, keepingSlashes: Bool = false) -> String {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) || (keepingSlashes && byte == UInt8(ascii: "/")) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// A path's canonical form: each segment encoded once, the slashes kept. S3 wants exactly this
    /// (an object key is never normalized: `a//b/../c` is a key of its own).
    static func encodePath(_ path: String) -> String {
        let encoded = encode(path, keepingSlashes: true)
        return encoded.hasPrefix("/") ? encoded : "/" + encoded
    }

    /// RFC 3986's dot-segment removal plus collapsed empty segments, for services other than S3:
    /// `//example/./a/../` is `/example/`. A trailing slash stays; nothing left is `/`.
    static func normalizedPath(_ path: String) -> String {
        var segments: [Substring] = []
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts {
            switch part {
            case "", ".": continue
            case "..": _ = segments.popLast()
            default: segments.append(part)
            }
        }
        let last = parts.last ?? ""
        let endsInFolder = last.isEmpty || last == "." || last == ".."
        let joined = "/" + segments.joined(separator: "/")
        return endsInFolder && !segments.isEmpty ? joined + "/" : joined
    }
}
