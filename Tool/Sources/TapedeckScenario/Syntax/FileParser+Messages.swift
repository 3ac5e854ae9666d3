import TapedeckCore
import TapedeckProtocol
import TapedeckState

/// `send` and `expect`: message types, bodies, filters and the comparisons they share with `--until`.
extension FileParser {
    /// A message type: checked against the known client or server types.
    mutating func parseMessageType(server: Bool, after keyword: String) throws(ScenarioParseError) -> String {
        let start = position
        let type = readIdentifier()
        let known = server ? ServerMessage.knownTypes : ClientMessage.knownTypes
        let other = server ? ClientMessage.knownTypes : ServerMessage.knownTypes
        let side = server ? "server" : "client"
        guard !type.isEmpty else {
            throw fail(
                "expected a \(side) message type after \(keyword), found \(describedHere)", at: start, found: foundHere,
                hint: "e.g. \(server ? "playerObject" : "createCharacter")")
        }
        guard known.contains(type) else {
            if other.contains(type) {
                throw fail(
                    "'\(type)' is a \(server ? "client" : "server") message type; \(keyword) takes a \(side) message type",
                    at: start, found: type,
                    hint: server ? "use send \(type) to send it" : "use expect \(type) to wait for it")
            }
            throw fail(
                "unknown \(side) message type '\(type)'", at: start, found: type,
                hint: Suggestion.hint(for: type, in: known) ?? "known types: " + known.joined(separator: ", "))
        }
        return type
    }

    mutating func parseSend(at here: SourceLocation) throws(ScenarioParseError) -> ScenarioStatement {
        cursor.skipSpaces()
        let type = try parseMessageType(server: false, after: "send")
        cursor.skipSpaces()
        guard !cursor.isAtLineEnd, cursor.current != "}" else {
            try checkBody(nil, type: type, at: position)
            return ScenarioStatement(.send(type: type, body: nil), at: here)
        }
        let bodyStart = position
        guard cursor.current == "{" else {
            throw fail(
                "expected the message body as a JSON object after 'send \(type)', found \(describedHere)", at: bodyStart,
                found: foundHere, hint: "e.g. send \(type) {\"field\": \"value\"}")
        }
        let body = try parseJSON(depth: 0)
        try checkBody(body, type: type, at: bodyStart)
        return ScenarioStatement(.send(type: type, body: body), at: here)
    }

    /// A body without variables is checked now by the protocol decoder; others when sent.
    func checkBody(_ body: JSONTemplate?, type: String, at start: Position) throws(ScenarioParseError) {
        guard body?.variableNames.isEmpty ?? true else { return }
        let value = (try? body?.render(ScenarioVariables())) ?? .object([:])
        if let problem = SentMessage.problem(type: type, body: value) {
            throw fail(
                "the \(type) body does not match the protocol: \(problem)", at: start, found: body?.description ?? type,
                hint: "see the \(type) section of docs/PROTOCOL.md")
        }
    }

    /// `expect closed [CODE] [within D]` or `expect dropped [within D]`; nil (nothing read) for
    /// an `expect` of a message.
    mutating func parseExpectEnd(at here: SourceLocation) throws(ScenarioParseError) -> ScenarioStatement? {
        let start = position
        let index = cursor.index
        let word = readIdentifier()
        guard word == "closed" || word == "dropped" else {
            cursor.reset(to: index, line: start.line, column: start.column)
            return nil
        }
        var code: Int?
        cursor.skipSpaces()
        if word == "closed", let next = cursor.current, next.isASCII, next.isNumber {
            code = try readInteger(what: "a close code", range: 1000...4999)
        }
        var within: ScenarioDuration?
        cursor.skipSpaces()
        if !cursor.isAtLineEnd, cursor.current != "}" {
            let clauseStart = position
            let clause = readIdentifier()
            guard clause == "within" else {
                throw fail(
                    "unexpected '\(clause.isEmpty ? foundHere : clause)' in expect \(word)", at: clauseStart,
                    found: clause.isEmpty ? foundHere : clause,
                    hint: word == "closed"
                        ? "write expect closed [CODE] [within DURATION]" : "write expect dropped [within DURATION]")
            }
            within = try readDuration(after: "within")
        }
        return ScenarioStatement(.expectEnd(.init(code: code, dropped: word == "dropped", within: within)), at: here)
    }

