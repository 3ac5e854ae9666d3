import TapedeckCore

/// Reads the WebSocket connections of a HAR file (docs/TAPE-FORMAT.md, "HAR"): every entry with
/// `_webSocketMessages` is one connection, numbered in file order (or as `_tapedeckConnection`
/// says), opened at its `startedDateTime` (ISO 8601 in any zone and precision), its messages at
/// their `time`. Other entries (pages,
/// scripts, images) are skipped. Times become tape times relative to the earliest of them; a HAR
/// that tapedeck wrote carries each message's exact tape time and the tape's metadata, which win.
public enum TapeHARImport {
    /// A HAR's connections, as a tape's header and records.
    public struct Session: Sendable {
        /// The tape's metadata: the HAR's own when tapedeck wrote it, else the fallback's with the
        /// creation time, URL and headers filled in from the HAR.
        public var metadata: TapeMetadata
        /// In time order (entries interleaved), stable for equal times.
        public var records: [TapeRecord]
        /// How many WebSocket entries (connections) the HAR has; at least 1. A connection that did
        /// not open (a status other than 101) has an `error` note of its refusal instead of an `open`.
        public var connections: Int
    }

    /// `fallback` is the metadata for a HAR that tapedeck did not write (its creation time, URL
    /// and headers are filled in from the HAR).
    ///
    /// - Parameters:
    ///   - bytes: The HAR file's bytes, UTF-8 JSON.
    ///   - fallback: The metadata for a HAR that tapedeck did not write.
    /// - Returns: The connections' opens and messages as records, in time order, and the metadata.
    /// - Throws: `HARError` with the byte offset and JSON path of the first problem: JSON that does
    ///   not parse, a missing or mistyped member, a date that is not ISO 8601 with its zone, a time
    ///   outside `TapeTimeRange`, or no entry with `_webSocketMessages`.
    public static func session(from bytes: [UInt8], fallback: TapeMetadata) throws(HARError) -> Session {
        let root: JSONLocated
        do { root = try JSONParser.parseLocated(bytes) } catch {
            throw HARError(offset: error.offset, path: "", message: error.message)
        }
        let log = try requiredMember("log", of: root, at: "")
        let entries = try array(try requiredMember("entries", of: log, at: "log"), at: "log.entries")
        var header: TapeMetadata?
        if let node = try member("_tapedeckHeader", of: log, at: "log") {
            do { header = try TapeMetadataJSON.decode(node) } catch {
                throw HARError(offset: error.offset, path: "log._tapedeckHeader", message: error.message)
            }
        }
        let found = try webSocketEntries(entries)
        guard let first = found.first else {
            throw HARError(offset: 0, path: "log.entries", message: "no WebSocket entry (none has _webSocketMessages)")
        }
        let metadata: TapeMetadata
        // Tape time 0 is the tape's creation time, or the earliest time in the HAR.
        let base: Int64
        if let header {
            metadata = header
            switch TapeTimeRange.created(header.created) {
            case .success(let milliseconds): base = milliseconds * 1000
            case .failure(let problem): throw HARError(offset: 0, path: "log._tapedeckHeader.created", message: "\(problem)")
            }
        } else {
            metadata = try describe(first.entry, fallback: fallback, started: first.startedMicros)
            base = min(found.opens.map(\.micros).min() ?? 0, found.messages.map(\.micros).min() ?? 0)
        }
        var records: [TapeRecord] = []
        for timed in found.opens + found.messages {
            var record = timed.record
            record.time = try tapeTime(of: timed, base: base)
            records.append(record)
        }
        // Stable: a connection's open comes before its messages at the same time.
        let ordered = records.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        return Session(metadata: metadata, records: ordered, connections: found.count)
    }

    /// A record read from a HAR before its time is a tape time: its time in microseconds since
    /// 1970 (or its exact tape time), and where that time stands, for the error when it is too far
    /// from the others.
    private struct TimedRecord {
        var record: TapeRecord
        var micros: Int64
        var exact: UInt64?
        var offset: Int
        var path: String
    }

    /// The HAR's WebSocket entries: each connection's handshake, open (or refusal) and messages.
    private struct WebSocketEntries {
        var opens: [TimedRecord] = []
        var messages: [TimedRecord] = []
        /// How many entries have `_webSocketMessages`.
        var count = 0
        /// The first of them and its start, which describe a HAR tapedeck did not write.
        var first: (entry: JSONLocated, startedMicros: Int64)?
    }

