/// A JSON document as a value, for the tools that work on arbitrary JSON: canonical snapshots,
/// state paths in scenarios and checkpoints, diffs, and messages of unknown type. Typed protocol
/// decoding does not go through it.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
}