    mutating func parseExpect(at here: SourceLocation) throws(ScenarioParseError) -> ScenarioStatement {
        cursor.skipSpaces()
        let noStart = position
        let noIndex = cursor.index
        var negated = false
        if readIdentifier() == "no", cursor.current.map(SourceCursor.isSpace) ?? false {
            negated = true
            cursor.skipSpaces()
        } else {
            cursor.reset(to: noIndex, line: noStart.line, column: noStart.column)
        }
        if !negated, let end = try parseExpectEnd(at: here) { return end }
        let type = try parseMessageType(server: true, after: negated ? "expect no" : "expect")
        var filter: MessageFilter?
        var within: ScenarioDuration?
        var duration: ScenarioDuration?
        while true {
            cursor.skipSpaces()
            if cursor.isAtLineEnd || cursor.current == "}" { break }
            let clauseStart = position
            let word = readIdentifier()
            let allowed = negated ? ["where", "for"] : ["where", "within"]
            switch word {
            case "where" where filter == nil:
                filter = try parseFilter()
            case "within" where !negated && within == nil:
                within = try readDuration(after: "within")
            case "for" where negated && duration == nil:
                duration = try readDuration(after: "for")
            default:
                let shown = word.isEmpty ? foundHere : word
                if word == "within" && negated {
                    throw fail(
                        "expect no takes 'for DURATION', not 'within'", at: clauseStart, found: word,
                        hint: "write expect no \(type) for 1s")
                }
                if word == "for" && !negated {
                    throw fail(
                        "'for' belongs to expect no; expect takes 'within DURATION'", at: clauseStart, found: word,
                        hint: "write expect \(type) within 2s, or expect no \(type) for 2s")
                }
                if allowed.contains(word) {
                    throw fail("'\(word)' is given twice", at: clauseStart, found: word)
                }
                throw fail(
                    "unexpected '\(shown)' in expect", at: clauseStart, found: shown,
                    hint: Suggestion.hint(for: word, in: allowed)
                        ?? "expected \(allowed.joined(separator: " or ")) or the end of the line")
            }
        }
        if negated {
            guard let duration else {
                throw fail(
                    "expect no needs how long to watch: 'for DURATION'", at: position, found: "",
                    hint: "e.g. expect no \(type) for 1s")
            }
            return ScenarioStatement(.expectNo(.init(type: type, filter: filter, duration: duration)), at: here)
        }
        return ScenarioStatement(.expect(.init(type: type, filter: filter, within: within)), at: here)
    }

    /// `COMPARISON { (and|or) COMPARISON }` on message body paths.
    mutating func parseFilter() throws(ScenarioParseError) -> MessageFilter {
        var alternatives: [[Comparison]] = [[]]
        while true {
            cursor.skipSpaces()
            alternatives[alternatives.count - 1].append(try parseComparison(state: false))
            cursor.skipSpaces()
            let save = (cursor.index, position)
            let word = readIdentifier()
            if word == "and" { continue }
            if word == "or" {
                alternatives.append([])
                continue
            }
            cursor.reset(to: save.0, line: save.1.line, column: save.1.column)
            return MessageFilter(alternatives: alternatives)
        }
    }

    /// `PATH OP VALUE`. State paths are checked against the snapshot's shape.
    mutating func parseComparison(state: Bool) throws(ScenarioParseError) -> Comparison {
        let (text, start) = readPathText()
        guard !text.isEmpty else {
            throw fail(
                "expected a \(state ? "state" : "message field") path, found \(describedHere)", at: start, found: foundHere,
                hint: state ? "e.g. gameState.energy == 100" : "e.g. where matched == true")
        }
        let path = try parsePath(text, at: start)
        if state, let problem = StatePathSchema.check(path, text: text) {
            let offsets = StatePathSchema.componentOffsets(text)
            let offset = problem.component < offsets.count ? offsets[problem.component] : 0
            var found = String(text.dropFirst(offset))
            if let end = found.dropFirst().firstIndex(where: { $0 == "." || $0 == "[" }) { found = String(found[..<end]) }
            throw fail(
                "unknown state path '\(text)': \(problem.message)", at: Position(line: start.line, column: start.column + offset),
                found: found, hint: problem.hint)
        }
        cursor.skipSpaces()
        let op = try parseOperator(after: text)
        let value = try parseValue(after: "'\(op.rawValue)'")
        return Comparison(path: path, pathText: text, op: op, value: value, location: location(start))
    }

    mutating func parseOperator(after path: String) throws(ScenarioParseError) -> ComparisonOperator {
        let start = position
        let symbol = cursor.read { "=!<>".contains($0) }
        guard let op = ComparisonOperator(rawValue: symbol) else {
            let hint = symbol == "=" ? "compare with ==" : "use ==, !=, <, <=, > or >="
            throw fail(
                symbol.isEmpty
                    ? "expected a comparison after '\(path)', found \(describedHere)" : "unknown comparison '\(symbol)'",
                at: start, found: symbol.isEmpty ? foundHere : symbol, hint: hint)
        }
        return op
    }

    /// A JSON value (object and array included) or a `${name}` variable.
    mutating func parseValue(after what: String) throws(ScenarioParseError) -> JSONTemplate {
        cursor.skipSpaces()
        guard !cursor.isAtLineEnd else {
            throw fail(
                "expected a value after \(what), found \(describedHere)", at: position, found: "",
                hint: "a number, \"string\", true, false, null or ${variable}")
        }
        return try parseJSON(depth: 0)
    }
}
