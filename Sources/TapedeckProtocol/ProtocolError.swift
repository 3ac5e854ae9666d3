/// Why a message could not be decoded: where (byte offset into the envelope, field path) and
/// what the decoder expected there versus what it found.
public struct ProtocolError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One step of the path from the envelope to the failing value.
    public enum PathComponent: Sendable, Equatable {
        case field(String)
        case index(Int)
    }

    /// Byte offset into the decoded buffer (0-based) of the value or byte that failed.
    public var offset: Int
    /// What the decoder wanted at `offset`: "integer", "',' or '}'", "field 'name'"...
    public var expected: String
    /// What it saw instead: "string", "end of input", "'x'"...
    public var found: String
    /// From the envelope down, e.g. `message`, `person`, `age`.
    public var path: [PathComponent]

    /// An error.
    ///
    /// - Parameters:
    ///   - offset: The 0-based byte offset of the value or byte that failed.
    ///   - expected: What the decoder wanted there.
    ///   - found: What it saw instead.
    ///   - path: The path from the envelope down; empty for the envelope itself (callers add steps on the way up).
    public init(offset: Int, expected: String, found: String, path: [PathComponent] = []) {
        self.offset = offset
        self.expected = expected
        self.found = found
        self.path = path
    }

    /// The path as text: `message.r[3].name`; empty for the envelope itself.
    public var pathDescription: String {
        var text = ""
        for component in path {
            switch component {
            case .field(let name):
                if !text.isEmpty { text += "." }
                text += name
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }

    /// One line: the path (when there is one), what was expected and found, and the byte offset.
    public var description: String {
        let location = pathDescription
        let prefix = location.isEmpty ? "" : location + ": "
        return "\(prefix)expected \(expected), found \(found) at byte \(offset)"
    }

    /// The same error one level further out (callers add components on the way up, so the hot
    /// path never builds a path).
    func inside(_ component: PathComponent) -> ProtocolError {
        var copy = self
        copy.path.insert(component, at: 0)
        return copy
    }
}
