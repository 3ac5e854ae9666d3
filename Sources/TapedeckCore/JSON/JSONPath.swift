/// A path into a JSON document, as scenarios and checkpoints write it:
/// `player.relationships.romantic[0].name`. Keys are separated by dots; `[n]` indexes an array
/// (n is a non-negative decimal); a path may start with an index (`[2].id`); the empty path is the
/// whole document. A key is any run of characters other than `.`, `[` and `]`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(components: [Component]) { self.components = components }

    /// This path one step deeper.
    public func appending(_ component: Component) -> JSONPath { JSONPath(components: components + [component]) }

    /// Parses a path, or throws an error naming the column (1-based, in characters) at fault.
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
    public var path: String
    /// 1-based character column where the problem is.
    public var column: Int
    public var problem: String

    public init(path: String, column: Int, problem: String) {
        self.path = path
        self.column = column
        self.problem = problem
    }

    public var description: String {
        "invalid state path \"\(path)\" at column \(column): \(problem); write keys separated by '.' and array indexes as [n], e.g. player.relationships.romantic[0].name"
    }
}
