import Dispatch
import Foundation
import TapedeckProtocol
import TapedeckTape
import TapedeckThroughput

/// Runs every stage of `tapedeck bench` over the same tapes and times it. One-thread
/// stages go through the tapes one after another on the calling thread; the all-core stage
/// replays the tapes in parallel, one per core. Every stage runs `repeats` times; the best counts.
package struct DecodeBenchmark {
    package struct Stage: Sendable {
        package let name: String
        package let summary: String
        package let threads: Int
        package let seconds: Double
        package let messages: Int
        package let payloadBytes: Int
        /// Extra figures of this stage (failures, invariant violations...).
        package var extra: [(String, Int)] = []

        package var messagesPerSecond: Double { Double(messages) / seconds }
        package var megabytesPerSecond: Double { Double(payloadBytes) / seconds / 1_000_000 }
    }

    package struct Failure: Error, CustomStringConvertible {
        package let description: String
    }

    package let tapes: [String]
    package let repeats: Int
    /// The stages to run (all when empty): for profiling one stage under valgrind.
    package var only: Set<String> = []

    package init(tapes: [String], repeats: Int, only: Set<String> = []) {
        self.tapes = tapes
        self.repeats = repeats
        self.only = only
    }

    package static let stageNames = [
        "lz4", "lz4_liblz4", "framing", "decode", "replay", "replay_all_cores", "decode_in_memory", "jsondecoder",
        "jsonserialization",
    ]

    private func wants(_ name: String) -> Bool { only.isEmpty || only.contains(name) }

    package func run() throws -> [Stage] {
        var reference = DecodeStages.Count()
        for tape in tapes {
            let count = try DecodeStages.frame(tape)
            reference.messages += count.messages
            reference.payloadBytes += count.payloadBytes
        }
        guard reference.messages > 0 else {
            throw Failure(description: "the tapes hold no text messages; nothing to measure")
        }
        var stages = try tapeStages(reference)
        // The baselines decode the same payloads from memory, so the typed decoder is measured that way too.
        if wants("decode_in_memory") { stages.append(try inMemoryStage(reference)) }
        if wants("jsondecoder") || wants("jsonserialization") { stages += try foundationStages(reference) }
        return stages
    }

    /// A stage's figures: its time over the reference count of messages and payload bytes.
    private func stage(
        _ name: String, _ summary: String, threads: Int = 1, _ seconds: Double, of reference: DecodeStages.Count,
        extra: [(String, Int)] = []
    ) -> Stage {
        Stage(
            name: name, summary: summary, threads: threads, seconds: seconds, messages: reference.messages,
            payloadBytes: reference.payloadBytes, extra: extra)
    }

    /// The stages that read the tapes from disk, each adding a step: decompression (ours and
    /// liblz4's), framing, typed decoding, replay, and replay on every core. Throws when a message
    /// does not decode, since the figures would then measure less than the tapes hold.
    private func tapeStages(_ reference: DecodeStages.Count) throws -> [Stage] {
        var stages: [Stage] = []
        if wants("lz4") {
            stages.append(
                stage(
                    "lz4", "LZ4 decompression only (Swift)",
                    try best { for tape in tapes { _ = try DecodeStages.decompress(tape) } }, of: reference))
        }
        if wants("lz4_liblz4") {
            stages.append(
                stage(
                    "lz4_liblz4", "LZ4 decompression only (liblz4)",
                    try best { for tape in tapes { _ = try DecodeStages.decompressWithLibLZ4(tape) } }, of: reference))
        }
        if wants("framing") {
            stages.append(
                stage(
                    "framing", "+ record framing (TapeReader)",
                    try best { for tape in tapes { _ = try DecodeStages.frame(tape) } }, of: reference))
        }
        var decodeFailures = 0
        if wants("decode") {
            stages.append(
                stage(
                    "decode", "+ typed protocol decoding",
                    try best {
                        decodeFailures = 0
                        for tape in tapes { decodeFailures += try DecodeStages.decode(tape).failures }
                    }, of: reference))
        }
        if decodeFailures > 0 {
            throw Failure(
                description:
                    "\(decodeFailures) of \(reference.messages) messages failed to decode; run `tapedeck cat` on the tapes to see which"
            )
        }
        var violations = 0
        if wants("replay") {
            stages.append(
                stage(
                    "replay", "+ ClientState.apply + invariants",
                    try best {
                        violations = 0
                        for tape in tapes { violations += try DecodeStages.replay(tape).violations }
                    }, of: reference, extra: [("invariant_violations", violations)]))
        }
        if wants("replay_all_cores") {
            let threads = max(1, min(ProcessInfo.processInfo.activeProcessorCount, tapes.count))
            stages.append(
                stage(
                    "replay_all_cores", "full replay, one tape per core", threads: threads, try best { try replayInParallel() },
                    of: reference))
        }
        return stages
    }

    /// Typed decoding of the tapes' text payloads, read into memory first.
    private func inMemoryStage(_ reference: DecodeStages.Count) throws -> Stage {
        // Read on their own, as d6ae299 read them, and let go before the baselines' copies are
        // made: the arrays lie back to back, as in a tape's buffer (MessagePayloads' `Data`
        // copies between them cost this stage about 12 %, docs/PERFORMANCE.md), and the
        // process holds nothing else while the stage runs.
        var typed: [(fromServer: Bool, bytes: [UInt8])] = []
        for tape in tapes {
            let reader = try TapeReader(path: tape)
            while let record = try reader.next() {
                guard record.kind == .text, record.direction != .note else { continue }
                typed.append((record.direction == .s2c, record.payload))
            }
        }
        return stage(
            "decode_in_memory", "typed decoding, payloads in memory",
            try best {
                for payload in typed {
                    if payload.fromServer {
                        _ = try? ServerMessage.decode(payload.bytes)
                    } else {
                        _ = try? ClientMessage.decode(payload.bytes)
                    }
                }
            }, of: reference)
    }

    /// Foundation's decoders over the same payloads in memory: the baselines.
    private func foundationStages(_ reference: DecodeStages.Count) throws -> [Stage] {
        let payloads = try MessagePayloads(tapes: tapes, directions: [.s2c, .c2s]).payloads
        let decoder = JSONDecoder()
        var stages: [Stage] = []
        if wants("jsondecoder") {
            stages.append(
                stage(
                    "jsondecoder", "Foundation JSONDecoder, in memory",
                    try best {
                        for payload in payloads {
                            if payload.direction == .s2c {
                                _ = try? FoundationBaseline.decodeServer(payload.data, with: decoder)
                            } else {
                                _ = try? FoundationBaseline.decodeClient(payload.data, with: decoder)
                            }
                        }
                    }, of: reference))
        }
        if wants("jsonserialization") {
            stages.append(
                stage(
                    "jsonserialization", "Foundation JSONSerialization, in memory",
                    try best { for payload in payloads { _ = try? JSONSerialization.jsonObject(with: payload.data) } },
                    of: reference))
        }
        return stages
    }

    /// Every tape replayed on its own thread (at most one per core); throws the first error.
    private func replayInParallel() throws {
        let errors = ErrorBox()
        let tapes = self.tapes
        DispatchQueue.concurrentPerform(iterations: tapes.count) { index in
            do {
                _ = try DecodeStages.replay(tapes[index])
            } catch {
                errors.record(error)
            }
        }
        if let error = errors.first { throw error }
    }

    /// Runs `body` `repeats` times and returns the shortest wall time in seconds.
    private func best(_ body: () throws -> Void) throws -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<repeats {
            let start = clock.now
            try body()
            let elapsed = clock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        return max(best, 1e-9)
    }
}

/// The first error thrown by any of the parallel replays.
///
/// `@unchecked Sendable`: `stored` is read and written only while `lock` is held.
private final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: (any Error)?

    package func record(_ error: any Error) {
        lock.lock()
        if stored == nil { stored = error }
        lock.unlock()
    }

    package var first: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }
}
