/// A position in scenario text that knows its line and column. Columns count characters;
/// `\n`, `\r\n` and `\r` each end a line.
struct SourceCursor {
    let characters: [Character]
    private(set) var index = 0
    private(set) var line = 1
    private(set) var column = 1

    init(_ text: String) { characters = Array(text) }

    var isAtEnd: Bool { index >= characters.count }
    var current: Character? { index < characters.count ? characters[index] : nil }

    func peek(_ offset: Int) -> Character? {
        let position = index + offset
        return position >= 0 && position < characters.count ? characters[position] : nil
    }

    static func isNewline(_ character: Character) -> Bool { character == "\n" || character == "\r\n" || character == "\r" }
    static func isSpace(_ character: Character) -> Bool { character == " " || character == "\t" }

    var isAtNewline: Bool { current.map(Self.isNewline) ?? false }

    /// `#` starts a comment at the start of a line or after a space or tab, so URLs with
    /// fragments and header values like `a#b` keep their `#`.
    var isAtComment: Bool {
        guard current == "#" else { return false }
        guard let previous = peek(-1) else { return true }
        return Self.isSpace(previous) || Self.isNewline(previous)
    }

    /// At the end of a line's content: a newline, a comment, or the end of the input.
    var isAtLineEnd: Bool { isAtEnd || isAtNewline || isAtComment }

    /// Reads the characters for which `include` holds, up to the end of the line or a comment.
    mutating func read(while include: (Character) -> Bool) -> String {
        var text = ""
        while let character = current, !isAtLineEnd, include(character) {
            text.append(character)
            advance()
        }
        return text
    }

    mutating func advance() {
        guard let character = current else { return }
        index += 1
        if Self.isNewline(character) {
            line += 1
            column = 1
        } else {
            column += 1
        }
    }

    mutating func skipSpaces() {
        while let character = current, Self.isSpace(character) { advance() }
    }

    mutating func skipComment() {
        guard isAtComment else { return }
        while !isAtEnd, !isAtNewline { advance() }
    }

    /// Skips spaces, tabs, newlines and comments.
    mutating func skipBlankSpace() {
        while let character = current {
            if Self.isSpace(character) || Self.isNewline(character) {
                advance()
            } else if isAtComment {
                skipComment()
            } else {
                return
            }
        }
    }

    /// Whether the text at the cursor is `literal` (not consumed).
    func isAt(_ literal: String) -> Bool {
        var offset = 0
        for character in literal {
            guard peek(offset) == character else { return false }
            offset += 1
        }
        return true
    }

    mutating func consume(_ literal: String) -> Bool {
        guard isAt(literal) else { return false }
        for _ in literal { advance() }
        return true
    }

    mutating func reset(to index: Int, line: Int, column: Int) {
        self.index = index
        self.line = line
        self.column = column
    }

    /// The characters from `start` (an index) to the cursor.
    func text(from start: Int) -> String { String(characters[start..<index]) }
}
