/// A problem in a JSON Lines file, at a line and column (both from 1; the column counts characters).
public struct TapeJSONLinesError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(path: String, line: Int, column: Int, message: String) {
        self.path = path; self.line = line; self.column = column; self.message = message
    }

    /// Builds the error from a byte offset within the line's bytes.
    public init(path: String, line: Int, bytes: [UInt8], offset: Int, message: String) {
        let end = min(max(offset, 0), bytes.count)
        // Count characters, not bytes: skip UTF-8 continuation bytes.
        let column = bytes[0..<end].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
        self.init(path: path, line: line, column: column, message: message)
    }

    public var description: String { "\(path):\(line):\(column): \(message)" }
}
