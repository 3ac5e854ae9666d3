/// A catalog that cannot be opened, migrated, read or written.
public struct CatalogError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) { self.path = path; self.reason = reason }

    public var description: String {
        "\(path): catalog error: \(reason). Check the path and permissions; a catalog can be deleted and rebuilt by running `tapedeck check` again."
    }
}
