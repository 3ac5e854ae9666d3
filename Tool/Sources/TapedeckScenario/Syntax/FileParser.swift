import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckState

/// The parser of one file. Statements are line-based: each ends at a newline (or a comment);
/// JSON bodies and `{ ... }` blocks may span lines.
struct FileParser {
    var cursor: SourceCursor
    let file: String
    let lines: [String]
    let loader: any ScenarioSourceLoader
    /// Files being parsed, outermost first, for include cycles.
    let includeStack: [String]
    /// The `include` statements that led here, innermost first.
    let includedFrom: [SourceLocation]
    /// Variables given a value so far (in the order statements are written).
    var defined: Set<String> = []
    /// The `server` line, when the file opens with one.
    var server: ScenarioServer?
    static let maxDepth = 64

    init(source: String, file: String, loader: any ScenarioSourceLoader, includeStack: [String], includedFrom: [SourceLocation]) {
        cursor = SourceCursor(source)
        self.file = file
        self.loader = loader
        self.includeStack = includeStack
        self.includedFrom = includedFrom
        var lines: [String] = []
        var line = ""
        for character in source {
            if SourceCursor.isNewline(character) {
                lines.append(line)
                line = ""
            } else {
                line.append(character)
            }
        }
        lines.append(line)
        self.lines = lines
    }

    struct Position {
        var line: Int
        var column: Int
    }

    var position: Position { Position(line: cursor.line, column: cursor.column) }

    func location(_ position: Position) -> SourceLocation {
        SourceLocation(file: file, line: position.line, column: position.column)
    }

    func fail(_ message: String, at position: Position, found: String, hint: String? = nil) -> ScenarioParseError {
        let sourceLine = position.line - 1 < lines.count ? lines[position.line - 1] : ""
        return ScenarioParseError(
            location: location(position), found: found, message: message, hint: hint,
            sourceLine: sourceLine, includedFrom: includedFrom)
    }

    /// What is at the cursor, for "found" in errors: the word or the single character.
    var foundHere: String {
        guard let character = cursor.current else { return "" }
        if SourceCursor.isNewline(character) { return "" }
        var offset = 0
        var word = ""
        while let next = cursor.peek(offset), next.isLetter || next.isNumber || next == "_" {
            word.append(next)
            offset += 1
        }
        return word.isEmpty ? String(character) : word
    }

    var describedHere: String {
        cursor.isAtEnd ? "the end of the file" : cursor.isAtNewline ? "the end of the line" : "'\(foundHere)'"
    }

    /// Steps over `character`, or fails with "expected `what`, found ..." at the cursor.
    mutating func expect(_ character: Character, _ what: String, hint: String? = nil) throws(ScenarioParseError) {
        guard cursor.current == character else {
            throw fail("expected \(what), found \(describedHere)", at: position, found: foundHere, hint: hint)
        }
        cursor.advance()
    }

    // MARK: Files and blocks

    mutating func parseFile(defined: inout Set<String>) throws(ScenarioParseError) -> [ScenarioStatement] {
        self.defined = defined
        let statements = try parseBlock(opening: nil, depth: 0)
        defined = self.defined
        return statements
    }

    /// Statements up to the end of the file, or up to the `}` closing the block opened at `opening`.
    mutating func parseBlock(opening: Position?, depth: Int) throws(ScenarioParseError) -> [ScenarioStatement] {
        var statements: [ScenarioStatement] = []
        /// A `checkpoint NAME` without braces takes the assertion lines that follow it.
        var openCheckpoint: Int?
        /// `header` and `subprotocol` lines belong to the `connect` right before them.
        var openConnect: Int?
        while true {
            cursor.skipBlankSpace()
            guard let character = cursor.current else {
                if let opening {
                    throw fail(
                        "missing '}' to close the block opened at line \(opening.line)", at: position, found: "",
                        hint: "add a line with '}' after the block's statements")
                }
                return statements
            }
            if character == "}" {
                guard opening != nil else {
                    throw fail(
                        "'}' closes no block", at: position, found: "}", hint: "remove it, or open a block with repeat N {")
                }
                cursor.advance()
                return statements
            }
            let start = position
            let startIndex = cursor.index
            let word = readIdentifier()
            switch word {
            case "server":
                guard opening == nil, includeStack.count == 1, statements.isEmpty else {
                    throw fail(
                        "the server line must be the scenario's first statement", at: start, found: word,
                        hint: "move it above the other statements of the scenario file (not into a block or an included file)")
                }
                server = try parseServer()
            case "header", "subprotocol":
                guard let index = openConnect, case .connect(var connect) = statements[index].kind else {
                    throw fail(
                        "'\(word)' must directly follow a connect statement", at: start, found: word,
                        hint: "put it on the lines right after connect")
                }
                if word == "header" {
                    connect.headers.append(try parseHeader())
                } else {
                    cursor.skipSpaces()
                    connect.subprotocol = try parseSubprotocolName()
                }
                statements[index].kind = .connect(connect)
            case "checkpoint":
                openConnect = nil
                let (statement, braced) = try parseCheckpoint(at: start)
                statements.append(statement)
                openCheckpoint = braced ? nil : statements.count - 1
            case _ where ScenarioParser.statementKeywords.contains(word):
                openConnect = nil
                openCheckpoint = nil
                let parsed = try parseStatement(word, at: start, depth: depth)
                statements += parsed
                if let last = parsed.last, case .connect = last.kind, parsed.count == 1 { openConnect = statements.count - 1 }
            default:
                cursor.reset(to: startIndex, line: start.line, column: start.column)
                guard let index = openCheckpoint, case .checkpoint(let name, var assertions) = statements[index].kind else {
                    throw unknownStatement(word, at: start)
                }
                assertions.append(try parseAssertion())
                statements[index].kind = .checkpoint(name: name, assertions: assertions)
                openConnect = nil
            }
            try endStatement(inBlock: opening != nil)
        }
    }

