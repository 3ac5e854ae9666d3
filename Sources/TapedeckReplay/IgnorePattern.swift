/// A path pattern for state an app does not want compared (a wall-clock timestamp, an image URL):
/// written like the paths a diff prints (`gameState.energy`, `player.people[2].name`), with
///
/// - `[*]` for any array index: `lifeEvents[*].claimedAt`;
/// - `*` as a whole segment for any run of segments, none included: `*.image` is every `image`
///   member at any depth, `player.*.id` every `id` under `player`.
public struct IgnorePattern: Sendable, Equatable, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case key(String)
        case index(Int)
        case anyIndex
        /// Any run of segments, possibly empty.
        case anyPath
    }

    /// The pattern as written, such as `lifeEvents[*].claimedAt`.
    public let description: String
    let segments: [Segment]

    /// Parses a pattern.
    ///
    /// - Parameter text: The pattern as written.
    /// - Throws: `IgnorePatternError` with the column of the problem when `text` is empty or malformed.
    public init(_ text: String) throws(IgnorePatternError) {
        description = text
        segments = try Self.parse(text)
    }

    private static func parse(_ text: String) throws(IgnorePatternError) -> [Segment] {
        let characters = Array(text)
        func fail(_ offset: Int, _ message: String) -> IgnorePatternError {
            IgnorePatternError(pattern: text, column: offset + 1, message: message)
        }
        guard !characters.isEmpty else { throw fail(0, "the pattern is empty") }
        var segments: [Segment] = []
        var index = 0
        var expectKey = true
        while index < characters.count {
            switch characters[index] {
            case "[":
                guard let close = characters[index...].firstIndex(of: "]") else {
                    throw fail(index, "\"[\" is not closed by \"]\"")
                }
                let inside = String(characters[(index + 1)..<close])
                if inside == "*" {
                    segments.append(.anyIndex)
                } else if let number = Int(inside), number >= 0, inside.allSatisfy(\.isASCII) {
                    segments.append(.index(number))
                } else {
                    throw fail(index, "expected an index or \"*\" inside [ ], found \"\(inside)\"")
                }
                index = close + 1
                expectKey = false
            case ".":
                guard !expectKey else { throw fail(index, "expected a member name before \".\"") }
                index += 1
                expectKey = true
                guard index < characters.count else { throw fail(index - 1, "the pattern ends with \".\"") }
            default:
                guard expectKey else {
                    throw fail(index, "expected \".\" or \"[\" after \"\(characters[..<index].last.map(String.init) ?? "")\"")
                }
                var end = index
                while end < characters.count, characters[end] != ".", characters[end] != "[" { end += 1 }
                let name = String(characters[index..<end])
                segments.append(name == "*" ? .anyPath : .key(name))
                index = end
                expectKey = false
            }
        }
        return segments
    }
}

/// A pattern that does not parse, with the column of the problem.
public struct IgnorePatternError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pattern as written.
    public var pattern: String
    /// Where in the pattern the problem is, counted from 1.
    public var column: Int
    /// What is wrong there.
    public var message: String

    /// One line: the pattern, the column and the problem.
    public var description: String { "ignore pattern \"\(pattern)\", column \(column): \(message)" }
}
