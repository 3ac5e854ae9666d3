import TapedeckCore
import TapedeckReplay

/// Where a replay stood when the app sent something, or when a departure was found: the tape, the
/// record just handed to the app, the virtual time, and what came just before (a server message
/// or the user action behind a recorded send).
public struct SendContext: Sendable, Equatable, CustomStringConvertible {
    /// What the replay did last.
    public enum Event: Sendable, Equatable {
        case start
        case opened
        case serverMessage([UInt8])
        case serverClose(code: UInt16)
        case failure(String)
        /// The user action behind this recorded client message.
        case userAction(for: [UInt8])
        /// A timer of the app's on the replay's clock (`ReplayClock`) woke.
        case timer

        public var description: String {
            switch self {
            case .start: "the start of the tape"
            case .opened: "the connection opened"
            case .serverMessage(let payload): "server " + MessageText.excerpt(payload, limit: 100)
            case .serverClose(let code): "the server closed the connection (\(code))"
            case .failure(let reason): "the connection failed: \(reason)"
            case .userAction(let payload): "the user action for " + MessageText.excerpt(payload, limit: 100)
            case .timer: "a timer of the app's"
            }
        }
    }

    public var tape: String
    /// The record last handed to the app (nil before the first).
    public var record: Int?
    public var time: VirtualTime
    public var after: Event

    public init(tape: String, record: Int?, time: VirtualTime, after: Event) {
        self.tape = tape
        self.record = record
        self.time = time
        self.after = after
    }

    /// `core-loop.tape, t=3.204s, after record 21: server {"type":"messageEvent",...}`
    public var description: String {
        let name = tape.split(separator: "/").last.map(String.init) ?? tape
        let seconds = DurationText.seconds(time.nanoseconds)
        guard let record else { return "\(name), t=\(seconds), at \(after.description)" }
        return "\(name), t=\(seconds), after record \(record): \(after.description)"
    }
}

/// One departure of what the app sent from what the tape's client sent: a `ClientFinding` (the
/// same kinds `tapedeck serve --verify` reports) and where it was found.
public struct SendFinding: Sendable, Equatable, CustomStringConvertible {
    public var finding: ClientFinding
    public var context: SendContext

    public init(finding: ClientFinding, context: SendContext) {
        self.finding = finding
        self.context = context
    }

    /// The finding (with its −/+ lines for a changed message) and, indented, where.
    public var description: String {
        let lines = finding.report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return ([lines[0], "    at \(context)"] + lines.dropFirst()).joined(separator: "\n")
    }
}
