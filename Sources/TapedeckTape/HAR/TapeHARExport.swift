import TapedeckCore

/// A tape as HAR 1.2 (docs/TAPE-FORMAT.md, "HAR"): one entry per recorded connection, its
/// messages in `_webSocketMessages` as Chrome DevTools, Playwright, mitmproxy, HTTP Toolkit and
/// Proxyman write them (`type` send or receive, `time` in seconds since 1970 as Chrome writes it, `opcode` 1 text or
/// 2 binary, `data` the text or base64). HAR has no place for a tape's pings, pongs, closes,
/// errors and markers; they are left out and counted. Each message also carries its exact tape
/// time (`_tapedeckTime`, ns), each entry its connection number, first and last record times and
/// handshake, and the log the tape's metadata, so `tapedeck import` gets back the same messages
/// at the same times, and a refused connection as a refusal.
public enum TapeHARExport {
    /// A tape's HAR, and what it left out.
    public struct Result: Sendable {
        /// The HAR file's bytes: UTF-8 JSON ending in a newline.
        public var bytes: [UInt8]
        /// The records HAR cannot hold (pings, pongs, closes, errors, markers), left out.
        public var omittedRecords: Int
        /// The records left out, by kind.
        public var omittedKinds: [TapeRecord.Kind: Int]
    }

    /// What one connection's entry is made of.
    private struct Connection {
        /// Its open, text and binary records.
        var records: [TapeRecord] = []
        /// Its own handshake (`ConnectionHandshake`), when the tape has one for it.
        var handshake: TapeMetadata?
        var first: UInt64
        var last: UInt64
        var opened = false
        /// The status of its refusal: the note's field, or on an older tape its words.
        var refusalStatus: Int?
    }

    /// The status a refused upgrade was answered with: the note's field, or on a tape before 1.2
    /// its words (`LegacyNote`); nil when it names none.
    static func refusalStatus(of note: TapeRecord) -> Int? {
        note.refusalStatus.map(Int.init) ?? LegacyNote.refusalStatus(String(decoding: note.payload, as: UTF8.self))
    }

    /// Reads the rest of the tape and writes its HAR. Throws the reader's error for a damaged tape,
    /// and `timeWentBackwardsInConnection` for a record earlier than its connection's previous one
    /// (a tape another tool wrote): a HAR entry's messages are in time order.
    ///
    /// Each entry has its own connection's URL, headers, status and times: its `handshake` record's
    /// when the tape has one, else the header's for the first connection; a later connection of a
    /// tape without handshake records has the header's request and, when it never opened, the
    /// status its refusal note names, else 0 (no answer), so a refusal stays a refusal.
    ///
    /// - Parameters:
    ///   - reader: A tape reader; the records it has not read yet are exported (all of them from a
    ///     fresh reader).
    ///   - creator: The version written as the HAR's `log.creator.version` (its name is `tapedeck`).
    /// - Returns: The HAR's bytes and how many records it left out.
    /// - Throws: The reader's `TapeError` for a tape that is truncated or damaged;
    ///   `timeWentBackwardsInConnection` for a connection whose records go back in time;
    ///   `timeOutOfRange` when the tape's creation time, or a record's time, lies outside
    ///   `TapeTimeRange`.
    public static func har(from reader: TapeReader, creator: String) throws(TapeError) -> Result {
        let metadata = reader.header.metadata
        // Wall time of tape time 0, in milliseconds since 1970 (the tape's creation time): within
        // the tape range, as is every record's, so every date and time written imports again.
        let created: Int64
        switch TapeTimeRange.created(metadata.created) {
        case .success(let milliseconds): created = milliseconds
        case .failure(let problem): throw .timeOutOfRange(path: reader.path, reason: "\(problem)")
        }
        var connections: [UInt32: Connection] = [:]
        var order: [UInt32] = []
        var omitted: [TapeRecord.Kind: Int] = [:]
        var index = 0
        while let record = try reader.next() {
            defer { index += 1 }
            if let previous = connections[record.connection]?.last, record.time < previous {
                throw .timeWentBackwardsInConnection(
                    path: reader.path, connection: record.connection, record: index, previous: previous, time: record.time)
            }
            if let problem = TapeTimeRange.recordTimeProblem(record.time, createdMilliseconds: created) {
                throw .timeOutOfRange(path: reader.path, reason: "record \(index): \(problem)")
            }
            // Once per connection, whatever its first record is (a ping before the open used to
            // list it once per such record: issue 34, finding 8).
            if connections[record.connection] == nil {
                order.append(record.connection)
                connections[record.connection] = Connection(first: record.time, last: record.time)
            }
            connections[record.connection]!.last = record.time
            switch record.kind {
            case .open, .text, .binary:
                if record.kind == .open { connections[record.connection]!.opened = true }
                connections[record.connection]!.records.append(record)
            case .handshake:
                if connections[record.connection]!.handshake == nil {
                    connections[record.connection]!.handshake = ConnectionHandshake.metadata(of: record)
                }
            case .ping, .pong, .close, .error, .marker:
                omitted[record.kind, default: 0] += 1
                if record.kind == .error, !connections[record.connection]!.opened,
                    connections[record.connection]!.refusalStatus == nil
                {
                    connections[record.connection]!.refusalStatus = refusalStatus(of: record)
                }
            }
        }
        let base = created * 1000
        var json = JSONWriter()
        json.beginObject()
        json.key(name: "log")
        json.beginObject()
        json.member("version", "1.2")
        json.key(name: "creator")
        json.beginObject()
        json.member("name", "tapedeck")
        json.member("version", creator)
        json.endObject()
        json.emptyArray("pages")
        json.key(name: "entries")
        json.beginArray()
        for number in order {
            json.separateElement()
            let connection = connections[number]!
            // The header describes the first connection; a later one without its own handshake
            // keeps the header's request, but not its answer.
            var handshake = connection.handshake ?? metadata
            if connection.handshake == nil, number != order.first {
                handshake.responseStatus = connection.opened ? 101 : connection.refusalStatus ?? 0
                handshake.responseHeaders = []
            }
            writeEntry(connection: number, connection, handshake: handshake, base: base, to: &json)
        }
        json.endArray()
        json.key(name: "_tapedeckHeader")
        TapeMetadataJSON.write(metadata, to: &json)
        json.endObject()
        json.endObject()
        return Result(bytes: json.bytes + [0x0A], omittedRecords: omitted.values.reduce(0, +), omittedKinds: omitted)
    }

