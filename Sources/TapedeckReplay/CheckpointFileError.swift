/// A checkpoint file that cannot be parsed: where (line:column, 1-based) and what was expected.
public struct CheckpointFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path; self.line = line; self.column = column; self.message = message
    }

    public var description: String {
        "\(path):\(line):\(column): \(message). See docs/REPLAY.md, \"Checkpoint files\"."
    }
}
