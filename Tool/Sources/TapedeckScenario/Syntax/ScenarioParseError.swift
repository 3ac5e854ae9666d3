/// Why a scenario cannot be parsed: where (file:line:column, and the chain of includes that led
/// there), the offending text, what is wrong and, when there is a likely fix, a hint such as
/// `did you mean "send"?`.
package struct ScenarioParseError: Error, Sendable, Equatable, CustomStringConvertible {
    package var location: SourceLocation
    /// The text at fault as written (a word, a path, a character), or "" at the end of the input.
    package var found: String
    package var message: String
    package var hint: String?
    /// The whole source line, shown under the message with a caret.
    package var sourceLine: String
    /// The `include` statements that led to the file, innermost first.
    package var includedFrom: [SourceLocation]

    package init(
        location: SourceLocation, found: String, message: String, hint: String? = nil,
        sourceLine: String, includedFrom: [SourceLocation] = []
    ) {
        self.location = location
        self.found = found
        self.message = message
        self.hint = hint
        self.sourceLine = sourceLine
        self.includedFrom = includedFrom
    }

    /// The first line: `file:3:5: error: MESSAGE; HINT`.
    package var summary: String {
        "\(location): error: \(message)" + (hint.map { "; \($0)" } ?? "")
    }

    /// The most characters of the source line shown under the summary.
    package static let shownWidth = 160

    /// The summary, the source line with a caret under the offending text, and the include chain.
    package var description: String {
        var lines = [summary]
        // A long line (a message body of a megabyte) is shown as a window around the column.
        let line = Array(sourceLine.replacingTabs)
        let column = max(0, location.column - 1)
        let start = line.count > Self.shownWidth ? max(0, min(column - Self.shownWidth / 4, line.count - Self.shownWidth)) : 0
        let end = min(line.count, start + Self.shownWidth)
        let lead = start > 0 ? "…" : ""
        lines.append("    " + lead + String(line[start..<end]) + (end < line.count ? "…" : ""))
        let prefix = String(repeating: " ", count: lead.count + max(0, column - start))
        let width = max(1, min(found.count, max(1, end - column)))
        lines.append("    " + prefix + String(repeating: "^", count: width))
        for including in includedFrom { lines.append("  included from \(including)") }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate var replacingTabs: String { String(map { $0 == "\t" ? " " : $0 }) }
}
