import TapedeckChecks
import TapedeckReplay
import TapedeckState
import TapedeckTape

/// Wraps a transport and writes its session to a tape (`--record-to`): `open` and `close`, every
/// message both ways as text records, a refused connect and a drop as error notes (as the
/// recording proxy writes them), and a `marker` at each checkpoint and `mark`. Record times
/// come from the scenario clock, so an offline run writes the same tape every time.
///
/// The tape file is created at the first connect (its metadata then names the URL and headers);
/// `finish()` closes it, creating an empty tape if the scenario never connected. Write errors do
/// not stop the scenario: the first one is kept and thrown by `finish()`.
package final class RecordingTransport: ScenarioTransport {
    package let inner: any ScenarioTransport
    package let path: String
    private let clock: any ScenarioClock
    private var metadata: TapeMetadata
    private var writer: TapeWriter?
    private var connection: UInt32 = 0
    private var connectCount = 0
    private var lastTime: UInt64 = 0
    private var writeError: TapeError?

    /// `metadata`: the header to write; `upstreamURL` and `requestHeaders` are filled in at connect.
    package init(wrapping inner: any ScenarioTransport, path: String, metadata: TapeMetadata, clock: any ScenarioClock) {
        self.inner = inner
        self.path = path
        self.metadata = metadata
        self.clock = clock
    }

    package var unmatchedSends: [UnmatchedSend] { inner.unmatchedSends }

    package func connect(url: String, headers: [(name: String, value: String)], subprotocol: String?) async throws {
        if writer == nil {
            metadata.upstreamURL = url
            metadata.requestHeaders = headers.map { TapeMetadata.HeaderField($0.name, $0.value) }
            if let subprotocol { metadata.requestHeaders.append(TapeMetadata.HeaderField("Sec-WebSocket-Protocol", subprotocol)) }
            openWriter()
        }
        connection = UInt32(connectCount)
        connectCount += 1
        do {
            try await inner.connect(url: url, headers: headers, subprotocol: subprotocol)
        } catch {
            // A refused connection, as the recording proxy writes one: an error note, no `open`,
            // so `--tape` of this recording refuses that connect too.
            append(.note, .error, endedBy: .server, payload: Array("\(error)".utf8))
            throw error
        }
        append(.c2s, .open, payload: Array(url.utf8))
    }

    package func send(_ bytes: [UInt8]) async throws {
        append(.c2s, .text, payload: bytes)
        try await inner.send(bytes)
    }

    package func receive(timeout: UInt64) async throws -> TransportEvent {
        let event = try await inner.receive(timeout: timeout)
        switch event {
        case .message(let bytes): append(.s2c, .text, payload: bytes)
        // 1006 is no close frame: a drop, which a tape holds as an error note, not a close record.
        case .closed(1006, let reason):
            append(.note, .error, endedBy: .server, payload: Array((reason.isEmpty ? "dropped" : reason).utf8))
        case .closed(let code, let reason): append(.s2c, .close, closeCode: code, payload: Array(reason.utf8))
        case .timeout: break
        }
        return event
    }

    package func close(code: UInt16) async {
        append(.c2s, .close, closeCode: code, payload: [])
        await inner.close(code: code)
    }

    package func letRealTimePass(nanoseconds: UInt64) async {
        await inner.letRealTimePass(nanoseconds: nanoseconds)
    }

    package func mark(_ name: String) async {
        append(.note, .marker, payload: Array(name.utf8))
        await inner.mark(name)
    }

    /// Closes the tape. Throws the first write error of the session, if any.
    package func finish() throws(TapeError) {
        if writer == nil { openWriter() }
        if let writeError { throw writeError }
        do {
            try writer?.close()
        } catch {
            throw error
        }
    }

    private func openWriter() {
        do {
            writer = try TapeWriter(path: path, metadata: metadata)
        } catch {
            if writeError == nil { writeError = error }
        }
    }

    private func append(
        _ direction: TapeRecord.Direction, _ kind: TapeRecord.Kind, closeCode: UInt16? = nil,
        endedBy: TapeRecord.Party? = nil, payload: [UInt8]
    ) {
        guard let writer, writeError == nil else { return }
        // The clock never goes back, but a live clock read twice may tie: keep times non-decreasing.
        lastTime = max(lastTime, clock.now.nanoseconds)
        do {
            try writer.append(
                TapeRecord(
                    time: lastTime, connection: connection, direction: direction, kind: kind,
                    closeCode: closeCode, endedBy: endedBy, payload: payload))
        } catch {
            writeError = error
        }
    }
}