    /// The reason phrase of the statuses a WebSocket handshake gets; empty for others.
    static func statusText(_ status: Int) -> String {
        switch status {
        case 101: "Switching Protocols"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 426: "Upgrade Required"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: ""
        }
    }

    private static func writeEntry(
        connection number: UInt32, _ connection: Connection, handshake: TapeMetadata, base: Int64, to json: inout JSONWriter
    ) {
        // Times never decrease within a connection (`har` refuses such a tape): never a negative span.
        let first = connection.first
        let last = connection.last
        // A connection that never opened has no answer but its refusal: no 101.
        let status = handshake.responseStatus ?? (connection.opened ? 101 : 0)
        json.beginObject()
        json.member("startedDateTime", RFC3339.string(milliseconds: (base + Int64(clamping: first / 1000)) / 1000))
        json.key(name: "time")
        json.writeDecimal(Int64(clamping: (last - first) / 1000), scale: 3)
        json.key(name: "request")
        json.beginObject()
        json.member("method", "GET")
        json.member("url", url(of: handshake))
        json.member("httpVersion", "HTTP/1.1")
        json.emptyArray("cookies")
        json.key(name: "headers")
        writeHeaders(handshake.requestHeaders, to: &json)
        json.emptyArray("queryString")
        json.member("headersSize", -1)
        json.member("bodySize", 0)
        json.endObject()
        json.key(name: "response")
        json.beginObject()
        json.member("status", status)
        json.member("statusText", statusText(status))
        json.member("httpVersion", "HTTP/1.1")
        json.emptyArray("cookies")
        json.key(name: "headers")
        writeHeaders(handshake.responseHeaders, to: &json)
        json.key(name: "content")
        json.beginObject()
        json.member("size", 0)
        json.member("mimeType", "x-unknown")
        json.endObject()
        json.member("redirectURL", "")
        json.member("headersSize", -1)
        json.member("bodySize", 0)
        json.endObject()
        json.emptyObject("cache")
        json.key(name: "timings")
        json.beginObject()
        json.member("send", 0)
        json.member("wait", 0)
        json.member("receive", 0)
        json.endObject()
        json.member("_resourceType", "websocket")
        json.member("_tapedeckConnection", number)
        json.member("_tapedeckStart", first)
        json.member("_tapedeckEnd", last)
        if let own = connection.handshake {
            json.key(name: "_tapedeckHandshake")
            TapeMetadataJSON.write(own, to: &json)
        }
        if let open = connection.records.first(where: { $0.kind == .open }) {
            json.member("_tapedeckOpen", open.time)
        }
        json.key(name: "_webSocketMessages")
        json.beginArray()
        for record in connection.records where record.kind != .open {
            json.separateElement()
            json.beginObject()
            json.member("type", record.direction == .c2s ? "send" : "receive")
            json.key(name: "time")
            json.writeDecimal(base + Int64(clamping: record.time / 1000), scale: 6)
            json.member("opcode", record.kind == .text ? 1 : 2)
            json.key(name: "data")
            let readable = record.kind == .text && UTF8Validation.isValid(record.payload)
            if readable { json.writeString(utf8: record.payload) } else { json.writeBase64(record.payload) }
            // A text message that is not UTF-8 (a broken client) keeps its bytes, as base64.
            if record.kind == .text, !readable {
                json.member("_tapedeckBase64", true)
            }
            json.member("_tapedeckTime", record.time)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    /// The URL the app connected to: its Host header and request target when the tape has them
    /// (a proxy recording), else the upstream URL.
    static func url(of metadata: TapeMetadata) -> String {
        let host = metadata.requestHeaders.first { $0.name.lowercased() == "host" }?.value
        if let host, let target = metadata.requestTarget {
            let secure = metadata.upstreamURL?.hasPrefix("wss:") ?? false
            return (secure ? "wss://" : "ws://") + host + target
        }
        return metadata.upstreamURL ?? "ws://localhost/"
    }

    private static func writeHeaders(_ fields: [TapeMetadata.HeaderField], to json: inout JSONWriter) {
        json.beginArray()
        for field in fields {
            json.separateElement()
            json.beginObject()
            json.member("name", field.name)
            json.member("value", field.value)
            json.endObject()
        }
        json.endArray()
    }
}

extension JSONWriter {
    /// `"name":[]`: a HAR field this export has nothing for.
    fileprivate mutating func emptyArray(_ name: String) {
        key(name: name)
        beginArray()
        endArray()
    }

    /// `"name":{}`.
    fileprivate mutating func emptyObject(_ name: String) {
        key(name: name)
        beginObject()
        endObject()
    }
}
