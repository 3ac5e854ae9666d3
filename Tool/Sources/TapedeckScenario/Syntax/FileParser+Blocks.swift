import TapedeckCore
import TapedeckProtocol
import TapedeckState

/// `checkpoint` blocks, `repeat` and `include`.
extension FileParser {
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
            if character == "}" {
                cursor.advance()
                break
            }
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