    /// Reads every entry with `_webSocketMessages` as a connection, numbered in file order (or
    /// as `_tapedeckConnection` says); other entries are skipped.
    private static func webSocketEntries(_ entries: [JSONLocated]) throws(HARError) -> WebSocketEntries {
        var found = WebSocketEntries()
        for (index, entry) in entries.enumerated() {
            let path = "log.entries[\(index)]"
            guard let socket = try member("_webSocketMessages", of: entry, at: path) else { continue }
            var connection = UInt32(found.count)
            found.count += 1
            if let number = try member("_tapedeckConnection", of: entry, at: path) {
                connection = UInt32(clamping: try integer(number, at: path + "._tapedeckConnection"))
            }
            let started = try requiredMember("startedDateTime", of: entry, at: path)
            let startedPath = path + ".startedDateTime"
            guard let startedMicros = RFC3339.microseconds(try string(started, at: startedPath)) else {
                throw HARError(
                    offset: started.offset, path: startedPath,
                    message: "expected an ISO 8601 date and time with its zone, like 2026-01-02T03:04:05.678Z "
                        + "or 2026-01-02T04:04:05.678901+01:00")
            }
            try inRange(startedMicros, offset: started.offset, path: startedPath)
            if found.first == nil { found.first = (entry, startedMicros) }
            for record in try connectionStart(entry, connection: connection, at: path) {
                found.opens.append(
                    TimedRecord(
                        record: record.record, micros: startedMicros, exact: record.exact, offset: started.offset,
                        path: startedPath))
            }
            for (number, message) in try array(socket, at: path + "._webSocketMessages").enumerated() {
                let messagePath = path + "._webSocketMessages[\(number)]"
                let decoded = try decodeMessage(message, connection: connection, at: messagePath)
                try inRange(decoded.micros, offset: decoded.offset, path: messagePath + ".time")
                found.messages.append(
                    TimedRecord(
                        record: decoded.record, micros: decoded.micros, exact: decoded.exact, offset: decoded.offset,
                        path: messagePath + ".time"))
            }
        }
        return found
    }

    /// A record's tape time from the HAR's time 0 (`base`, microseconds since 1970): its exact
    /// time when tapedeck wrote it. Both times lie within the tape range's years, so the difference
    /// fits; in nanoseconds it may not be a time a tape may hold (2^63-1 ns, about 292 years).
    private static func tapeTime(of timed: TimedRecord, base: Int64) throws(HARError) -> UInt64 {
        if let exact = timed.exact {
            if let problem = TapeTimeRange.recordTimeProblem(exact, createdMilliseconds: base / 1000) {
                throw HARError(offset: timed.offset, path: timed.path, message: "\(problem)")
            }
            return exact
        }
        let (nanoseconds, overflow) = UInt64(max(0, timed.micros - base)).multipliedReportingOverflow(by: 1000)
        guard !overflow, nanoseconds <= TapeTimeRange.latestRecordTime else {
            throw HARError(
                offset: timed.offset, path: timed.path,
                message: "this time is over 292 years after the HAR's earliest one, more than a tape can span; "
                    + "check the HAR's times (seconds or milliseconds since 1970, dates in ISO 8601)")
        }
        return nanoseconds
    }

    /// The records that start an entry's connection, in order, each with its exact time when
    /// tapedeck wrote the HAR: its `handshake` (`_tapedeckHandshake`), then its `open`, or for a
    /// connection that never opened an `error` note of its refusal. A connection opened when
    /// tapedeck's export says so (`_tapedeckOpen`), else when its status is 101 or not given;
    /// other tools write a refused WebSocket's status (403, 503) or 0.
    private static func connectionStart(_ entry: JSONLocated, connection: UInt32, at path: String) throws(HARError) -> [(
        record: TapeRecord, exact: UInt64?
    )] {
        func exactTime(_ key: String) throws(HARError) -> UInt64? {
            guard let node = try member(key, of: entry, at: path) else { return nil }
            return UInt64(try integer(node, at: path + "." + key))
        }
        var records: [(record: TapeRecord, exact: UInt64?)] = []
        let start = try exactTime("_tapedeckStart")
        if let node = try member("_tapedeckHandshake", of: entry, at: path) {
            do {
                let handshake = try TapeMetadataJSON.decode(node)
                records.append((ConnectionHandshake.record(handshake, time: 0, connection: connection), start))
            } catch {
                throw HARError(offset: error.offset, path: path + "._tapedeckHandshake", message: error.message)
            }
        }
        let open = try exactTime("_tapedeckOpen")
        var status: UInt64?
        if let response = try member("response", of: entry, at: path),
            let node = try member("status", of: response, at: path + ".response")
        {
            status = node.unsignedInteger
        }
        let opened = start != nil ? open != nil : (status == nil || status == 101)
        if opened {
            records.append((TapeRecord(time: 0, connection: connection, direction: .c2s, kind: .open), open))
        } else {
            // The proxy's wording, from which `serve` takes the status to answer again.
            var answer = "no answer"
            if let status, status != 0 {
                let text = TapeHARExport.statusText(Int(clamping: status))
                answer = "upstream answered \(status)" + (text.isEmpty ? "" : " " + text)
            }
            let reason = "upgrade failed: \(answer) (from a HAR, which keeps no other reason)"
            records.append(
                (
                    TapeRecord(
                        time: 0, connection: connection, direction: .note, kind: .error, endedBy: .server,
                        refusalStatus: status.flatMap { $0 == 0 ? nil : UInt16(exactly: $0) }, payload: Array(reason.utf8)),
                    try exactTime("_tapedeckEnd") ?? start
                ))
        }
        return records
    }

