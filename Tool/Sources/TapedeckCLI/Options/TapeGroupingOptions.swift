import ArgumentParser
import TapedeckProxy
import TapedeckRedaction

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
                    "--session-key takes client-address, query:NAME or header:NAME, NAME a header name (letters, digits, "
                        + "!#$%&'*+-.^_`|~) for header: (got \"\(text)\"), e.g. query:deviceId or header:X-Device-Id")
            }
            return key
        })
    var key: SessionKey?

    @Option(
        name: .customLong("session-gap"),
        help: ArgumentHelp(
            "Seconds a session's tape waits for a reconnect after its last connection ended, 0-86400 (default: 30).",
            valueName: "seconds"),
        transform: { text in
            // Decimal only: Double(_:) also reads 0x10, 0x1p-1, inf and 1e3.
            let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
            guard !parts[0].isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                let seconds = Double(text)
            else {
                throw ValidationError("--session-gap takes decimal seconds such as 30 or 2.5 (got \"\(text)\").")
            }
            return seconds
        })
    var gapSeconds: Double?

    @Option(
        name: .customLong("max-sessions"),
        help: ArgumentHelp(
            "Sessions open or waiting for a reconnect at once, 1-\(TapeGrouping.maximumMaxSessions) (default: \(TapeGrouping.defaultMaxSessions)); past it the session that has waited longest is closed.",
            valueName: "n"))
    var maxSessions: Int?

    @Flag(
        name: .customLong("keep-session-key"),
        help:
            "Write the --session-key query parameter or header into tapes as sent; by default its value is redacted like a secret."
    )
    var keepSessionKey = false

    func validate() throws {
        if per == .connection, key != nil || gapSeconds != nil || maxSessions != nil || keepSessionKey {
            throw ValidationError(
                "--session-key, --session-gap, --max-sessions and --keep-session-key are for --tape-per session.")
        }
        if let gapSeconds, !(gapSeconds >= 0 && gapSeconds <= Double(TapeGrouping.maximumGapSeconds)) {
            throw ValidationError(
                "--session-gap must be 0-\(TapeGrouping.maximumGapSeconds) seconds (got \(gapSeconds)); 0 closes a session's tape as soon as its last connection ends."
            )
        }
        if let maxSessions, !(1...TapeGrouping.maximumMaxSessions).contains(maxSessions) {
            throw ValidationError(
                "--max-sessions must be 1-\(TapeGrouping.maximumMaxSessions) (got \(maxSessions)); sessions open or waiting for a reconnect at once."
            )
        }
        if keepSessionKey, key == nil || key == .clientAddress {
            throw ValidationError("--keep-session-key is for a query:NAME or header:NAME --session-key.")
        }
    }

    var grouping: TapeGrouping {
        switch per {
        case .connection: .perConnection
        case .session:
            .perSession(
                key: key ?? .clientAddress,
                gapNanoseconds: Int64(((gapSeconds ?? Double(TapeGrouping.defaultGapSeconds)) * 1e9).rounded()),
                maxSessions: maxSessions ?? TapeGrouping.defaultMaxSessions)
        }
    }

    /// The rule that redacts the key's value wherever a tape would hold it (the request target, a
    /// header, each connection's handshake), unless `--keep-session-key`.
    var keyRedaction: RedactionRules {
        guard per == .session, !keepSessionKey else { return RedactionRules() }
        switch key {
        case .query(let name): return RedactionRules(queryParameters: [name])
        case .header(let name): return RedactionRules(headers: [name])
        case .clientAddress, nil: return RedactionRules()
        }
    }
}
