/// A rule of the client state that does not hold. `name` is stable (tests, reports and scripts
/// match on it); `message` explains this occurrence to a person.
public struct InvariantViolation: Sendable, Equatable, CustomStringConvertible {
    public var name: String
    public var message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(message)" }
}
