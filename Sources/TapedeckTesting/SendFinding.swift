import TapedeckReplay

/// Where a replay stood when the app sent something, or when a departure was found: the tape, the
/// record just delivered, the virtual time, and what came just before (a server message or the
/// user action behind a recorded send).
public struct SendContext: Sendable, Equatable, CustomStringConvertible {
    public var tape: String
    /// The record last handed to the app (nil before the first).
    public var record: Int?
    public var time: VirtualTime
    /// `server messageEvent {"id":"e3",...}`, `the user action for claimEvent`, ...
    public var after: String

    public init(tape: String, record: Int?, time: VirtualTime, after: String) {
        self.tape = tape; self.record = record; self.time = time; self.after = after
    }

    /// `core-loop.tape, t=3.204s, after record 21: server messageEvent {...}`
    public var description: String {
        let name = tape.split(separator: "/").last.map(String.init) ?? tape
        let seconds = DurationText.seconds(time.nanoseconds)
        guard let record else { return "\(name), t=\(seconds), at \(after)" }
        return "\(name), t=\(seconds), after record \(record): \(after)"
    }
}

/// One departure of what the app sent from what the tape's client sent: a `ServeFinding` (the
/// same kinds `tapedeck serve --verify` reports) and where it was found.
public struct SendFinding: Sendable, Equatable, CustomStringConvertible {
    public var finding: ServeFinding
    public var context: SendContext

    public init(finding: ServeFinding, context: SendContext) { self.finding = finding; self.context = context }

    /// The finding (with its −/+ lines for a changed message) and, indented, where.
    public var description: String {
        let lines = finding.report.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return ([lines[0], "    at \(context)"] + lines.dropFirst()).joined(separator: "\n")
    }
}
