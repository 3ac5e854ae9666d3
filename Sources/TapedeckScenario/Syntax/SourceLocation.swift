/// Where something is in a scenario file: the file as it was named (relative to the including
/// file's directory for includes), a 1-based line and a 1-based column counted in characters.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file; self.line = line; self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}
