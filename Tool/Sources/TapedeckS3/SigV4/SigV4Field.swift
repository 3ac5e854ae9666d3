/// One name and value: a header or a query parameter of a request to sign, unencoded.
public struct SigV4Field: Sendable, Hashable {
    /// The header's name (any case) or the query parameter's name, as the application means it.
    public var name: String
    /// The value, unencoded; a query parameter without `=` has the empty value.
    public var value: String

    /// A field from its name and value.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
