/// A path into a JSON document, as scenarios and checkpoints write it:
/// `player.relationships.romantic[0].name`. Keys are separated by dots; `[n]` indexes an array
/// (n is a non-negative decimal); a path may start with an index (`[2].id`); the empty path is the
/// whole document. A key is any run of characters other than `.`, `[` and `]`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    /// One step of a path: an object's member by key, or an array's element by index.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    /// The steps from the document's root, in order; empty for the whole document.
    public var components: [Component]

    /// A path of the given steps.
    ///
    /// - Parameter components: The steps from the root, in order.
    public init(components: [Component]) { self.components = components }

    /// This path one step deeper.
    ///
    /// - Parameter component: The step to add at the end.
    /// - Returns: A new path; this one is unchanged.
    public func appending(_ component: Component) -> JSONPath { JSONPath(components: components + [component]) }

    /// Parses a path, or throws an error naming the column (1-based, in characters) at fault.
    ///
    /// - Parameter text: The path as written, such as `player.people[0].name`; empty for the whole document.
    /// - Throws: `JSONPathError` for an empty key, a missing `]`, an index that is not a non-negative decimal or is too large for `Int`, or a trailing `.`.
    public init(parsing text: String) throws(JSONPathError) {
        var components: [Component] = []
        let chars = Array(text)
        let end = chars.count
        var position = 0
        func fail(_ problem: String) -> JSONPathError { JSONPathError(path: text, column: position + 1, problem: problem) }
        guard !text.isEmpty else {
            self.components = []
            return
        }
        var expectKey = chars[0] != "["
        while position < end {
            if expectKey {
                let start = position
                while position < end, !".[]".contains(chars[position]) { position += 1 }
                guard position > start else { throw fail("expected a key") }
                components.append(.key(String(chars[start..<position])))
            }
            while position < end, chars[position] == "[" {
                position += 1
                let start = position
                while position < end, chars[position].isASCII, chars[position].isNumber { position += 1 }
                guard position > start else { throw fail("expected a non-negative array index") }
                guard position < end, chars[position] == "]" else { throw fail("expected ']'") }
                guard let index = Int(String(chars[start..<position])) else { throw fail("array index is too large") }
                components.append(.index(index))
                position += 1
            }
            guard position < end else { break }
            guard chars[position] == "." else {
                throw fail("expected '.' or '[' after \(components.isEmpty ? "the start" : "a path component")")
            }
            position += 1
            guard position < end else { throw fail("expected a key after '.'") }
            expectKey = true
        }
        self.components = components
    }

    /// The path as written: keys joined by `.`, indexes as `[n]`; empty for the whole document.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}

/// A state path that cannot be parsed.
public struct JSONPathError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text that did not parse.
    public var path: String
    /// 1-based character column where the problem is.
    public var column: Int
    /// What was expected at `column`, such as `expected ']'`.
    public var problem: String

    /// An error.
    ///
    /// - Parameters:
    ///   - path: The text that did not parse.
    ///   - column: The 1-based character column of the problem.
    ///   - problem: What was expected there.
    public init(path: String, column: Int, problem: String) {
        self.path = path
        self.column = column
        self.problem = problem
    }

    /// One line: the path, the column, the problem and how paths are written.
    public var description: String {
        "invalid state path \"\(path)\" at column \(column): \(problem); write keys separated by '.' and array indexes as [n], e.g. player.relationships.romantic[0].name"
    }
}
