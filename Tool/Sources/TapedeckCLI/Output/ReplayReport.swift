import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckState
import TapedeckTape

/// The text and JSON forms of a replay's summary. Sorted keys and counts only: the same tapes give
/// the same bytes.
enum ReplayReport {
    static func text(_ result: ReplayResult<ClientState>, digest: String) -> String {
        let statistics = result.statistics
        var lines: [String] = []
        let tapeWord = result.tapes.count == 1 ? "tape" : "tapes"
        var how = "to the end"
        switch result.stop {
        case .limit(let limit)?: how = "until \(limit)"
        case .invariant(let stop)?: how = "until an invariant broke at \(stop.position)"
        case .decodeFailure(let failure)?: how = "until a message did not decode at \(failure.position)"
        case nil: break
        }
        lines.append("replayed \(statistics.records) records of \(result.tapes.count) \(tapeWord) \(how)")
        for tape in result.tapes {
            lines.append("  \(tape.path): \(tape.records) records" + (tape.end.map { ", " + endText($0) } ?? ", not finished"))
        }
        let server = statistics.serverMessages.values.reduce(0, +)
        let client = statistics.clientMessages.values.reduce(0, +)
        lines.append("messages applied: \(server + client) (s2c \(server), c2s \(client))")
        for (direction, counts) in [("s2c", statistics.serverMessages), ("c2s", statistics.clientMessages)] {
            for type in counts.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                lines.append("  \(direction) \(type.rightPadded(to: 27) + " ")\(counts[type] ?? 0)")
            }
        }
        lines.append(
            "connection events: \(statistics.connectionEvents); markers: \(statistics.markers.count); "
                + "not applied: binary \(statistics.count(.binary)), ping \(statistics.count(.ping)), pong \(statistics.count(.pong))"
        )
        for (position, name) in statistics.markers { lines.append("  marker \"\(name)\" at \(position)") }
        lines.append("decode errors: \(statistics.decodeFailures.count)")
        for failure in statistics.decodeFailures.prefix(20) { lines.append("  " + failure.description) }
        if statistics.decodeFailures.count > 20 { lines.append("  … \(statistics.decodeFailures.count - 20) more") }
        if case .invariant(let stop)? = result.stop { lines.append(stop.report) }
        lines.append("final state digest: \(digest)")
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ result: ReplayResult<ClientState>, digest: String) -> JSONValue {
        let statistics = result.statistics
        func counts(_ values: [String: Int]) -> JSONValue { .object(values.mapValues(JSONValue.int)) }
        var kinds: [String: JSONValue] = [:]
        for kind in TapeRecord.Kind.allCases { kinds[kind.name] = .int(statistics.count(kind)) }
        var stop: JSONValue = .null
        switch result.stop {
        case .limit(let limit)?:
            stop = .object(["reason": .string("until"), "until": .string(limit.description)])
        case .invariant(let broken)?:
            stop = .object([
                "reason": .string("invariant"), "tape": .int(broken.position.tape), "record": .int(broken.position.record),
                "invariants": .array(
                    broken.violations.map { .object(["name": .string($0.name), "message": .string($0.message)]) }),
                "report": .string(broken.report),
            ])
        case .decodeFailure(let failure)?:
            stop = .object([
                "reason": .string("decodeError"), "tape": .int(failure.position.tape), "record": .int(failure.position.record),
            ])
        case nil:
            break
        }
        return .object([
            "tapes": .array(
                result.tapes.map { tape in
                    .object([
                        "path": .string(tape.path), "records": .int(tape.records),
                        "end": tape.end.map { .string(endText($0)) } ?? .null,
                    ])
                }),
            "records": .int(statistics.records),
            "kinds": .object(kinds),
            "messages": .object(["s2c": counts(statistics.serverMessages), "c2s": counts(statistics.clientMessages)]),
            "connectionEvents": .int(statistics.connectionEvents),
            "markers": .array(
                statistics.markers.map { marker in
                    .object([
                        "tape": .int(marker.position.tape), "record": .int(marker.position.record), "name": .string(marker.name),
                    ])
                }),
            "decodeErrors": .array(
                statistics.decodeFailures.map { failure in
                    .object([
                        "tape": .int(failure.position.tape), "record": .int(failure.position.record),
                        "direction": .string(failure.direction.name), "offset": .int(failure.error.offset),
                        "path": .string(failure.error.pathDescription), "message": .string(failure.error.description),
                    ])
                }),
            "stop": stop,
            "digest": .string(digest),
        ])
    }

    static func endText(_ end: TapeEnd) -> String {
        switch end {
        case .complete: "complete"
        case .truncated(let records, let byte): "truncated after record \(records) at byte \(byte)"
        case .damaged(let records, let byte, let reason): "damaged at byte \(byte) after record \(records): \(reason)"
        }
    }
}
