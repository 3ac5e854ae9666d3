import TapedeckCore
import TapedeckProtocol

/// Removes the parts of a snapshot that match ignore patterns, before anything compares it: the
/// goldens (both the state and the stored golden), the diffs, the digests and model comparisons
/// all see the same filtered value.
public struct SnapshotFilter: Sendable, Equatable {
    /// The patterns, in the order given; a part of the snapshot any one matches is removed.
    public let patterns: [IgnorePattern]

    /// The filter that removes nothing.
    public static let none = SnapshotFilter(patterns: [])

    /// A filter of parsed patterns.
    ///
    /// - Parameter patterns: The patterns; empty for a filter that removes nothing.
    public init(patterns: [IgnorePattern]) { self.patterns = patterns }

    /// Parses every pattern; the first that does not parse is the error.
    ///
    /// - Parameter patterns: The patterns' text, such as `players[*].lastSeen`.
    /// - Throws: `IgnorePatternError` for the first pattern that does not parse.
    public init(ignoring patterns: [String]) throws(IgnorePatternError) {
        var parsed: [IgnorePattern] = []
        for text in patterns { parsed.append(try IgnorePattern(text)) }
        self.patterns = parsed
    }

    /// Whether the filter has no patterns, and so leaves every value as it is.
    public var isEmpty: Bool { patterns.isEmpty }

    /// The value with every part a pattern matches removed.
    ///
    /// - Parameter value: A snapshot, or any JSON value.
    /// - Returns: The value without the matched parts; the value itself when there are no patterns.
    public func apply(_ value: JSONValue) -> JSONValue {
        guard !patterns.isEmpty else { return value }
        let start = closure(patterns.indices.map { State(pattern: $0, position: 0) })
        return filter(value, states: start, replacing: nil)
    }

    /// The value with what the patterns match replaced by `replacement(match)` instead of removed.
    ///
    /// - Parameters:
    ///   - value: A snapshot, or any JSON value.
    ///   - replacement: Makes the value that stands in for each matched part, from that part.
    /// - Returns: The value with the matched parts replaced; the value itself when there are no patterns.
    public func apply(_ value: JSONValue, replacing replacement: @escaping (JSONValue) -> JSONValue) -> JSONValue {
        guard !patterns.isEmpty else { return value }
        let start = closure(patterns.indices.map { State(pattern: $0, position: 0) })
        return filter(value, states: start, replacing: replacement)
    }

    /// Where matching stands in one pattern: how many of its segments were matched.
    struct State: Hashable {
        var pattern: Int
        var position: Int
    }

    private func filter(_ value: JSONValue, states: Set<State>, replacing replacement: ((JSONValue) -> JSONValue)?) -> JSONValue {
        switch value {
        case .object(let fields):
            var kept: [String: JSONValue] = [:]
            kept.reserveCapacity(fields.count)
            for (key, child) in fields {
                if let next = advance(states, key: key, index: nil, replacing: replacement) {
                    if let filtered = next {
                        kept[key] = filtered(child)
                    } else if let replacement {
                        kept[key] = replacement(child)
                    }
                } else {
                    kept[key] = child
                }
            }
            return .object(kept)
        case .array(let elements):
            var kept: [JSONValue] = []
            kept.reserveCapacity(elements.count)
            for (index, child) in elements.enumerated() {
                if let next = advance(states, key: nil, index: index, replacing: replacement) {
                    if let filtered = next {
                        kept.append(filtered(child))
                    } else if let replacement {
                        kept.append(replacement(child))
                    }
                } else {
                    kept.append(child)
                }
            }
            return .array(kept)
        default:
            return value
        }
    }

    /// Nil when no pattern can match at or below the child (keep it as it is); `.some(nil)` when a
    /// pattern matches the child itself (drop it); otherwise how to filter the child.
    private func advance(
        _ states: Set<State>, key: String?, index: Int?, replacing replacement: ((JSONValue) -> JSONValue)?
    ) -> ((JSONValue) -> JSONValue)?? {
        var next = Set<State>()
        for state in states {
            let segments = patterns[state.pattern].segments
            guard state.position < segments.count else { continue }
            switch segments[state.position] {
            case .anyPath:
                // `*` takes this segment too; matching nothing here is in `states` already.
                next.insert(state)
            case .key(let name):
                if name == key { next.insert(State(pattern: state.pattern, position: state.position + 1)) }
            case .index(let number):
                if number == index { next.insert(State(pattern: state.pattern, position: state.position + 1)) }
            case .anyIndex:
                if index != nil { next.insert(State(pattern: state.pattern, position: state.position + 1)) }
            }
        }
        let closed = closure(next)
        if closed.isEmpty { return nil }
        if closed.contains(where: { $0.position == patterns[$0.pattern].segments.count }) { return .some(nil) }
        return { filter($0, states: closed, replacing: replacement) }
    }

    /// Adds the states reached by letting `*` match nothing.
    private func closure(_ states: some Sequence<State>) -> Set<State> {
        var result = Set<State>()
        var pending = Array(states)
        while let state = pending.popLast() {
            guard result.insert(state).inserted else { continue }
            let segments = patterns[state.pattern].segments
            if state.position < segments.count, segments[state.position] == .anyPath {
                pending.append(State(pattern: state.pattern, position: state.position + 1))
            }
        }
        return result
    }
}
