import TapedeckCore
import TapedeckProtocol

/// A condition on the client state's snapshot that ends a failure search, such as `tapedeck repro
/// --until 'gameState.energy < 0'`. The investigation tools take any; the scenario language parses
/// the text form (`StatePredicate`), so they need not depend on the language.
public protocol StateCondition: Sendable, CustomStringConvertible {
    /// Whether the condition holds for a state.
    ///
    /// - Parameter snapshot: The client state's snapshot (`ClientState.snapshot()`).
    /// - Returns: True when the condition holds for that state.
    func holds(in snapshot: JSONValue) -> Bool
}
