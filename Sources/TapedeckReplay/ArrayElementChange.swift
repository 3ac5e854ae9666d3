/// An element of an identified array (see `ArrayIdentity`) that a diff found inserted, removed or
/// moved, named by its identity: `lifeEvents[id=e7]`.
public struct ArrayElementChange: Sendable, Equatable, CustomStringConvertible {
    /// How the element changed between the expected and the actual array.
    public enum Kind: Sendable, Equatable {
        /// Only in the actual array, at this index.
        case inserted(at: Int)
        /// Only in the expected array, at this index.
        case removed(from: Int)
        /// In both, out of the order the others kept: from its expected index to its actual one.
        case moved(from: Int, to: Int)
    }

    /// The element's path, named by its identity: `lifeEvents[id=e7]`.
    public var path: String
    /// Whether it was inserted, removed or moved, with its indexes.
    public var kind: Kind

    /// A change.
    ///
    /// - Parameters:
    ///   - path: The element's path, named by its identity.
    ///   - kind: How it changed.
    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// The kinds' titles in a diff's header, in the order it lists them.
    static let titles = ["Inserted", "Removed", "Moved"]

    var title: String {
        switch kind {
        case .inserted: "Inserted"
        case .removed: "Removed"
        case .moved: "Moved"
        }
    }

    /// `lifeEvents[id=e3] from 2 to 0` for a move; the path otherwise.
    public var description: String {
        guard case .moved(let from, let to) = kind else { return path }
        return "\(path) from \(from) to \(to)"
    }
}
