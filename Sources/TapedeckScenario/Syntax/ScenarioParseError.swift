/// Why a scenario cannot be parsed: where (file:line:column, and the chain of includes that led
/// there), the offending text, what is wrong and, when there is a likely fix, a hint such as
/// `did you mean "send"?`.
public struct ScenarioParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var location: SourceLocation
    /// The text at fault as written (a word, a path, a character), or "" at the end of the input.
    public var found: String
    public var message: String
    public var hint: String?
    /// The whole source line, shown under the message with a caret.
    public var sourceLine: String
    /// The `include` statements that led to the file, innermost first.
    public var includedFrom: [SourceLocation]

    public init(location: SourceLocation, found: String, message: String, hint: String? = nil,
                sourceLine: String, includedFrom: [SourceLocation] = []) {
        self.location = location; self.found = found; self.message = message; self.hint = hint
        self.sourceLine = sourceLine; self.includedFrom = includedFrom
    }

    /// The first line: `file:3:5: error: MESSAGE; HINT`.
    public var summary: String {
        "\(location): error: \(message)" + (hint.map { "; \($0)" } ?? "")
    }

    /// The summary, the source line with a caret under the offending text, and the include chain.
    public var description: String {
        var lines = [summary]
        let shown = sourceLine.replacingTabs
        lines.append("    " + shown)
        let prefix = String(shown.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " })
        let width = max(1, min(found.count, max(1, shown.count - (location.column - 1))))
        lines.append("    " + prefix + String(repeating: "^", count: width))
        for including in includedFrom { lines.append("  included from \(including)") }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate var replacingTabs: String { String(map { $0 == "\t" ? " " : $0 }) }
}
