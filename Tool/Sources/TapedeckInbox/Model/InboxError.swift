/// A store, blob or triage failure, saying what failed where.
package struct InboxError: Error, CustomStringConvertible, Sendable {
    package var description: String

    package init(_ description: String) { self.description = description }
}