    private static func decodeMessage(_ node: JSONLocated, connection: UInt32, at path: String) throws(HARError) -> (
        record: TapeRecord, micros: Int64, exact: UInt64?, offset: Int
    ) {
        let type = try string(try requiredMember("type", of: node, at: path), at: path + ".type")
        guard type == "send" || type == "receive" else {
            throw HARError(
                offset: node.offset, path: path + ".type", message: "expected \"send\" or \"receive\", found \"\(type)\"")
        }
        let timeNode = try requiredMember("time", of: node, at: path)
        guard let literal = timeNode.numberLiteral, let micros = microseconds(fromTime: literal) else {
            throw HARError(
                offset: timeNode.offset, path: path + ".time",
                message: "expected the time since 1970 as a number (seconds, or milliseconds as Playwright writes)")
        }
        let opcodeNode = try requiredMember("opcode", of: node, at: path)
        let opcode = try integer(opcodeNode, at: path + ".opcode")
        guard opcode == 1 || opcode == 2 else {
            throw HARError(
                offset: opcodeNode.offset, path: path + ".opcode", message: "expected 1 (text) or 2 (binary), found \(opcode)")
        }
        let dataNode = try requiredMember("data", of: node, at: path)
        guard case .string(let data) = dataNode.value else {
            throw HARError(
                offset: dataNode.offset, path: path + ".data", message: "expected a string, found \(dataNode.typeName)")
        }
        let flagged =
            try member("_tapedeckBase64", of: node, at: path).map {
                if case .bool(true) = $0.value { true } else { false }
            } ?? false
        var payload = Array(data.utf8)
        if opcode == 2 || flagged {
            switch Base64.decode(payload) {
            case .success(let bytes): payload = bytes
            case .failure(let error):
                throw HARError(
                    offset: dataNode.offset + 1 + error.offset, path: path + ".data",
                    message: "binary data must be base64: \(error.reason)")
            }
        }
        var exact: UInt64?
        if let time = try member("_tapedeckTime", of: node, at: path) {
            exact = UInt64(try integer(time, at: path + "._tapedeckTime"))
        }
        let record = TapeRecord(
            time: 0, connection: connection, direction: type == "send" ? .c2s : .s2c, kind: opcode == 1 ? .text : .binary,
            payload: payload)
        return (record, micros, exact, timeNode.offset)
    }

    /// Metadata for a HAR another tool wrote: created at its first connection, the URL and headers
    /// of its first WebSocket entry.
    private static func describe(_ entry: JSONLocated, fallback: TapeMetadata, started: Int64) throws(HARError) -> TapeMetadata {
        var metadata = fallback
        // Rounded down, also before 1970.
        metadata.created = RFC3339.string(milliseconds: started >= 0 ? started / 1000 : (started - 999) / 1000)
        metadata.labels["source"] = "har"
        if let request = try member("request", of: entry, at: "") {
            if let url = try member("url", of: request, at: "request"), case .string(let text) = url.value {
                metadata.upstreamURL = text
                if let scheme = text.firstRange(of: "://") {
                    let rest = text[scheme.upperBound...]
                    metadata.requestTarget = rest.firstIndex(of: "/").map { String(rest[$0...]) } ?? "/"
                }
            }
            metadata.requestHeaders = try headers(of: request)
        }
        if let response = try member("response", of: entry, at: "") {
            if let status = try member("status", of: response, at: "response") {
                // The tape reader's range: a tape imported with 1000 or 2^63-1 could not be read back
                // (issue 41, finding 5).
                guard let code = status.unsignedInteger, code <= 999 else {
                    throw HARError(
                        offset: status.offset, path: "response.status", message: "expected an HTTP status code (0-999)")
                }
                metadata.responseStatus = Int(code)
            }
            metadata.responseHeaders = try headers(of: response)
        }
        return metadata
    }

