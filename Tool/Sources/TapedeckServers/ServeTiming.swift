import TapedeckWebSocket

/// When `tapedeck serve` sends the recorded answers.
package enum ServeTiming: String, Sendable, Equatable, CaseIterable {
    /// Each at its recorded delay after its trigger (the connect or the matched client message).
    case recorded
    /// All at once, in order.
    case fast
}
