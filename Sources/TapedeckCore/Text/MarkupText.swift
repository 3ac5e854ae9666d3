/// Escaping for text taken from tapes and scenarios into XML or HTML (the JUnit files, the HTML
/// report): markup characters become entities, and the control characters XML 1.0 cannot hold
/// (and no page should show raw) become U+FFFD, so no payload can break the document around it.
public enum MarkupText {
    /// Text safe in element content and in double- or single-quoted attribute values.
    ///
    /// - Parameter text: Any text.
    /// - Returns: The text with `&`, `<`, `>`, `"` and `'` as entities and the characters XML cannot
    ///   hold as U+FFFD.
    public static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
