import TapedeckCore
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
///
/// Arrays whose elements carry an identity (`ArrayIdentity`, `id` by default) are compared element
/// by element by that identity: an inserted, removed or moved element shows as such, and an
/// element's changed fields under its identity, `lifeEvents[id=e3].claimed`.
public struct SnapshotDiff: Sendable, Equatable {
    /// The diff lines, without the header.
    public var lines: [String]
    /// Every path whose value differs, deepest first-found: `gameState.energy`, `player.people[2]`,
    /// the elements of `elementChanges` included.
    public var changedPaths: [String]
    /// The elements of identified arrays inserted, removed or moved, in the order the lines show them.
    public var elementChanges: [ArrayElementChange]

    /// Unchanged siblings shown on each side of a change.
    public static let contextSiblings = 1

    /// Nil when the values are equal.
    ///
    /// - Parameters:
    ///   - expected: The value expected (the golden): its lines are the `−` side.
    ///   - actual: The value found: its lines are the `+` side.
    ///   - identity: Which member identifies the elements of each array; `.standard` pairs them by `id`.
    public init?(expected: JSONValue, actual: JSONValue, identity: ArrayIdentity = .standard) {
        guard expected != actual else { return nil }
        var builder = Builder(identity: identity)
        if case .object = expected, case .object = actual {
            // The top-level object's braces add nothing: its keys start the lines.
            builder.renderRootObject(expected: expected, actual: actual)
        } else {
            builder.render(label: "", expected: expected, actual: actual, depth: 0, path: "", location: [])
        }
        lines = builder.lines
        changedPaths = builder.paths
        elementChanges = builder.elementChanges
    }

    /// Header, changed paths (then the inserted, removed and moved elements) and the diff, ready to print.
    public var text: String {
        let elementPaths = Set(elementChanges.map(\.path))
        let changedInPlace = changedPaths.filter { !elementPaths.contains($0) }
        var header = ["Expected: −, Actual: +"]
        if !changedInPlace.isEmpty || elementChanges.isEmpty {
            header.append("Changed: " + changedInPlace.map { $0.isEmpty ? "(the whole value)" : $0 }.joined(separator: ", "))
        }
        for title in ArrayElementChange.titles {
            let changes = elementChanges.filter { $0.title == title }
            if !changes.isEmpty { header.append(title + ": " + changes.map(\.description).joined(separator: ", ")) }
        }
        return (header + lines).joined(separator: "\n")
    }
}
