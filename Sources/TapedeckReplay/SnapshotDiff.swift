import TapedeckProtocol

/// A readable difference between an expected and an actual JSON value, in the style of
/// swift-custom-dump: changed values marked `−` (expected) and `+` (actual), nested under their
/// parents, with a few unchanged siblings around each change for context.
///
/// ```
///   gameState: {
///     diamonds: 10
/// −   energy: 100
/// +   energy: 80
///     formattedTime: "8:00 AM"
///     … 8 unchanged
///   }
/// ```
public struct SnapshotDiff: Sendable, Equatable {
    /// The diff lines, without the header.
    public var lines: [String]
    /// Every path whose value differs, deepest first-found: `gameState.energy`, `player.people[2]`.
    public var changedPaths: [String]

    /// Unchanged siblings shown on each side of a change.
    public static let contextSiblings = 1

    /// Nil when the values are equal.
    public init?(expected: JSONValue, actual: JSONValue) {
        guard expected != actual else { return nil }
        var builder = Builder()
        if case .object = expected, case .object = actual {
            // The top-level object's braces add nothing: its keys start the lines.
            builder.renderRootObject(expected: expected, actual: actual)
        } else {
            builder.render(label: "", expected: expected, actual: actual, depth: 0, path: "")
        }
        lines = builder.lines
        changedPaths = builder.paths
    }

    /// Header, changed paths and the diff, ready to print.
    public var text: String {
        ([
            "Expected: −, Actual: +",
            "Changed: " + changedPaths.map { $0.isEmpty ? "(the whole value)" : $0 }.joined(separator: ", "),
        ]
            + lines).joined(separator: "\n")
    }

    struct Builder {
        var lines: [String] = []
        var paths: [String] = []

        mutating func render(label: String, expected: JSONValue?, actual: JSONValue?, depth: Int, path: String) {
            let indent = String(repeating: "  ", count: depth)
            switch (expected, actual) {
            case (.object(let left)?, .object(let right)?):
                lines.append("  \(indent)\(label){")
                let keys = Set(left.keys).union(right.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                renderChildren(
                    count: keys.count, changed: { left[keys[$0]] != right[keys[$0]] }, depth: depth + 1,
                    child: { index in
                        let key = keys[index]
                        return (key + ": ", left[key], right[key], path.isEmpty ? key : path + "." + key)
                    })
                lines.append("  \(indent)}")
            case (.array(let left)?, .array(let right)?):
                lines.append("  \(indent)\(label)[")
                let count = max(left.count, right.count)
                func element(_ values: [JSONValue], _ index: Int) -> JSONValue? { index < values.count ? values[index] : nil }
                renderChildren(
                    count: count, changed: { element(left, $0) != element(right, $0) }, depth: depth + 1,
                    child: { index in ("[\(index)]: ", element(left, index), element(right, index), path + "[\(index)]") })
                lines.append("  \(indent)]")
            default:
                paths.append(path)
                if let expected { lines.append("− \(indent)\(label)\(Self.inline(expected, limit: 200))") }
                if let actual { lines.append("+ \(indent)\(label)\(Self.inline(actual, limit: 200))") }
            }
        }

        mutating func renderRootObject(expected: JSONValue, actual: JSONValue) {
            guard case .object(let left) = expected, case .object(let right) = actual else { return }
            let keys = Set(left.keys).union(right.keys).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            renderChildren(
                count: keys.count, changed: { left[keys[$0]] != right[keys[$0]] }, depth: 0,
                child: { index in (keys[index] + ": ", left[keys[index]], right[keys[index]], keys[index]) })
        }

        /// Renders the changed children and their nearest unchanged siblings; runs of other
        /// unchanged children collapse into one `… N unchanged` line.
        mutating func renderChildren(
            count: Int, changed: (Int) -> Bool, depth: Int,
            child: (Int) -> (label: String, expected: JSONValue?, actual: JSONValue?, path: String)
        ) {
            let changes = (0..<count).filter(changed)
            var shown = Set<Int>()
            for index in changes {
                for near in max(0, index - SnapshotDiff.contextSiblings)...min(count - 1, index + SnapshotDiff.contextSiblings) {
                    shown.insert(near)
                }
            }
            let changedSet = Set(changes)
            let indent = String(repeating: "  ", count: depth)
            var hidden = 0
            for index in 0..<count {
                guard shown.contains(index) else { hidden += 1; continue }
                if hidden > 0 { lines.append("  \(indent)… \(hidden) unchanged"); hidden = 0 }
                let (label, expected, actual, path) = child(index)
                if changedSet.contains(index) {
                    render(label: label, expected: expected, actual: actual, depth: depth, path: path)
                } else if let expected {
                    lines.append("  \(indent)\(label)\(Self.summary(expected))")
                }
            }
            if hidden > 0 { lines.append("  \(indent)… \(hidden) unchanged") }
        }

        /// An unchanged value in one short line: scalars in full (cut), containers by size.
        static func summary(_ value: JSONValue) -> String {
            switch value {
            case .object(let fields): fields.isEmpty ? "{}" : "{ \(fields.count) keys }"
            case .array(let elements): elements.isEmpty ? "[]" : "[ \(elements.count) elements ]"
            default: inline(value, limit: 100)
            }
        }

        /// Compact canonical JSON, cut after `limit` characters.
        static func inline(_ value: JSONValue, limit: Int) -> String {
            let text = value.canonicalJSONString(pretty: false)
            guard text.count > limit else { return text }
            return String(text.prefix(limit)) + "…"
        }
    }
}
