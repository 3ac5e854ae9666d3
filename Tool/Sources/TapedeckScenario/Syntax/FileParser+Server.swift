import TapedeckCore
import TapedeckProtocol

/// `server --OPTION VALUE ...`: the reference server's faults (ScenarioServer), checked here with
/// the rules `tapedeck server` applies, so a typo fails at parse time with its column.
extension FileParser {
    mutating func parseServer() throws(ScenarioParseError) -> ScenarioServer {
        var server = ScenarioServer()
        var seen: [String: Position] = [:]
        cursor.skipSpaces()
        guard !cursor.isAtLineEnd else {
            throw fail(
                "expected a fault option after 'server', found \(describedHere)", at: position, found: foundHere,
                hint: "e.g. server --drop-on purchaseItem --fault-connections 1; options: "
                    + ScenarioServer.options.joined(separator: ", "))
        }
        while !cursor.isAtLineEnd {
            let start = position
            let option = cursor.read { !SourceCursor.isSpace($0) }
            try checkOptionName(option, at: start, seen: seen)
            seen[option] = start
            cursor.skipSpaces()
            let valueStart = position
            let value = cursor.read { !SourceCursor.isSpace($0) }
            guard !value.isEmpty else {
                throw fail(
                    "\(option) needs a value, found \(describedHere)", at: valueStart, found: foundHere,
                    hint: "write \(option) VALUE, e.g. \(Self.example(of: option))")
            }
            try apply(option, value, at: valueStart, to: &server)
            cursor.skipSpaces()
        }
        if let closeCodeAt = seen["--close-code"], server.closeAfter == nil {
            throw fail(
                "--close-code applies to --close-after", at: closeCodeAt, found: "--close-code",
                hint: "add --close-after N, the server messages before the close")
        }
        if let connectionsAt = seen["--fault-connections"],
            server.dropAfter == nil, server.dropOn == nil, server.closeAfter == nil, server.malformedEvery == nil,
            server.delayMilliseconds == 0
        {
            throw fail(
                "--fault-connections names the connections a fault applies to, and this line has none", at: connectionsAt,
                found: "--fault-connections", hint: "add a fault such as --drop-on TYPE or --close-after N")
        }
        return server
    }

    private func checkOptionName(_ option: String, at start: Position, seen: [String: Position]) throws(ScenarioParseError) {
        if ScenarioServer.options.contains(option) {
            guard let earlier = seen[option] else { return }
            throw fail("\(option) is given twice (first at column \(earlier.column))", at: start, found: option)
        }
        if ScenarioServer.targetOptions.contains(option) {
            throw fail(
                "\(option) is not a fault: --reference starts the server itself (a free loopback port, the virtual clock, --seed)",
                at: start, found: option, hint: "the server line takes " + ScenarioServer.options.joined(separator: ", "))
        }
        let name = option.hasPrefix("--") ? option : "--" + String(option.drop { $0 == "-" })
        if let equals = option.firstIndex(of: "=") {
            let bare = String(option[..<equals])
            if ScenarioServer.options.contains(bare) {
                throw fail(
                    "write the value after a space", at: start, found: option,
                    hint: "\(bare) \(option[option.index(after: equals)...])")
            }
        }
        throw fail(
            "unknown server option '\(option)'", at: start, found: option,
            hint: Suggestion.hint(for: name, in: ScenarioServer.options)
                ?? "the server line takes " + ScenarioServer.options.joined(separator: ", "))
    }

    private func apply(_ option: String, _ value: String, at start: Position, to server: inout ScenarioServer)
        throws(ScenarioParseError)
    {
        switch option {
        case "--drop-after": server.dropAfter = try integer(value, option, 1...1_000_000, at: start)
        case "--delay": server.delayMilliseconds = try integer(value, option, 0...600_000, at: start)
        case "--malformed-every": server.malformedEvery = try integer(value, option, 1...1_000_000, at: start)
        case "--close-after": server.closeAfter = try integer(value, option, 1...1_000_000, at: start)
        case "--refuse-first": server.refuseFirst = try integer(value, option, 0...1000, at: start)
        case "--close-code":
            let code = try integer(value, option, 1000...4999, at: start)
            guard ![1004, 1005, 1006, 1015].contains(code) else {
                throw fail(
                    "--close-code \(code) cannot be sent in a close frame", at: start, found: value,
                    hint: "use 1000-4999 except 1004-1006 and 1015, e.g. 4001")
            }
            server.closeCode = code
        case "--drop-on":
            guard ClientMessage.knownTypes.contains(value) else {
                throw fail(
                    "--drop-on \(value) is not a client message type", at: start, found: value,
                    hint: Suggestion.hint(for: value, in: ClientMessage.knownTypes)
                        ?? "for example claimEvent or purchaseItem (docs/PROTOCOL.md)")
            }
            server.dropOn = value
        default: // --fault-connections, the one option left
            var connections: [Int] = []
            for part in value.split(separator: ",", omittingEmptySubsequences: false) {
                guard let number = Int(part), (1...1_000_000).contains(number) else {
                    throw fail(
                        "--fault-connections takes connection numbers from 1, comma-separated", at: start, found: value,
                        hint: "e.g. --fault-connections 1 (the first connection only) or 1,3")
                }
                connections.append(number)
            }
            server.faultConnections = Array(Set(connections)).sorted()
        }
    }

    private func integer(_ text: String, _ option: String, _ range: ClosedRange<Int>, at start: Position)
        throws(ScenarioParseError) -> Int
    {
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text) else {
            throw fail(
                "\(option) takes a whole number, found '\(text)'", at: start, found: text,
                hint: "e.g. \(Self.example(of: option))")
        }
        guard range.contains(number) else {
            throw fail("\(option) must be from \(range.lowerBound) to \(range.upperBound)", at: start, found: text)
        }
        return number
    }

    static func example(of option: String) -> String {
        switch option {
        case "--drop-on": "--drop-on claimEvent"
        case "--fault-connections": "--fault-connections 1"
        case "--close-code": "--close-code 4001"
        case "--delay": "--delay 200"
        default: "\(option) 5"
        }
    }
}
