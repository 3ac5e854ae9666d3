import TapedeckCore

/// `server --OPTION VALUE ...`: the reference server's faults (ScenarioServer), each value checked
/// with the rules `tapedeck server` applies (`ScenarioServer.problem(with:)`), so a typo fails at
/// parse time with its column; then the rules of a line as a whole.
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

    /// Reads `value` into the option's field, then applies the value rules `tapedeck server`
    /// applies too (`ScenarioServer.problem(with:)`).
    private func apply(_ option: String, _ value: String, at start: Position, to server: inout ScenarioServer)
        throws(ScenarioParseError)
    {
        switch option {
        case "--drop-after": server.dropAfter = try integer(value, option, at: start)
        case "--delay": server.delayMilliseconds = try integer(value, option, at: start)
        case "--malformed-every": server.malformedEvery = try integer(value, option, at: start)
        case "--close-after": server.closeAfter = try integer(value, option, at: start)
        case "--refuse-first": server.refuseFirst = try integer(value, option, at: start)
        case "--close-code": server.closeCode = try integer(value, option, at: start)
        case "--drop-on": server.dropOn = value
        default: // --fault-connections, the one option left
            guard let connections = ScenarioServer.connections(parsing: value) else {
                let problem = ScenarioServer.connectionsProblem
                throw fail(problem.message, at: start, found: value, hint: problem.hint)
            }
            server.faultConnections = connections
        }
        if let problem = server.problem(with: option) {
            throw fail(problem.message, at: start, found: value, hint: problem.hint)
        }
    }

    /// A whole number; its range is the option's rule.
    private func integer(_ text: String, _ option: String, at start: Position) throws(ScenarioParseError) -> Int {
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text) else {
            throw fail(
                "\(option) takes a whole number, found '\(text)'", at: start, found: text,
                hint: "e.g. \(Self.example(of: option))")
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
