/// A catalog that cannot be opened, migrated, read or written.
package struct CatalogError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var reason: String

    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    package var description: String {
        "\(path): catalog error: \(reason). Check the path and permissions; a catalog can be deleted and rebuilt by running `tapedeck check` again."
    }
}