    func unknownStatement(_ word: String, at start: Position) -> ScenarioParseError {
        if word.isEmpty {
            return fail(
                "expected a statement, found \(describedHere)", at: start, found: foundHere,
                hint: "statements start with a keyword: " + ScenarioParser.statementKeywords.joined(separator: ", "))
        }
        // A line like `gameState.energy == 100` outside a checkpoint.
        var probe = cursor
        while let character = probe.current, !SourceCursor.isSpace(character), !probe.isAtLineEnd,
            !"=!<>".contains(character)
        { probe.advance() }
        probe.skipSpaces()
        if let character = probe.current, "=!<>".contains(character) {
            return fail(
                "an assertion must follow a checkpoint", at: start, found: word,
                hint: "write checkpoint NAME on the line before it")
        }
        let candidates = ScenarioParser.statementKeywords
        return fail(
            "unknown statement '\(word)'", at: start, found: word,
            hint: Suggestion.hint(for: word, in: candidates)
                ?? "statements start with a keyword: " + candidates.joined(separator: ", "))
    }

    /// After a statement: only spaces and a comment may follow on its line (or the `}` of its block).
    mutating func endStatement(inBlock: Bool) throws(ScenarioParseError) {
        cursor.skipSpaces()
        cursor.skipComment()
        if cursor.isAtEnd { return }
        if cursor.isAtNewline {
            cursor.advance()
            return
        }
        if inBlock, cursor.current == "}" { return }
        let found = foundHere
        let hint = Suggestion.hint(for: found, in: ScenarioParser.clauseKeywords)
        throw fail(
            "unexpected '\(found)' after the statement", at: position, found: found,
            hint: hint ?? "put each statement on its own line; comments start with #")
    }

    // MARK: Tokens

