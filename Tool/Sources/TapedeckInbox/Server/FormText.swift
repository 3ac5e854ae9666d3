/// `application/x-www-form-urlencoded` text (a query or a form's body) as name-value pairs.
enum FormText {
    static func pairs(_ text: String) -> [String: String] {
        var pairs: [String: String] = [:]
        for part in text.split(separator: "&") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(pair[0]) else { continue }
            pairs[name] = pair.count > 1 ? decode(pair[1]) ?? "" : ""
        }
        return pairs
    }

    /// `+` as a space and `%XX` as its byte; nil when an escape is not two hex digits.
    static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next(), let low = iterator.next(),
                    let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(value)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
