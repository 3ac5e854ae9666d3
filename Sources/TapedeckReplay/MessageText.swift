import TapedeckCore
import TapedeckProtocol

/// Message bytes as text for reports: pretty-printed when they are JSON, cut when long.
public enum MessageText {
    /// The first `limit` characters of the payload as one printable line: invalid UTF-8 shown as
    /// U+FFFD, control characters (a ping's binary payload, say) escaped so they cannot garble a terminal.
    ///
    /// - Parameters:
    ///   - payload: The message's bytes.
    ///   - limit: The most characters kept.
    /// - Returns: The line; when cut, followed by `…` and the payload's size in bytes.
    public static func excerpt(_ payload: [UInt8], limit: Int) -> String {
        let text = String(decoding: payload, as: UTF8.self).escapingControlCharacters()
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(payload.count) bytes)"
    }

    /// The payload as canonical pretty JSON, cut after `maxLines` lines; the raw excerpt when it is
    /// not JSON.
    ///
    /// - Parameters:
    ///   - payload: The message's bytes.
    ///   - maxLines: The most lines kept.
    /// - Returns: The pretty JSON, or the first 400 characters of the raw text when it is not JSON.
    public static func pretty(_ payload: [UInt8], maxLines: Int = 40) -> String {
        guard let value = try? JSONValue.parse(payload) else { return excerpt(payload, limit: 400) }
        var lines = value.canonicalJSONString(pretty: true).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard lines.count > maxLines else { return lines.joined(separator: "\n") }
        return lines.prefix(maxLines).joined(separator: "\n") + "\n… (\(lines.count - maxLines) more lines)"
    }
}
