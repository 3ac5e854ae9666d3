extension JSONValue {
    /// The value at a path, or nil when a key is missing, an index is out of range, a step goes
    /// into a scalar, or the path does not parse (use `JSONPath(parsing:)` to get the error).
    public func value(at path: String) -> JSONValue? {
        guard let parsed = try? JSONPath(parsing: path) else { return nil }
        return value(at: parsed)
    }

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
