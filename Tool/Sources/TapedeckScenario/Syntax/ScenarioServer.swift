/// A scenario's `server` line: the reference server's faults the scenario needs, written as
/// `tapedeck server` takes them (`server --drop-on purchaseItem --fault-connections 1`), so the
/// line is also the command that records the scenario. `--reference` starts a server with them;
/// the scripts pass `arguments` to `tapedeck server`. Pure: the network target maps it onto the
/// server's configuration.
package struct ScenarioServer: Sendable, Hashable {
    /// `--drop-after N`: drop the TCP connection (no close frame) after N server messages.
    package var dropAfter: Int?
    /// `--delay MS`: every server message this many milliseconds late.
    package var delayMilliseconds: Int = 0
    /// `--malformed-every N`: a frame of broken JSON after every N-th server message.
    package var malformedEvery: Int?
    /// `--close-after N` with `--close-code C`: a close frame after N server messages.
    package var closeAfter: Int?
    package var closeCode: Int = 1000
    /// `--drop-on TYPE`: drop the connection when a client message of TYPE arrives (applied, not answered).
    package var dropOn: String?
    /// `--fault-connections 1,3`: the connections (from 1) the faults apply to; nil for every one.
    package var faultConnections: [Int]?
    /// `--refuse-first N`: the first N upgrades answered 503.
    package var refuseFirst: Int = 0

    package init() {}

    /// The options as `tapedeck server` takes them, in the order of `options`.
    package var arguments: [String] {
        var arguments: [String] = []
        if let dropAfter { arguments += ["--drop-after", "\(dropAfter)"] }
        if delayMilliseconds != 0 { arguments += ["--delay", "\(delayMilliseconds)"] }
        if let malformedEvery { arguments += ["--malformed-every", "\(malformedEvery)"] }
        if let closeAfter { arguments += ["--close-after", "\(closeAfter)", "--close-code", "\(closeCode)"] }
        if let dropOn { arguments += ["--drop-on", dropOn] }
        if let faultConnections {
            arguments += ["--fault-connections", faultConnections.map(String.init).joined(separator: ",")]
        }
        if refuseFirst != 0 { arguments += ["--refuse-first", "\(refuseFirst)"] }
        return arguments
    }

    /// As written in a scenario: `server --drop-on purchaseItem --fault-connections 1`.
    package var text: String { (["server"] + arguments).joined(separator: " ") }

    /// The fault options a `server` line takes (those of `tapedeck server` that are faults).
    package static let options = [
        "--drop-after", "--delay", "--malformed-every", "--close-after", "--close-code", "--drop-on", "--fault-connections",
        "--refuse-first",
    ]

    /// Options of `tapedeck server` that are not faults: `--reference` chooses them itself.
    static let targetOptions = [
        "--listen", "--seed", "--clock", "--tls-cert", "--tls-key", "--max-message", "--handshake-timeout",
        "--idle-timeout", "--max-connections",
    ]
}
