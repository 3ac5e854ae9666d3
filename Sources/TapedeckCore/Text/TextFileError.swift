/// A problem at a place in a text file the user wrote or gave: a checkpoint file, redaction rules,
/// a JSON Lines import, a digest trace. Printed as `path:line:column: message` (lines and columns
/// from 1, columns in characters), as compilers do, then `help` when there is a page to read.
public struct TextFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, as the user named it.
    public var path: String
    /// The line, from 1; 0 when the problem is the whole file (it cannot be read).
    public var line: Int
    /// The column in characters, from 1; 0 with line 0.
    public var column: Int
    /// What is wrong, and what to write instead where that helps.
    public var message: String
    /// Where to read more, e.g. `See docs/REPLAY.md, "Checkpoint files".`
    public var help: String?

    /// A problem at a line and column.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - line: The line, from 1.
    ///   - column: The column in characters, from 1.
    ///   - message: What is wrong.
    ///   - help: Where to read more, or nil.
    public init(path: String, line: Int, column: Int, message: String, help: String? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.help = help
    }

    /// The error at a byte offset within the line's bytes: the column counts characters, not bytes.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - line: The line, from 1.
    ///   - bytes: The line's UTF-8 bytes.
    ///   - offset: The byte offset in `bytes`, clamped to them.
    ///   - message: What is wrong.
    public init(path: String, line: Int, bytes: [UInt8], offset: Int, message: String) {
        let end = min(max(offset, 0), bytes.count)
        // UTF-8 continuation bytes do not start a character.
        let column = bytes[0..<end].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        self.init(path: path, line: line, column: column, message: message)
    }

    public var description: String {
        "\(path):\(line):\(column): \(message)" + (help.map { ". \($0)" } ?? "")
    }
}
