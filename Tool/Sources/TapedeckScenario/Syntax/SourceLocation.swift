/// Where something is in a scenario file: the file as it was named (relative to the including
/// file's directory for includes), a 1-based line and a 1-based column counted in characters.
package struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    package var file: String
    package var line: Int
    package var column: Int

    package init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    package var description: String { "\(file):\(line):\(column)" }
}
