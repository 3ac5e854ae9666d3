import TapedeckProtocol
import TapedeckReplay
import TapedeckState

/// ClientState with one rule flipped, as a refactor might break it: `u` updates no longer set
/// energy. Used to show that checkpoints catch a changed rule and name the field.
struct EnergyIgnoringModel: ClientModel, Sendable {
    var state = ClientState()

    mutating func receive(_ message: ServerMessage, at time: VirtualTime) {
        if case .update(var update) = message {
            update.energy = nil
            state.receive(.update(update), at: time)
        } else {
            state.receive(message, at: time)
        }
    }

    mutating func send(_ message: ClientMessage, at time: VirtualTime) { state.send(message, at: time) }
    mutating func connectionChanged(_ event: ConnectionEvent, at time: VirtualTime) { state.connectionChanged(event, at: time) }
    func snapshot() -> JSONValue { state.snapshot() }
    mutating func checkInvariants() -> [InvariantViolation] { state.checkInvariants() }
}
