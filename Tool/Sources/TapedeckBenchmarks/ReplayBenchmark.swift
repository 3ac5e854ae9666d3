import Foundation
import TapedeckCore
import TapedeckProtocol
import TapedeckReplay
import TapedeckState
import TapedeckSynthetic
import TapedeckTape

/// Measures replay throughput on a synthetic session: SyntheticMessages' server envelopes, one per
/// millisecond of tape time, with what a real client would have sent in between: the `claimEvent`
/// before each `claimResult`, and an `answerQuestion` (first option) after each `questionEvent`,
/// so the question queue stays as short as a player keeps it.
package struct ReplayBenchmark {
    package struct Stage: Sendable {
        package let name: String
        /// Wall time of the best run.
        package let seconds: Double
        /// CPU time of this thread in the best run: on a busy machine, closer to what one free core does.
        package let cpuSeconds: Double
        package let messages: Int
        package var messagesPerSecond: Double { Double(messages) / seconds }
        package var messagesPerCPUSecond: Double { Double(messages) / cpuSeconds }
    }

    package struct Result: Sendable {
        package let records: Int
        package let messages: Int
        package let tapeBytes: UInt64
        package let digest: String
        package let stages: [Stage]
        /// Set when the replay stopped before the end (it should not on synthetic traffic).
        package let problem: String?
    }

    package let input: SyntheticInput
    package let tapePath: String

    package init(_ input: SyntheticInput, tapePath: String) {
        self.input = input
        self.tapePath = tapePath
    }

    /// The synthetic records: server messages, and client claims before their results.
    package static func records(messages: Int, seed: UInt64) -> [TapeRecord] {
        var stream = SyntheticMessages(seed: seed)
        var records: [TapeRecord] = [TapeRecord(time: 0, direction: .c2s, kind: .open)]
        records.reserveCapacity(messages + messages / 50 + 1)
        var time: UInt64 = 0
        while records.count <= messages {
            time += 1_000_000
            let message = stream.next()
            if case .claimResult(let result) = message {
                let claim = ClientMessage.claimEvent(ClaimEvent(eventId: result.eventId, timestamp: "2026-01-01T00:00:00.000Z"))
                records.append(TapeRecord(time: time - 500_000, direction: .c2s, kind: .text, payload: claim.encoded()))
            }
            records.append(TapeRecord(time: time, direction: .s2c, kind: .text, payload: message.encoded()))
            if case .questionEvent(let question) = message, let option = question.options.first {
                let answer = ClientMessage.answerQuestion(AnswerQuestion(questionId: question.id, optionId: option.id))
                records.append(TapeRecord(time: time + 500_000, direction: .c2s, kind: .text, payload: answer.encoded()))
            }
        }
        return records
    }

    package func run() throws -> Result {
        let records = Self.records(messages: input.messages, seed: input.seed)
        let writer = try TapeWriter(
            path: tapePath,
            metadata: TapeMetadata(
                created: "2026-01-01T00:00:00.000Z",
                tool: "tapedeck \(TapedeckVersion.current) bench replay",
                labels: ["seed": "\(input.seed)"]))
        for record in records { try writer.append(record) }
        try writer.close()
        let messageCount = records.filter { $0.kind == .text }.count

        let decode = measure("decode only (typed, in memory)", messages: messageCount) {
            var decoded = 0
            for record in records where record.kind == .text {
                switch record.direction {
                case .s2c: if (try? ServerMessage.decode(record.payload)) != nil { decoded += 1 }
                case .c2s: if (try? ClientMessage.decode(record.payload)) != nil { decoded += 1 }
                case .note: break
                }
            }
            return decoded
        }
        var problem: String?
        var digest = ""
        let applied = measure("decode + apply + invariants (in memory)", messages: messageCount) {
            let inputs = records.map(ReplayInput.init(decoding:))
            let tape = TapeInMemory(path: tapePath, records: records, inputs: inputs, end: .complete)
            guard let result = try? TapeReplay(reading: [.memory(tape)], model: ClientState()).run() else { return 0 }
            if case .invariant(let stop)? = result.stop {
                problem = "invariant \(stop.violations[0]) at \(stop.position)"
            }
            digest = result.model.digest()
            return result.statistics.messagesApplied
        }
        let full = measure("tape file → replay (LZ4 + records + all of the above)", messages: messageCount) {
            guard let result = try? TapeReplay(tapes: [tapePath], model: ClientState()).run() else { return 0 }
            if result.stop != nil { problem = problem ?? "the replay of the tape file stopped early" }
            return result.statistics.messagesApplied
        }
        let tapeBytes = (try? FileManager.default.attributesOfItem(atPath: tapePath)[.size] as? NSNumber)?.uint64Value ?? 0
        return Result(
            records: records.count, messages: messageCount, tapeBytes: tapeBytes, digest: digest,
            stages: [decode, applied, full], problem: problem)
    }

    /// Runs `body` `repeats` times and keeps the fastest; `body` returns how many messages it handled.
    package func measure(_ name: String, messages: Int, _ body: () -> Int) -> Stage {
        var best = Double.infinity
        var bestCPU = Double.infinity
        var handled = 0
        for _ in 0..<input.repeats {
            let start = MonotonicClock.now()
            let startCPU = Self.threadCPUNanoseconds()
            handled = body()
            best = min(best, Double(MonotonicClock.now() - start) / 1e9)
            bestCPU = min(bestCPU, Double(Self.threadCPUNanoseconds() - startCPU) / 1e9)
        }
        return Stage(name: name, seconds: best, cpuSeconds: bestCPU, messages: handled)
    }

    package static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
