/// Query parameters of a request target (`/mark?name=claimed`, `/wss/?player=mei`): the control
/// endpoint's and the reference server's.
package enum RequestQuery {
    /// The percent-decoded value of a query parameter.
    package static func value(_ name: String, in uri: String) -> String? {
        guard let question = uri.firstIndex(of: "?") else { return nil }
        for part in uri[uri.index(after: question)...].split(separator: "&") {
            let pieces = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pieces.first == Substring(name) else { continue }
            return percentDecoded(pieces.count > 1 ? pieces[1] : "")
        }
        return nil
    }

    package static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "+") {
                bytes.append(0x20)
            } else if byte == UInt8(ascii: "%"), utf8.count >= 2,
                let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
