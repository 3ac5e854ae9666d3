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

    // MARK: connect

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

    // MARK: send and expect

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
            if word == "or" { alternatives.append([]); continue }
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

    // MARK: checkpoint

    mutating func parseCheckpoint(at start: Position) throws(ScenarioParseError) -> (ScenarioStatement, braced: Bool) {
        let name = try readName(for: "checkpoint")
        cursor.skipSpaces()
        guard cursor.current == "{" else {
            return (ScenarioStatement(.checkpoint(name: name, assertions: []), at: location(start)), false)
        }
        let open = position
        cursor.advance()
        var assertions: [Comparison] = []
        while true {
            cursor.skipBlankSpace()
            guard let character = cursor.current else {
                throw fail(
                    "missing '}' to close checkpoint \(name) opened at line \(open.line)", at: position, found: "",
                    hint: "add a line with '}' after its assertions")
            }
            if character == "}" { cursor.advance(); break }
            assertions.append(try parseAssertion())
            cursor.skipSpaces()
            cursor.skipComment()
            if cursor.current == "}" { continue }
            guard cursor.isAtEnd || cursor.isAtNewline else {
                throw fail(
                    "unexpected '\(foundHere)' after the assertion", at: position, found: foundHere,
                    hint: "put each assertion on its own line")
            }
        }
        return (ScenarioStatement(.checkpoint(name: name, assertions: assertions), at: location(start)), true)
    }

    /// A checkpoint assertion. A bare word with no comparison after it is reported as an unknown
    /// statement (a misspelt keyword after a checkpoint reads like a path).
    mutating func parseAssertion() throws(ScenarioParseError) -> Comparison {
        let startIndex = cursor.index
        let start = position
        let word = readIdentifier()
        var probe = cursor
        probe.skipSpaces()
        let operatorFollows = probe.current.map { "=!<>".contains($0) } ?? false
        if !word.isEmpty, cursor.current.map({ $0 != "." && $0 != "[" }) ?? true, !operatorFollows,
            !ClientState.snapshotKeys.contains(word)
        {
            throw unknownStatement(word, at: start)
        }
        cursor.reset(to: startIndex, line: start.line, column: start.column)
        return try parseComparison(state: true)
    }

    // MARK: repeat and include

    mutating func parseRepeat(at start: Position, depth: Int) throws(ScenarioParseError) -> ScenarioStatement {
        guard depth < Self.maxDepth else {
            throw fail("repeat blocks are nested more than \(Self.maxDepth) deep", at: start, found: "repeat")
        }
        cursor.skipSpaces()
        var until: ScenarioStatement.Until?
        let count: Int
        let wordStart = position
        let word = readIdentifier()
        if word == "up" {
            cursor.skipSpaces()
            let toStart = position
            let toWord = readIdentifier()
            guard toWord == "to" else {
                throw fail(
                    "expected 'to' after 'repeat up'", at: toStart, found: toWord.isEmpty ? foundHere : toWord,
                    hint: "repeat up to 10 until matchResult where matched == true {")
            }
            count = try readInteger(what: "a repetition count", range: 1...1_000_000)
            cursor.skipSpaces()
            let untilStart = position
            let untilWord = readIdentifier()
            guard untilWord == "until" else {
                let found = untilWord.isEmpty ? describedHere : "'\(untilWord)'"
                throw fail(
                    "expected 'until TYPE' after 'repeat up to \(count)', found \(found)", at: untilStart,
                    found: untilWord.isEmpty ? foundHere : untilWord,
                    hint: "repeat up to \(count) until matchResult where matched == true {")
            }
            cursor.skipSpaces()
            let type = try parseMessageType(server: true, after: "until")
            cursor.skipSpaces()
            var filter: MessageFilter?
            let whereStart = position
            let clause = readIdentifier()
            if clause == "where" {
                filter = try parseFilter()
            } else if !clause.isEmpty {
                throw fail(
                    "unexpected '\(clause)' after 'until \(type)'", at: whereStart, found: clause,
                    hint: Suggestion.hint(for: clause, in: ["where"]) ?? "expected where or '{'")
            }
            until = .init(type: type, filter: filter)
        } else if !word.isEmpty {
            throw fail(
                "expected a count or 'up to N until ...' after 'repeat', found '\(word)'", at: wordStart, found: word,
                hint: Suggestion.hint(for: word, in: ["up"]) ?? "repeat 3 { ... }")
        } else {
            count = try readInteger(what: "a repetition count", range: 1...1_000_000)
        }
        cursor.skipSpaces()
        try expect(
            "{", "'{' to open the repeated block",
            hint: "put '{' at the end of the repeat line and '}' on a line after the block")
        let body = try parseBlock(opening: start, depth: depth + 1)
        return ScenarioStatement(.repeatBlock(.init(count: count, until: until, body: body)), at: location(start))
    }

    mutating func parseInclude(at start: Position, depth: Int) throws(ScenarioParseError) -> [ScenarioStatement] {
        cursor.skipSpaces()
        let pathStart = position
        guard cursor.current == "\"" else {
            throw fail(
                "expected the included file as a quoted path, found \(describedHere)", at: pathStart, found: foundHere,
                hint: "include \"steps/create-character.scenario\"")
        }
        let relative = try readString(allowVariables: false).description
        let resolved = ScenarioPaths.resolve(relative, against: ScenarioPaths.directory(of: file))
        let normalizedStack = includeStack.map(ScenarioPaths.normalized)
        if normalizedStack.contains(resolved) {
            let cycle = (includeStack + [resolved]).joined(separator: " → ")
            throw fail("include cycle: \(cycle)", at: pathStart, found: "\"\(relative)\"", hint: "remove one of the includes")
        }
        guard includeStack.count < Self.maxDepth else {
            throw fail("includes are nested more than \(Self.maxDepth) deep", at: pathStart, found: "\"\(relative)\"")
        }
        let text: String
        switch loader.load(resolved) {
        case .success(let loaded): text = loaded
        case .failure(let error):
            throw fail(
                "cannot read the included file \(resolved): \(error.reason)", at: pathStart, found: "\"\(relative)\"",
                hint: "the path is relative to the including file's directory")
        }
        var child = FileParser(
            source: text, file: resolved, loader: loader, includeStack: includeStack + [resolved],
            includedFrom: [location(start)] + includedFrom)
        return try child.parseFile(defined: &defined)
    }
}
