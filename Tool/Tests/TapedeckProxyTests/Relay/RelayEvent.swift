@testable import TapedeckProxy
@testable import TapedeckWebSocket

/// An event of `RelayStateMachine`, as data, so a transition table can list them.
enum RelayEvent: Sendable, CustomStringConvertible {
    case attach(RelaySide)
    case frame(RelaySide, FrameHeader, [UInt8])
    case inactive(RelaySide)
    case failed(RelaySide, RelayChannelError)
    case graceTimer(RelaySide)
    case upgradeRefused(String, status: UInt16? = nil)
    case shutDown
    case forceClose
    case recordingFailed(String)

    @discardableResult
    func apply(to machine: inout RelayStateMachine) -> [RelayAction] {
        switch self {
        case .attach(let side): machine.attached(side)
        case .frame(let side, let header, let payload): machine.received(header, payload: payload, from: side).actions
        case .inactive(let side): machine.inactive(side)
        case .failed(let side, let error): machine.failed(side, error)
        case .graceTimer(let side): machine.graceTimerFired(side)
        case .upgradeRefused(let reason, let status): machine.upgradeRefused(reason, status: status)
        case .shutDown: machine.shutDown()
        case .forceClose: machine.forceClose()
        case .recordingFailed(let reason): machine.recordingFailed(reason)
        }
    }

    var description: String {
        switch self {
        case .attach(let side): "attach \(side.name)"
        case .frame(let side, let header, let payload): "\(side.name) \(header.opcode) fin=\(header.fin) \(payload.count) B"
        case .inactive(let side): "\(side.name) inactive"
        case .failed(let side, let error): "\(side.name) failed \(error)"
        case .graceTimer(let side): "\(side.name) grace timer"
        case .upgradeRefused: "upgrade refused"
        case .shutDown: "shut down"
        case .forceClose: "force close"
        case .recordingFailed: "recording failed"
        }
    }

    // Frames as each side must send them: the app masked, the server not.

    static func text(_ side: RelaySide, _ text: String, fin: Bool = true) -> RelayEvent {
        data(side, .text, Array(text.utf8), fin: fin)
    }

    static func more(_ side: RelaySide, _ text: String, fin: Bool) -> RelayEvent {
        data(side, .continuation, Array(text.utf8), fin: fin)
    }

    static func data(
        _ side: RelaySide, _ opcode: FrameOpcode, _ payload: [UInt8], fin: Bool = true,
        masked: Bool? = nil, reservedBits: Bool = false
    ) -> RelayEvent {
        .frame(
            side, FrameHeader(fin: fin, opcode: opcode, isMasked: masked ?? (side == .client), hasReservedBits: reservedBits),
            payload)
    }

    static func close(_ side: RelaySide, _ code: UInt16?, _ reason: String = "") -> RelayEvent {
        data(side, .close, WebSocketPeerMachine.closePayload(code: code, reason: reason))
    }
}
