/// HTTP/1.1 as bytes, for handlers that answer before any HTTP codec is in the pipeline: the
/// forward proxy's first request, and the connection limit's 503.
package enum RawHTTP {
    /// Where the `\r\n\r\n` that ends a request head starts, or nil when it has not arrived.
    package static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// A whole response: the status, `text` as a plain-text body, `Connection: close`, then
    /// `extraHeaders` (`"Retry-After: 1"`).
    package static func plainTextResponse(code: Int, reason: String, text: String, extraHeaders: [String] = []) -> [UInt8] {
        var head =
            "HTTP/1.1 \(code) \(reason)\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(text.utf8.count)\r\nConnection: close\r\n"
        for header in extraHeaders { head += header + "\r\n" }
        return Array((head + "\r\n" + text).utf8)
    }
}
