import TapedeckCore
import TapedeckProtocol
import TapedeckState

/// `connect` with its subprotocols and headers, and the unquoted text they take.
extension FileParser {
    mutating func parseConnect() throws(ScenarioParseError) -> ScenarioStatement.Connect {
        var connect = ScenarioStatement.Connect(url: nil)
        cursor.skipSpaces()
        guard !cursor.isAtLineEnd else { return connect }
        if !cursor.isAt("subprotocol"), !cursor.isAt("refused") {
            let start = position
            let url: TextTemplate
            if cursor.current == "\"" {
                url = try readString(allowVariables: true)
            } else {
                url = try readUnquotedText(stopAtSpace: true)
            }
            if case .literal(let text)? = url.parts.first, !text.hasPrefix("ws://"), !text.hasPrefix("wss://") {
                throw fail(
                    "a connect URL starts with ws:// or wss://", at: start, found: url.description,
                    hint: "e.g. connect ws://127.0.0.1:8080/wss/ (or connect alone for the target's URL)")
            }
            connect.url = url
        }
        // Then `subprotocol NAME` and `refused`, each at most once, in this order.
        cursor.skipSpaces()
        if cursor.isAt("subprotocol") {
            _ = cursor.consume("subprotocol")
            cursor.skipSpaces()
            connect.subprotocol = try parseSubprotocolName()
            cursor.skipSpaces()
        }
        if !cursor.isAtLineEnd {
            let clauseStart = position
            let word = readIdentifier()
            guard word == "refused" else {
                throw fail(
                    "unexpected '\(word.isEmpty ? foundHere : word)' after connect", at: clauseStart,
                    found: word.isEmpty ? foundHere : word,
                    hint: Suggestion.hint(for: word, in: ["subprotocol", "refused"])
                        ?? "only subprotocol NAME and refused may follow the URL; headers go on the next lines")
            }
            connect.expectsRefusal = true
        }
        return connect
    }

    mutating func parseSubprotocolName() throws(ScenarioParseError) -> String {
        let start = position
        let name = cursor.read { !SourceCursor.isSpace($0) && $0 != "}" }
        guard !name.isEmpty else {
            throw fail(
                "expected a subprotocol name, found \(describedHere)", at: start, found: foundHere,
                hint: "e.g. subprotocol baolife.v1")
        }
        return name
    }

    /// `header NAME: VALUE` — the value runs to the end of the line (or a comment), trimmed.
    mutating func parseHeader() throws(ScenarioParseError) -> ScenarioStatement.Header {
        cursor.skipSpaces()
        let start = position
        let name = cursor.read { $0.isASCII && ($0.isLetter || $0.isNumber || "-_!#$%&'*+.^`|~".contains($0)) }
        guard !name.isEmpty else {
            throw fail(
                "expected a header name, found \(describedHere)", at: start, found: foundHere,
                hint: "e.g. header Authorization: Bearer ${token}")
        }
        cursor.skipSpaces()
        try expect(":", "':' after the header name '\(name)'", hint: "write header \(name): VALUE")
        cursor.skipSpaces()
        var value = try readUnquotedText(stopAtSpace: false)
        if case .literal(let last)? = value.parts.last {
            var trimmed = last
            while let end = trimmed.last, SourceCursor.isSpace(end) { trimmed.removeLast() }
            value.parts[value.parts.count - 1] = .literal(trimmed)
            if trimmed.isEmpty { value.parts.removeLast() }
        }
        return ScenarioStatement.Header(name: name, value: value)
    }

    /// Text up to the end of the line (or the first space), with `${name}` variables.
    mutating func readUnquotedText(stopAtSpace: Bool) throws(ScenarioParseError) -> TextTemplate {
        var text = TextTemplateBuilder()
        while let character = cursor.current, !cursor.isAtLineEnd {
            if stopAtSpace, SourceCursor.isSpace(character) { break }
            if character == "$", cursor.peek(1) == "{" {
                text.appendVariable(try readVariable())
                continue
            }
            text.append(character)
            cursor.advance()
        }
        return text.template
    }
}
