/// A rule of the client state that does not hold. `name` is stable (tests, reports and scripts
/// match on it); `message` explains this occurrence to a person.
public struct InvariantViolation: Sendable, Equatable, CustomStringConvertible {
    /// The rule's stable name, such as `claimable.uniqueIds`.
    public var name: String
    /// What is wrong this time, for a person.
    public var message: String

    /// A violation.
    ///
    /// - Parameters:
    ///   - name: The rule's stable name.
    ///   - message: What is wrong this time.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// `name: message`, one line.
    public var description: String { "\(name): \(message)" }
}
