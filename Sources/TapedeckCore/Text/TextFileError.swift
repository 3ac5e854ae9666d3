/// A problem at a place in a text file the user wrote or gave: a checkpoint file, redaction rules,
/// a JSON Lines import, a digest trace. Printed as `path:line:column: message` (lines and columns
/// from 1, columns in characters), as compilers do, then `help` when there is a page to read.
public struct TextFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String
    /// Where to read more, e.g. `See docs/REPLAY.md, "Checkpoint files".`
    public var help: String?

    public init(path: String, line: Int, column: Int, message: String, help: String? = nil) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.help = help
    }

    /// The error at a byte offset within the line's bytes: the column counts characters, not bytes.
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
