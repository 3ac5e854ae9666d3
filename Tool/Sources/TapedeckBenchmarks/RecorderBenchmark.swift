import Foundation
import TapedeckCore
import TapedeckLZ4Reference
import TapedeckProtocol
import TapedeckRecorder
import TapedeckRedaction
import TapedeckSynthetic
import TapedeckTape

/// The tape writer's cost per message on the synthetic corpus: the flight recorder's caller side
/// (`FlightRecorder.received(text:)`/`sent(text:)` with the writer thread running), its writer
/// side on one thread (redaction, record encoding, LZ4, checksums, writes, segment roll-over) with
/// and without the default redaction rules, and `TapeWriter` alone writing the same records with
/// the same 64 KiB flushes (what the proxy and the command line do). Every file written is then
/// decoded by liblz4, the reference, and by the Swift decoder, which must give the same bytes.
package struct RecorderBenchmark {
    package struct Stage {
        package var name: String
        package var messages: Int
        package var seconds: Double
        /// Record stream bytes in and file bytes out, for the writers.
        package var bytesIn: UInt64 = 0
        package var bytesOut: UInt64 = 0
        package var dropped = 0

        package var nanosecondsPerMessage: Double { seconds * 1e9 / Double(messages) }
        package var messagesPerSecond: Double { Double(messages) / seconds }
        package var ratio: Double { bytesOut == 0 ? 0 : Double(bytesIn) / Double(bytesOut) }
    }

    package var messages: Int
    package var seed: UInt64
    package var repeats: Int
    package var directory: String

    package init(messages: Int, seed: UInt64, repeats: Int, directory: String) {
        self.messages = messages
        self.seed = seed
        self.repeats = repeats
        self.directory = directory
    }

    package func run() throws -> [Stage] {
        let corpus = SyntheticSession.wireMessages(count: messages, seed: seed)
        // The app hands the recorder Strings: the caller's side includes their UTF-8 copy.
        let texts = corpus.map { String(decoding: $0.bytes, as: UTF8.self) }
        // Records as the queue hands them to the writer: 1 ms apart.
        let records = corpus.enumerated().map { index, message in
            TapeRecord(
                time: UInt64(index) * 1_000_000, direction: message.fromClient ? .c2s : .s2c, kind: .text,
                payload: message.bytes)
        }
        return [
            try best { try caller(texts, corpus) },
            try best { try swiftWriter(records, rules: .defaults, name: "writer_swift_redacting") },
            try best { try swiftWriter(records, rules: RedactionRules(), name: "writer_swift") },
            try best { try tapeWriter(records) },
        ]
    }

    private func best(_ body: () throws -> Stage) throws -> Stage {
        var fastest: Stage?
        for _ in 0..<repeats {
            let stage = try body()
            if fastest.map({ stage.seconds < $0.seconds }) ?? true { fastest = stage }
        }
        return fastest!
    }

    private func folder(_ name: String) -> String {
        let path = (directory as NSString).appendingPathComponent(name)
        try? FileManager.default.removeItem(atPath: path)
        return path
    }

    private func caller(_ texts: [String], _ corpus: [SyntheticSession.WireMessage]) throws -> Stage {
        // A queue as large as the run, so the figure is the recording call and not the drop path.
        let recorder = try FlightRecorder(
            configuration: FlightRecorderConfiguration(
                directory: folder("caller"), queueCapacity: texts.count + 1, keepBytes: 1 << 30))
        let start = MonotonicClock.now()
        for (text, message) in zip(texts, corpus) {
            if message.fromClient { recorder.sent(text: text) } else { recorder.received(text: text) }
        }
        let seconds = Double(MonotonicClock.now() - start) / 1e9
        let dropped = recorder.droppedCount
        try recorder.stop()
        return Stage(name: "caller", messages: texts.count, seconds: seconds, dropped: dropped)
    }

    private func swiftWriter(_ records: [TapeRecord], rules: RedactionRules, name: String) throws -> Stage {
        let path = folder(name)
        let writer = try RecorderWriter(
            configuration: FlightRecorderConfiguration(directory: path, redaction: rules, keepBytes: 1 << 30),
            created: "2025-01-01T00:00:00Z", key: [UInt8](repeating: 7, count: 32))
        let start = MonotonicClock.now()
        writer.append(records)
        try writer.closeCurrent()
        let seconds = Double(MonotonicClock.now() - start) / 1e9
        var stage = Stage(name: name, messages: records.count, seconds: seconds)
        for segment in try FileManager.default.contentsOfDirectory(atPath: path) {
            let (bytesIn, bytesOut) = try Self.checkedSizes((path as NSString).appendingPathComponent(segment))
            stage.bytesIn += bytesIn
            stage.bytesOut += bytesOut
        }
        return stage
    }

    private func tapeWriter(_ records: [TapeRecord]) throws -> Stage {
        let path = folder("writer.tape")
        let metadata = TapeMetadata(created: "2025-01-01T00:00:00Z", tool: "TapedeckRecorder 0.1.0")
        let start = MonotonicClock.now()
        // Blocks cut by the same 64 KiB threshold as the recorder's writer.
        let writer = try TapeWriter(path: path, metadata: metadata, options: TapeWriterOptions(flushInterval: .max))
        for record in records { try writer.append(record) }
        try writer.close()
        let seconds = Double(MonotonicClock.now() - start) / 1e9
        let (bytesIn, bytesOut) = try Self.checkedSizes(path)
        return Stage(name: "writer_tape", messages: records.count, seconds: seconds, bytesIn: bytesIn, bytesOut: bytesOut)
    }

    /// The record-stream and file sizes of a tape, after liblz4 and the Swift decoder both read it
    /// whole (every checksum checked) and agree on its content.
    private static func checkedSizes(_ path: String) throws -> (bytesIn: UInt64, bytesOut: UInt64) {
        let reader = try TapeReader(path: path)
        while try reader.next() != nil {}
        guard reader.end == .complete else {
            throw ReferenceMismatch(path: path, detail: "the Swift decoder: \(reader.end.map { "\($0)" } ?? "no end")")
        }
        let reference = try LibLZ4Decompressor(path: path).decompressAll()
        guard reference == reader.uncompressedBytes else {
            throw ReferenceMismatch(
                path: path, detail: "liblz4 decoded \(reference) bytes, the Swift decoder \(reader.uncompressedBytes)")
        }
        return (reader.uncompressedBytes, reader.compressedBytes)
    }

    /// liblz4 and the Swift decoder read a written tape differently.
    struct ReferenceMismatch: Error, CustomStringConvertible {
        var path: String
        var detail: String
        var description: String { "\(path): liblz4 and the Swift decoder disagree: \(detail)" }
    }
}
