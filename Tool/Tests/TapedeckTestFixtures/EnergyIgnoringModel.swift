import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckState

/// ClientState with one rule flipped, as a refactor might break it: `u` updates no longer set
/// energy. Used to show that checkpoints catch a changed rule and name the field.
public struct EnergyIgnoringModel: ClientModel, Sendable {
    public var state = ClientState()

    public init() {}

    public mutating func receive(_ message: ServerMessage, at time: VirtualTime) {
        if case .update(var update) = message {
            update.energy = nil
            state.receive(.update(update), at: time)
        } else {
            state.receive(message, at: time)
        }
    }

    public mutating func send(_ message: ClientMessage, at time: VirtualTime) { state.send(message, at: time) }
    public mutating func connectionChanged(_ event: ConnectionEvent, at time: VirtualTime) {
        state.connectionChanged(event, at: time)
    }
    public func snapshot() -> JSONValue { state.snapshot() }
    public mutating func checkInvariants() -> [InvariantViolation] { state.checkInvariants() }
}
