import TapedeckCore
import TapedeckProtocol

/// A scenario's `server` line: the reference server's faults the scenario needs, written as
/// `tapedeck server` takes them (`server --drop-on purchaseItem --fault-connections 1`), so the
/// line is also the command that records the scenario. `--reference` starts a server with them;
/// the scripts pass `arguments` to `tapedeck server`. Pure: the network target maps it onto the
/// server's configuration. `problem(with:)` holds the rules of each value, which the scenario
/// parser and `tapedeck server` both apply, so the two say the same.
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

    /// What is wrong with a value, and how to fix it.
    package struct Problem: Sendable, Equatable {
        package var message: String
        package var hint: String?
    }

    /// What is wrong with the value of `option` here (one of `options`); nil when it is good or unset.
    package func problem(with option: String) -> Problem? {
        switch option {
        case "--drop-after": return Self.atLeastOne(option, dropAfter)
        case "--malformed-every": return Self.atLeastOne(option, malformedEvery)
        case "--close-after": return Self.atLeastOne(option, closeAfter)
        case "--delay":
            guard delayMilliseconds < 0 else { return nil }
            return Problem(message: "--delay must not be negative (got \(delayMilliseconds))", hint: "e.g. --delay 200")
        case "--refuse-first":
            guard !(0...1000).contains(refuseFirst) else { return nil }
            return Problem(message: "--refuse-first must be 0-1000 (got \(refuseFirst))", hint: nil)
        case "--close-code":
            guard !(1000...4999).contains(closeCode) || [1004, 1005, 1006, 1015].contains(closeCode) else { return nil }
            return Problem(
                message: "--close-code \(closeCode) cannot be sent in a close frame",
                hint: "use 1000-4999 except 1004-1006 and 1015, e.g. 4001")
        case "--drop-on":
            guard let dropOn, !ClientMessage.knownTypes.contains(dropOn) else { return nil }
            return Problem(
                message: "--drop-on \(dropOn) is not a client message type",
                hint: Suggestion.hint(for: dropOn, in: ClientMessage.knownTypes)
                    ?? "for example claimEvent or answerQuestion (docs/PROTOCOL.md)")
        default:
            return nil
        }
    }

    /// `--fault-connections 1,3` as connection numbers, sorted; nil when the text is not such a list.
    package static func connections(parsing text: String) -> [Int]? {
        var connections: Set<Int> = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let digits = part.drop { $0 == " " }.prefix { $0 != " " }
            guard digits.count == part.count(where: { $0 != " " }), let number = Int(digits), (1...1_000_000).contains(number)
            else { return nil }
            connections.insert(number)
        }
        return connections.sorted()
    }

    /// What `--fault-connections` says when its list does not parse.
    package static let connectionsProblem = Problem(
        message: "--fault-connections takes connection numbers from 1, comma-separated",
        hint: "e.g. --fault-connections 1 (the first connection only) or 1,3")

    private static func atLeastOne(_ option: String, _ value: Int?) -> Problem? {
        guard let value, value < 1 else { return nil }
        return Problem(message: "\(option) must be 1 or more (got \(value))", hint: nil)
    }
}
