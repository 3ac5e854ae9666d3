extension JSONValue {
    /// The value at a path, or nil when a key is missing, an index is out of range, a step goes
    /// into a scalar, or the path does not parse (use `JSONPath(parsing:)` to get the error).
    ///
    /// - Parameter path: The path as text, such as `player.people[0].name`; the empty path is the whole value.
    /// - Returns: The value there; nil when there is none or the path does not parse.
    public func value(at path: String) -> JSONValue? {
        guard let parsed = try? JSONPath(parsing: path) else { return nil }
        return value(at: parsed)
    }

    /// The value at a parsed path, or nil when a key is missing, an index is out of range or a step goes into a scalar.
    ///
    /// - Parameter path: The path; with no components it is the whole value.
    /// - Returns: The value there; nil when there is none.
    public func value(at path: JSONPath) -> JSONValue? {
        var current = self
        for component in path.components {
            switch (component, current) {
            case (.key(let key), .object(let members)):
                guard let next = members[key] else { return nil }
                current = next
            case (.index(let index), .array(let items)):
                guard items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }
}