    /// `[A-Za-z_][A-Za-z0-9_]*`, or "" when the cursor is not at one.
    mutating func readIdentifier() -> String {
        guard let first = cursor.current, first.isASCII, first.isLetter || first == "_" else { return "" }
        return cursor.read { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// A name for checkpoints and marks: a quoted string, or a run of characters other than
    /// spaces, quotes, braces and `#`.
    mutating func readName(for what: String) throws(ScenarioParseError) -> String {
        cursor.skipSpaces()
        let start = position
        if cursor.current == "\"" {
            let text = try readString(allowVariables: false)
            guard !text.description.isEmpty else { throw fail("the \(what) name is empty", at: start, found: "\"\"") }
            return text.description
        }
        let name = cursor.read { !SourceCursor.isSpace($0) && !"\"{}".contains($0) }
        guard !name.isEmpty else {
            throw fail(
                "expected a \(what) name, found \(describedHere)", at: start, found: foundHere,
                hint: "write a word such as after-claim, or a quoted string")
        }
        return name
    }

    mutating func readInteger(what: String, range: ClosedRange<Int>) throws(ScenarioParseError) -> Int {
        cursor.skipSpaces()
        let start = position
        let digits = cursor.read { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else {
            throw fail("expected \(what), found \(describedHere)", at: start, found: foundHere)
        }
        guard let value = Int(digits), range.contains(value) else {
            throw fail("\(what) must be from \(range.lowerBound) to \(range.upperBound)", at: start, found: digits)
        }
        return value
    }

    /// `500ms`, `2s`, `1m`, `2.5s`, `100us`: the grammar tape times are written in everywhere
    /// (TapedeckReplay's `TapeTime`), up to a day; this only reads the token and says what is wrong.
    mutating func readDuration(after keyword: String) throws(ScenarioParseError) -> ScenarioDuration {
        cursor.skipSpaces()
        let start = position
        let number = cursor.read { ($0.isASCII && $0.isNumber) || $0 == "." }
        guard let first = number.first, first != "." else {
            throw fail(
                "expected a duration after '\(keyword)', found \(describedHere)", at: start, found: foundHere,
                hint: "write a number with a unit: 500ms, 2s or 1m")
        }
        let unitStart = position
        let unit = cursor.read { $0.isLetter }
        guard !unit.isEmpty else {
            throw fail(
                "the duration \(number) has no unit", at: unitStart, found: number,
                hint: "write \(number)ms, \(number)s or \(number)m")
        }
        guard TapeTime.unitSuffixes.contains(unit) else {
            throw fail(
                "unknown duration unit '\(unit)'", at: unitStart, found: unit,
                hint: Suggestion.hint(for: unit, in: ["ms", "s", "m"]) ?? "use ms, s or m")
        }
        guard let nanoseconds = TapeTime.parse(number + unit) else {
            throw fail(
                "the duration \(number)\(unit) is not a whole number of nanoseconds under 2^64", at: start,
                found: number + unit, hint: "write it with fewer decimals, or in a smaller unit")
        }
        guard nanoseconds <= 24 * 3_600_000_000_000 else {
            throw fail("the duration \(number)\(unit) is longer than a day", at: start, found: number + unit)
        }
        return ScenarioDuration(nanoseconds: nanoseconds)
    }

    /// A double-quoted string with JSON escapes and, when allowed, `${name}` variables.
    mutating func readString(allowVariables: Bool) throws(ScenarioParseError) -> TextTemplate {
        let open = position
        cursor.advance()
        var text = TextTemplateBuilder()
        while true {
            guard let character = cursor.current, !SourceCursor.isNewline(character) else {
                throw fail(
                    "the string opened here has no closing '\"'", at: open, found: "\"",
                    hint: "close it on the same line")
            }
            if character == "\"" {
                cursor.advance()
                break
            }
            if character == "\\" {
                text.append(try readEscape())
                continue
            }
            if character == "$", cursor.peek(1) == "{" {
                guard allowVariables else {
                    throw fail("variables cannot be used here", at: position, found: "${", hint: "write the text itself")
                }
                text.appendVariable(try readVariable())
                continue
            }
            text.append(character)
            cursor.advance()
        }
        return text.template
    }

    mutating func readEscape() throws(ScenarioParseError) -> Character {
        let start = position
        cursor.advance()
        guard let escaped = cursor.current else { throw fail("the string ends inside an escape", at: start, found: "\\") }
        cursor.advance()
        switch escaped {
        case "\"": return "\""
        case "\\": return "\\"
        case "/": return "/"
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "$": return "$"
        case "u":
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard let digit = cursor.current?.hexDigitValue else {
                    throw fail("\\u needs four hex digits", at: start, found: "\\u")
                }
                value = value * 16 + UInt32(digit)
                cursor.advance()
            }
            guard let scalar = Unicode.Scalar(value) else {
                throw fail(
                    "\\u\(String(value, radix: 16)) is a lone surrogate, not a character", at: start, found: "\\u",
                    hint: "write the character itself")
            }
            return Character(scalar)
        default:
            throw fail(
                "unknown escape '\\\(escaped)'", at: start, found: "\\\(escaped)",
                hint: "use \\\" \\\\ \\/ \\n \\t \\r \\b \\f \\uXXXX, or \\$ for a literal $")
        }
    }

    /// `${name}`; the name must have been given a value by an earlier statement.
    mutating func readVariable() throws(ScenarioParseError) -> String {
        let start = position
        cursor.advance()
        cursor.advance()
        let nameStart = position
        let name = readIdentifier()
        guard !name.isEmpty else {
            throw fail("expected a variable name after '${'", at: nameStart, found: foundHere, hint: "write ${name}")
        }
        guard cursor.current == "}" else {
            throw fail("expected '}' to end the variable ${\(name)", at: position, found: foundHere)
        }
        cursor.advance()
        guard defined.contains(name) else {
            throw fail(
                "undefined variable ${\(name)}", at: start, found: "${\(name)}",
                hint: Suggestion.hint(for: name, in: defined.sorted())
                    ?? "give it a value first with capture \(name) = PATH or set \(name) = VALUE")
        }
        return name
    }

    /// A path token: everything up to a space, an operator character, a comma, a brace or the
    /// end of the line.
    mutating func readPathText() -> (text: String, start: Position) {
        let start = position
        return (cursor.read { !SourceCursor.isSpace($0) && !"=!<>,{}".contains($0) }, start)
    }

    func parsePath(_ text: String, at start: Position) throws(ScenarioParseError) -> JSONPath {
        do {
            return try JSONPath(parsing: text)
        } catch {
            let column = start.column + error.column - 1
            throw fail(
                "invalid path '\(text)': \(error.problem)", at: Position(line: start.line, column: column), found: text,
                hint: "keys are separated by '.', array elements are [n], e.g. person.relationships[0].name")
        }
    }
}