    private static func headers(of node: JSONLocated) throws(HARError) -> [TapeMetadata.HeaderField] {
        guard let list = try member("headers", of: node, at: ""), case .array(let items) = list.value else {
            return []
        }
        return items.compactMap { item -> TapeMetadata.HeaderField? in
            guard case .object(let members) = item, case .string(let name)? = members["name"],
                case .string(let value)? = members["value"]
            else { return nil }
            return TapeMetadata.HeaderField(name, value)
        }
    }

    /// A message's `time` as microseconds since 1970. Chrome DevTools writes seconds
    /// (`1700000000.123456`), Playwright milliseconds (`1700000000123.456`): a value of 10^11 or
    /// more is read as milliseconds (10^11 seconds is the year 5138). Digits past the microsecond
    /// are rounded half up.
    static func microseconds(fromTime literal: [UInt8]) -> Int64? {
        var whole: Int64 = 0
        var fraction: Int64 = 0 // nine digits: nanoseconds of a second, or picoseconds of a millisecond
        var digits = 0
        var inFraction = false
        for byte in literal {
            switch byte {
            case UInt8(ascii: "."):
                guard !inFraction else { return nil }
                inFraction = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let digit = Int64(byte - UInt8(ascii: "0"))
                if !inFraction {
                    guard whole < 100_000_000_000_000 else { return nil }
                    whole = whole * 10 + digit
                } else if digits < 9 {
                    fraction = fraction * 10 + digit
                    digits += 1
                }
            default: return nil // negative, exponent: not a wall time
            }
        }
        for _ in digits..<9 { fraction *= 10 }
        if whole >= 100_000_000_000 {
            // Milliseconds: the fraction's first three digits are microseconds.
            return whole * 1000 + (fraction + 500_000) / 1_000_000
        }
        return whole * 1_000_000 + (fraction + 500) / 1000
    }

    /// The member `key` of the object `node`, nil when it has none.
    private static func member(_ key: String, of node: JSONLocated, at path: String) throws(HARError) -> JSONLocated? {
        guard case .object = node.value else {
            throw HARError(offset: node.offset, path: path, message: "expected an object, found \(node.typeName)")
        }
        return node.member(key)
    }

    /// The member `key` of the object `node`, which must have it.
    private static func requiredMember(_ key: String, of node: JSONLocated, at path: String) throws(HARError) -> JSONLocated {
        guard let found = try member(key, of: node, at: path) else {
            throw HARError(offset: node.offset, path: path, message: "\"\(key)\" is missing")
        }
        return found
    }

    private static func array(_ node: JSONLocated, at path: String) throws(HARError) -> [JSONLocated] {
        guard let items = node.elements else {
            throw HARError(offset: node.offset, path: path, message: "expected an array, found \(node.typeName)")
        }
        return items
    }

    private static func string(_ node: JSONLocated, at path: String) throws(HARError) -> String {
        guard case .string(let text) = node.value else {
            throw HARError(offset: node.offset, path: path, message: "expected a string, found \(node.typeName)")
        }
        return text
    }

    /// Refuses a wall time (microseconds since 1970) a tape may not hold.
    private static func inRange(_ micros: Int64, offset: Int, path: String) throws(HARError) {
        let milliseconds = micros >= 0 ? micros / 1000 : (micros - 999) / 1000
        if let problem = TapeTimeRange.wallTimeProblem(milliseconds, of: RFC3339.string(milliseconds: milliseconds)) {
            throw HARError(offset: offset, path: path, message: "\(problem)")
        }
    }

    private static func integer(_ node: JSONLocated, at path: String) throws(HARError) -> Int64 {
        guard let value = node.unsignedInteger, value <= UInt64(Int64.max) else {
            throw HARError(offset: node.offset, path: path, message: "expected a non-negative integer")
        }
        return Int64(value)
    }
}

/// A HAR file that cannot be imported: where (a byte offset and a JSON path) and why.
public struct HARError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The byte offset in the HAR file of the value at fault, from 0.
    public var offset: Int
    /// The JSON path of the value at fault (`log.entries[2].startedDateTime`); empty for the whole file.
    public var path: String
    /// What is wrong, or what was expected there.
    public var message: String

    /// `byte OFFSET (PATH): MESSAGE`.
    public var description: String { "byte \(offset)\(path.isEmpty ? "" : " (\(path))"): \(message)" }
}
