import Foundation

/// Reads the markers the report's script leaves in the DOM dump.
struct DumpedDOM {
    let html: String

    /// The attributes of the first start tag matching `tag` whose text contains `containing`.
    func attributes(of tag: String, containing: String = "") -> [String: String]? {
        var searchStart = html.startIndex
        while let open = html.range(of: "<" + tag, range: searchStart..<html.endIndex),
            let close = html.range(of: ">", range: open.upperBound..<html.endIndex)
        {
            let text = String(html[open.lowerBound..<close.upperBound])
            searchStart = close.upperBound
            guard containing.isEmpty || text.contains(containing) else { continue }
            var attributes: [String: String] = [:]
            let pattern = try! NSRegularExpression(pattern: #"([a-zA-Z-]+)="([^"]*)""#)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                attributes[String(text[Range(match.range(at: 1), in: text)!])] = String(
                    text[Range(match.range(at: 2), in: text)!])
            }
            return attributes
        }
        return nil
    }

    /// Console messages Chromium logged (`--enable-logging=stderr`): `...:CONSOLE(12)] "text"...`.
    static func consoleLines(_ stderr: String) -> [String] {
        stderr.split(separator: "\n").map(String.init).filter { $0.contains(":CONSOLE") || $0.contains("Uncaught") }
    }
}
