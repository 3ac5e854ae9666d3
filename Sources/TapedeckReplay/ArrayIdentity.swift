import TapedeckCore
import TapedeckProtocol

/// Which member identifies the elements of an array, so that a diff shows an inserted, removed or
/// moved element as such (`Inserted: lifeEvents[id=e7]`) rather than every later element changed.
///
/// An array is diffed by identity when every element on both sides is an object whose key member is
/// a string or a number, unique on each side; any other array (scalars, objects without the key,
/// duplicate keys) is diffed by index, as before.
///
/// ```swift
/// // `id` everywhere, `personId` for the people of `player`:
/// let identity = try ArrayIdentity(["player.people": "personId"])
/// ```
public struct ArrayIdentity: Sendable, Equatable {
    /// A key for the arrays that a path pattern matches.
    public struct Rule: Sendable, Equatable {
        /// The array's path, written as an ignore pattern: `player.people`, `*.people`, `rows[*].cells`.
        public var pattern: IgnorePattern
        /// The member of each element that identifies it.
        public var key: String

        /// A rule.
        ///
        /// - Parameters:
        ///   - pattern: The arrays' path pattern.
        ///   - key: The member that identifies each element.
        public init(pattern: IgnorePattern, key: String) {
            self.pattern = pattern
            self.key = key
        }
    }

    /// The rules, the most specific first (the longest pattern; equal lengths in text order).
    public let rules: [Rule]
    /// The key of arrays no rule matches; nil diffs them by index.
    public let defaultKey: String?

    /// `id` for every array.
    public static let standard = ArrayIdentity(rules: [], defaultKey: "id")
    /// Every array by index.
    public static let none = ArrayIdentity(rules: [], defaultKey: nil)

    /// Keys by array path pattern (`["player.people": "personId"]`), and the key of every other array.
    ///
    /// - Parameters:
    ///   - keys: The key member by array path pattern; empty for none.
    ///   - defaultKey: The key of arrays no pattern matches; nil diffs them by index.
    /// - Throws: `IgnorePatternError` for the first pattern that does not parse.
    public init(_ keys: [String: String] = [:], defaultKey: String? = "id") throws(IgnorePatternError) {
        var rules: [Rule] = []
        for (pattern, key) in keys { rules.append(Rule(pattern: try IgnorePattern(pattern), key: key)) }
        self.init(rules: rules, defaultKey: defaultKey)
    }

    /// Parsed rules, in any order: they are sorted the most specific first.
    ///
    /// - Parameters:
    ///   - rules: The rules.
    ///   - defaultKey: The key of arrays no rule matches; nil diffs them by index.
    public init(rules: [Rule], defaultKey: String?) {
        self.rules = rules.sorted {
            let (left, right) = ($0.pattern.description, $1.pattern.description)
            return left.count != right.count ? left.count > right.count : left.utf8.lexicographicallyPrecedes(right.utf8)
        }
        self.defaultKey = defaultKey
    }

    /// The key for the array at `path` (member names and indexes from the root).
    func key(forArrayAt path: [IgnorePattern.Segment]) -> String? {
        rules.first { $0.pattern.matches(path) }?.key ?? defaultKey
    }

    /// The element's identity under `key` as a diff prints it, or nil when it has none.
    static func identifier(of element: JSONValue, key: String) -> String? {
        guard case .object(let fields) = element else { return nil }
        switch fields[key] {
        case .string(let text)?: return text
        case .int(let number)?: return String(number)
        case .double(let number)?: return JSONValue.double(number).canonicalJSONString(pretty: false)
        default: return nil
        }
    }
}

extension IgnorePattern {
    /// Whether the pattern matches a concrete path of member names (`.key`) and indexes (`.index`).
    func matches(_ path: [Segment]) -> Bool { matches(path[...], from: 0) }

    private func matches(_ path: ArraySlice<Segment>, from position: Int) -> Bool {
        guard position < segments.count else { return path.isEmpty }
        switch segments[position] {
        case .anyPath:
            return matches(path, from: position + 1) || (!path.isEmpty && matches(path.dropFirst(), from: position))
        case .anyIndex:
            guard case .index? = path.first else { return false }
        case let segment:
            guard path.first == segment else { return false }
        }
        return matches(path.dropFirst(), from: position + 1)
    }
}
