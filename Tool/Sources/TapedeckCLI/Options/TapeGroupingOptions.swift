import ArgumentParser
import TapedeckProxy

/// `record`'s choice of what goes into one tape: an app session (its reconnects included) or one
/// connection (docs/RECORDING.md, "Sessions").
struct TapeGroupingOptions: ParsableArguments {
    enum Per: String, CaseIterable, ExpressibleByArgument {
        case session, connection
    }

    @Option(
        name: .customLong("tape-per"),
        help:
            "session: an app session's connections, drops and reconnects in one tape (the default); connection: a tape per connection."
    )
    var per = Per.session

    @Option(
        name: .customLong("session-key"),
        help: ArgumentHelp(
            "What tells app sessions apart, besides the upstream URL: client-address (the default: the app's IP), query:NAME or header:NAME.",
            valueName: "key"),
        transform: { text in
            guard let key = SessionKey(parsing: text) else {
                throw ValidationError(
                    "--session-key takes client-address, query:NAME or header:NAME (got \"\(text)\"), e.g. query:deviceId")
            }
            return key
        })
    var key: SessionKey?

    @Option(
        name: .customLong("session-gap"),
        help: "Seconds a session's tape waits for a reconnect after its last connection ended, 0-86400 (default: 30).")
    var gapSeconds: Double?

    func validate() throws {
        if per == .connection, key != nil || gapSeconds != nil {
            throw ValidationError("--session-key and --session-gap are for --tape-per session.")
        }
        if let gapSeconds, !(gapSeconds >= 0 && gapSeconds <= Double(TapeGrouping.maximumGapSeconds)) {
            throw ValidationError(
                "--session-gap must be 0-\(TapeGrouping.maximumGapSeconds) seconds (got \(gapSeconds)); 0 closes a session's tape as soon as its last connection ends."
            )
        }
    }

    var grouping: TapeGrouping {
        switch per {
        case .connection: .perConnection
        case .session:
            .perSession(
                key: key ?? .clientAddress,
                gapNanoseconds: Int64(((gapSeconds ?? Double(TapeGrouping.defaultGapSeconds)) * 1e9).rounded()))
        }
    }
}
