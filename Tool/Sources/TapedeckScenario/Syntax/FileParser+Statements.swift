import TapedeckProtocol
import TapedeckState

extension FileParser {
    /// One statement after its keyword. Returns several statements for an `include`.
    mutating func parseStatement(_ keyword: String, at start: Position, depth: Int) throws(ScenarioParseError)
        -> [ScenarioStatement]
    {
        let here = location(start)
        switch keyword {
        case "connect":
            return [ScenarioStatement(.connect(try parseConnect()), at: here)]
        case "close":
            cursor.skipSpaces()
            let code =
                cursor.isAtLineEnd || cursor.current == "}" ? 1000 : try readInteger(what: "a close code", range: 1000...4999)
            return [ScenarioStatement(.close(code: code), at: here)]
        case "send":
            return [try parseSend(at: here)]
        case "expect":
            return [try parseExpect(at: here)]
        case "capture":
            let name = try parseAssignedName(keyword: "capture")
            cursor.skipSpaces()
            let (text, pathStart) = readPathText()
            guard !text.isEmpty else {
                throw fail(
                    "expected a path into the last expected message after '=', found \(describedHere)", at: pathStart,
                    found: foundHere, hint: "e.g. capture eventId = id")
            }
            _ = try parsePath(text, at: pathStart)
            defined.insert(name)
            return [ScenarioStatement(.capture(name: name, path: text), at: here)]
        case "set":
            let name = try parseAssignedName(keyword: "set")
            let value = try parseValue(after: "'='")
            defined.insert(name)
            return [ScenarioStatement(.set(name: name, value: value), at: here)]
        case "wait":
            return [ScenarioStatement(.wait(try readDuration(after: "wait")), at: here)]
        case "backoff":
            return [ScenarioStatement(.backoff(try readDuration(after: "backoff")), at: here)]
        case "timeout":
            return [ScenarioStatement(.timeout(try readDuration(after: "timeout")), at: here)]
        case "repeat":
            return [try parseRepeat(at: start, depth: depth)]
        case "include":
            return try parseInclude(at: start, depth: depth)
        case "mark":
            return [ScenarioStatement(.mark(try readName(for: "mark")), at: here)]
        case "ignore":
            var types: [String] = []
            repeat {
                cursor.skipSpaces()
                types.append(try parseMessageType(server: true, after: types.isEmpty ? "ignore" : "','"))
                cursor.skipSpaces()
            } while cursor.consume(",")
            return [ScenarioStatement(.ignore(types), at: here)]
        default:
            throw fail("'\(keyword)' is not a statement", at: start, found: keyword)
        }
    }

    /// `NAME =` of capture and set.
    mutating func parseAssignedName(keyword: String) throws(ScenarioParseError) -> String {
        cursor.skipSpaces()
        let nameStart = position
        let name = readIdentifier()
        guard !name.isEmpty else {
            throw fail(
                "expected a variable name after '\(keyword)', found \(describedHere)", at: nameStart, found: foundHere,
                hint: "names are letters, digits and _, e.g. \(keyword) eventId = ...")
        }
        cursor.skipSpaces()
        guard cursor.current == "=", cursor.peek(1) != "=" else {
            throw fail("expected '=' after '\(keyword) \(name)', found \(describedHere)", at: position, found: foundHere)
        }
        cursor.advance()
        return name
    }
}
