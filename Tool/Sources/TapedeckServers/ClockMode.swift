import TapedeckWebSocket

/// How game time passes on the reference server.
package enum ClockMode: String, Sendable, Equatable, CaseIterable {
    /// One tick per real second on a scheduled task.
    case wall
    /// Time passes only when the client sends `{"type":"advance","message":{"seconds":N}}`: N ticks at once.
    case virtual
}
