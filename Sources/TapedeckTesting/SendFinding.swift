import TapedeckCore
import TapedeckReplay

/// Where a replay stood when the app sent something, or when a departure was found: the tape, the
/// record just handed to the app, the virtual time, and what came just before (a server message
/// or the user action behind a recorded send).
public struct SendContext: Sendable, Equatable, CustomStringConvertible {
    /// What the replay did last.
    public enum Event: Sendable, Equatable {
        /// Nothing yet: the tape has just begun.
        case start
        /// The connection opened.
        case opened
        /// The server sent this message (its payload).
        case serverMessage([UInt8])
        /// The server closed the connection with this code.
        case serverClose(code: UInt16)
        /// The connection failed, for this reason.
        case failure(String)
        /// The user action behind this recorded client message.
        case userAction(for: [UInt8])
        /// A timer of the app's on the replay's clock (`ReplayClock`) woke.
        case timer

        /// The event in words, a message cut to 100 bytes: `server {"type":"messageEvent",...}`.
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

    /// The tape being played, as the replay was given it.
    public var tape: String
    /// The record last handed to the app (nil before the first).
    public var record: Int?
    /// The replay's virtual time then.
    public var time: VirtualTime
    /// What the replay did last.
    public var after: Event

    /// A point of a replay.
    ///
    /// - Parameters:
    ///   - tape: The tape being played.
    ///   - record: The record last handed to the app, from 0; nil before the first.
    ///   - time: The replay's virtual time.
    ///   - after: What the replay did last.
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
    /// What departed from the tape (a changed, missing, extra or out-of-order message, say).
    public var finding: ClientFinding
    /// Where the replay stood when it was found.
    public var context: SendContext

    /// A finding at a point of the replay.
    ///
    /// - Parameters:
    ///   - finding: What departed from the tape.
    ///   - context: Where the replay stood when it was found.
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

extension SendFinding {
    /// The findings as a report lists them: a run of the same finding on one connection after
    /// another (an app that keeps reconnecting to connections the tape does not have) is one line
    /// with the count, the first connection and the last, and where the first and the last were
    /// found; every other finding as `description` has it.
    ///
    /// - Parameter findings: The findings, in the order found.
    /// - Returns: One entry per finding or run, in order.
    public static func grouped(_ findings: [SendFinding]) -> [String] {
        var lines: [String] = []
        var index = findings.startIndex
        while index < findings.endIndex {
            let rest = findings[index].restAfterConnection
            var end = index + 1
            while end < findings.endIndex, let rest, findings[end].restAfterConnection == rest,
                findings[end].finding.connection == findings[end - 1].finding.connection + 1
            {
                end += 1
            }
            if end - index < 3 || rest == nil {
                lines.append(findings[index].description)
                index += 1
                continue
            }
            let (first, last) = (findings[index], findings[end - 1])
            lines.append(
                "connections \(first.finding.connection)–\(last.finding.connection) (\(end - index) findings)\(rest ?? "")\n"
                    + "    first at \(first.context)\n    last at \(last.context)")
            index = end
        }
        return lines
    }

    /// The summary after its `connection N` (nil for a finding whose summary does not start so).
    private var restAfterConnection: String? {
        let prefix = "connection \(finding.connection)"
        let summary = finding.summary
        guard finding.connection > 0, summary.hasPrefix(prefix), !finding.report.contains("\n") else { return nil }
        return String(summary.dropFirst(prefix.count))
    }
}
