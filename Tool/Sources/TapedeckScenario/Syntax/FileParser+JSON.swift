import TapedeckCore
import TapedeckProtocol

extension FileParser {
    static let maxJSONDepth = 64

    /// A JSON value where `${name}` may be a whole value or part of a string. Objects and arrays
    /// may span lines, with comments between members.
    mutating func parseJSON(depth: Int) throws(ScenarioParseError) -> JSONTemplate {
        let start = position
        guard depth < Self.maxJSONDepth else {
            throw fail("JSON nested more than \(Self.maxJSONDepth) deep", at: start, found: foundHere)
        }
        guard let character = cursor.current else {
            throw fail("expected a JSON value, found the end of the file", at: start, found: "")
        }
        switch character {
        case "{": return try parseJSONObject(depth: depth)
        case "[": return try parseJSONArray(depth: depth)
        case "\"":
            let text = try readString(allowVariables: true)
            if text.variableNames.isEmpty { return .literal(.string(text.description)) }
            return .string(text)
        case "$" where cursor.peek(1) == "{":
            return .variable(try readVariable())
        case "-", "0"..."9":
            return .literal(try readJSONNumber())
        default:
            let word = readIdentifier()
            switch word {
            case "true": return .literal(.bool(true))
            case "false": return .literal(.bool(false))
            case "null": return .literal(.null)
            case "":
                throw fail(
                    "expected a JSON value, found \(describedHere)", at: start, found: foundHere,
                    hint: "a number, \"string\", true, false, null, [...], {...} or ${variable}")
            default:
                let hint = Suggestion.hint(for: word, in: ["true", "false", "null"]) ?? "strings need quotes: \"\(word)\""
                throw fail("expected a JSON value, found '\(word)'", at: start, found: word, hint: hint)
            }
        }
    }

    mutating func parseJSONObject(depth: Int) throws(ScenarioParseError) -> JSONTemplate {
        let open = position
        cursor.advance()
        var members: [(key: String, value: JSONTemplate)] = []
        cursor.skipBlankSpace()
        if cursor.current == "}" {
            cursor.advance()
            return .object(members)
        }
        while true {
            cursor.skipBlankSpace()
            let keyStart = position
            guard cursor.current == "\"" else {
                if cursor.isAtEnd {
                    throw fail("the object opened at line \(open.line) is not closed", at: keyStart, found: "", hint: "add '}'")
                }
                let word = foundHere
                throw fail(
                    "expected a quoted key in the JSON object, found \(describedHere)", at: keyStart, found: word,
                    hint: word.first?.isLetter == true ? "write \"\(word)\"" : nil)
            }
            let key = try readString(allowVariables: false)
            cursor.skipBlankSpace()
            try expect(":", "':' after the key \"\(key.description)\"")
            cursor.skipBlankSpace()
            members.append((key.description, try parseJSON(depth: depth + 1)))
            cursor.skipBlankSpace()
            if cursor.current == "," {
                cursor.advance()
                continue
            }
            if cursor.current == "}" {
                cursor.advance()
                return .object(members)
            }
            if cursor.isAtEnd {
                throw fail("the object opened at line \(open.line) is not closed", at: position, found: "", hint: "add '}'")
            }
            throw fail("expected ',' or '}' in the JSON object, found \(describedHere)", at: position, found: foundHere)
        }
    }

    mutating func parseJSONArray(depth: Int) throws(ScenarioParseError) -> JSONTemplate {
        let open = position
        cursor.advance()
        var items: [JSONTemplate] = []
        cursor.skipBlankSpace()
        if cursor.current == "]" {
            cursor.advance()
            return .array(items)
        }
        while true {
            cursor.skipBlankSpace()
            items.append(try parseJSON(depth: depth + 1))
            cursor.skipBlankSpace()
            if cursor.current == "," {
                cursor.advance()
                continue
            }
            if cursor.current == "]" {
                cursor.advance()
                return .array(items)
            }
            if cursor.isAtEnd {
                throw fail("the array opened at line \(open.line) is not closed", at: position, found: "", hint: "add ']'")
            }
            throw fail("expected ',' or ']' in the JSON array, found \(describedHere)", at: position, found: foundHere)
        }
    }

    /// JSON number grammar; integers that fit become `.int`, others `.double`.
    mutating func readJSONNumber() throws(ScenarioParseError) -> JSONValue {
        let start = position
        let startIndex = cursor.index
        func digits() -> Int {
            var count = 0
            while let character = cursor.current, character.isASCII, character.isNumber {
                cursor.advance()
                count += 1
            }
            return count
        }
        _ = cursor.consume("-")
        let integerStart = cursor.current
        let integerDigits = digits()
        guard integerDigits > 0 else {
            throw fail("expected digits in the number", at: start, found: cursor.text(from: startIndex) + foundHere)
        }
        if integerStart == "0", integerDigits > 1 {
            throw fail("numbers cannot have leading zeros", at: start, found: cursor.text(from: startIndex))
        }
        var isInteger = true
        if cursor.current == ".", cursor.peek(1)?.isNumber == true {
            cursor.advance()
            _ = digits()
            isInteger = false
        }
        if cursor.current == "e" || cursor.current == "E" {
            cursor.advance()
            if cursor.current == "+" || cursor.current == "-" { cursor.advance() }
            guard digits() > 0 else {
                throw fail("expected digits in the exponent", at: start, found: cursor.text(from: startIndex))
            }
            isInteger = false
        }
        let text = cursor.text(from: startIndex)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else {
            throw fail("the number \(text) is out of range", at: start, found: text)
        }
        return .double(value)
    }
}
