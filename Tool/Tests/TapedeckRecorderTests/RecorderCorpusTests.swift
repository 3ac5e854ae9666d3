import Foundation
import TapedeckCore
import TapedeckProtocol
import TapedeckRecorder
import TapedeckSynthetic
import TapedeckTape
import TapedeckTestFixtures
import TestSupport
import Testing

/// Many threads record the synthetic corpus; the export holds exactly those messages, in the
/// order the recorder received them, in a tape `lz4 -t` accepts.
@Suite(.cpuBound) struct RecorderCorpusTests {
    static let labels = ["app": "BaoLife 1.4.2 (311)", "device": "iPhone15,2 iOS 17.5"]

    func recorder(_ folder: String, capacity: Int = 1 << 16) throws -> FlightRecorder {
        try FlightRecorder(
            configuration: FlightRecorderConfiguration(
                directory: folder, labels: Self.labels, queueCapacity: capacity,
                // Small segments, so the export joins several.
                segmentBytes: 64 * 1024, keepBytes: 1 << 30))
    }

    func record(_ message: SyntheticSession.WireMessage, _ recorder: FlightRecorder) {
        if message.fromClient { recorder.sent(message.bytes) } else { recorder.received(message.bytes) }
    }

    /// Threads take turns in a fixed global order, so the expected order is the corpus's.
    @Test func threadsTakingTurnsExportTheCorpusInOrder() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let corpus = SyntheticSession.wireMessages(count: 12_000, seed: 21)
        let recorder = try recorder(folder)
        recorder.opened()
        let turns = Turns()
        let threads = 4
        // Threads of their own (concurrentPerform may run the iterations one after another, and
        // a turn would then wait forever for a thread that has not started).
        // The test awaits the last thread's end instead of blocking a concurrency-pool thread.
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            let running = NSLock()
            nonisolated(unsafe) var left = threads
            for thread in 0..<threads {
                Thread {
                    for index in stride(from: thread, to: corpus.count, by: threads) {
                        turns.take(index) { record(corpus[index], recorder) }
                    }
                    let last = running.withLock {
                        left -= 1
                        return left == 0
                    }
                    if last { finished.resume() }
                }.start()
            }
        }
        recorder.closed(code: 1000)
        let export = try recorder.export(last: .seconds(3600), to: folder + "/user.tape")
        #expect(export.recordCount == corpus.count + 2)
        #expect(export.droppedRecords == 0)

        let tape = try TapeContents(path: export.path)
        #expect(tape.end == .complete)
        #expect(tape.header.metadata.labels["app"] == "BaoLife 1.4.2 (311)")
        #expect(tape.header.metadata.labels["device"] == "iPhone15,2 iOS 17.5")
        #expect(tape.header.metadata.labels["droppedRecords"] == "0")
        #expect(tape.records.first?.kind == .open)
        #expect(tape.records.last?.kind == .close && tape.records.last?.closeCode == 1000)
        let messages = tape.records.dropFirst().dropLast()
        #expect(messages.map(\.payload) == corpus.map(\.bytes))
        #expect(messages.map(\.direction) == corpus.map { $0.fromClient ? .c2s : .s2c })
        #expect(zip(tape.records, tape.records.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(try RecorderTestFiles.segments(in: folder).count > 2, "the export should join several segments")

        let check = try await RecorderTestFiles.run("lz4", ["-t", export.path])
        #expect(check.status == 0, "lz4 -t: \(check.standardError)")
        try recorder.stop()
    }

    /// Threads recording freely: every message arrives once, each thread's in its own order.
    @Test func threadsRecordingFreelyLoseNothing() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        let corpus = SyntheticSession.wireMessages(count: 20_000, seed: 7)
        let recorder = try recorder(folder)
        let threads = 4
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in stride(from: thread, to: corpus.count, by: threads) {
                // Tag each message with its index as a marker after it, so order can be checked per thread.
                record(corpus[index], recorder)
                recorder.mark("m\(index)")
            }
        }
        let export = try recorder.export(last: .seconds(3600), to: folder + "/user.tape")
        let tape = try TapeContents(path: export.path)
        #expect(tape.end == .complete)
        #expect(recorder.droppedCount == 0)
        let markers = tape.records.filter { $0.kind == .marker }.map {
            Int(String(decoding: $0.payload.dropFirst(), as: UTF8.self))!
        }
        #expect(markers.sorted() == Array(0..<corpus.count))
        for thread in 0..<threads {
            let own = markers.filter { $0 % threads == thread }
            #expect(own == Array(stride(from: thread, to: corpus.count, by: threads)))
        }
        let payloads = tape.records.filter { $0.kind == .text }.map(\.payload)
        #expect(
            payloads.sorted { $0.lexicographicallyPrecedes($1) }
                == corpus.map(\.bytes).sorted { $0.lexicographicallyPrecedes($1) })
        #expect(try await RecorderTestFiles.run("lz4", ["-t", export.path]).status == 0)
        try recorder.stop()
    }

    /// Records larger than a block, incompressible and very repetitive bytes survive the Swift LZ4.
    @Test func largeAndIncompressibleRecordsRoundTrip() async throws {
        let folder = try TestFolder("tapedeck-recorder").path
        var generator = SeededGenerator(seed: 5)
        let noise = (0..<200_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let zeros = [UInt8](repeating: 0, count: 150_000)
        let small: [[UInt8]] = [[], [1], Array("0123456789abc".utf8), Array("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8)]
        let recorder = try recorder(folder)
        for payload in [noise, zeros] + small { recorder.received(payload, binary: true) }
        let export = try recorder.export(last: .seconds(60), to: folder + "/user.tape")
        let tape = try TapeContents(path: export.path)
        #expect(tape.end == .complete)
        #expect(tape.records.map(\.payload) == [noise, zeros] + small)
        #expect(try await RecorderTestFiles.run("lz4", ["-t", export.path]).status == 0)
        try recorder.stop()
    }
}

/// Lets threads act one at a time in the order 0, 1, 2...
/// `@unchecked Sendable`: `next` is read and written only while `condition` is held.
private final class Turns: @unchecked Sendable {
    private let condition = NSCondition()
    private var next = 0

    func take(_ index: Int, _ body: () -> Void) {
        condition.lock()
        while next != index { condition.wait() }
        body()
        next += 1
        condition.broadcast()
        condition.unlock()
    }
}
