import Foundation
import TapedeckProtocol
import TapedeckSynthetic
import TapedeckThroughput

/// Measures decoding of the same synthetic server envelopes three ways on the calling thread:
/// the typed decoder, Foundation's `JSONDecoder` into equivalent Decodable types, and
/// `JSONSerialization`. Each stage runs `repeats` times; the best run counts.
package struct ProtocolBenchmark {
    package struct Stage: Sendable {
        package let name: String
        package let seconds: Double
        package let messages: Int
        package let bytes: Int
        /// Messages the stage decoded as a known type; equal to `messages` when nothing failed.
        package let decoded: Int

        package var messagesPerSecond: Double { Double(messages) / seconds }
        package var megabytesPerSecond: Double { Double(bytes) / seconds / 1_000_000 }
    }

    package struct Result: Sendable {
        package let messages: Int
        package let bytes: Int
        package let seed: UInt64
        package let repeats: Int
        package let typed: Stage
        package let jsonDecoder: Stage
        package let jsonSerialization: Stage
    }

    package let input: SyntheticInput

    package init(_ input: SyntheticInput) { self.input = input }

    package func run() throws -> Result {
        let envelopes = SyntheticMessages.envelopes(count: input.messages, seed: input.seed)
        let datas = envelopes.map { Data($0) }
        let bytes = envelopes.reduce(0) { $0 + $1.count }

        let typed = measure("typed decoder (ServerMessage.decode)", bytes: bytes) {
            var known = 0
            for envelope in envelopes {
                if let message = try? ServerMessage.decode(envelope), !Self.isUnknown(message) { known += 1 }
            }
            return known
        }
        let decoder = JSONDecoder()
        let jsonDecoder = measure("Foundation JSONDecoder", bytes: bytes) {
            var known = 0
            for data in datas {
                if (try? FoundationBaseline.decodeServer(data, with: decoder)) == true { known += 1 }
            }
            return known
        }
        let jsonSerialization = measure("Foundation JSONSerialization", bytes: bytes) {
            var known = 0
            for data in datas {
                if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object["type"] is String {
                    known += 1
                }
            }
            return known
        }
        return Result(
            messages: input.messages, bytes: bytes, seed: input.seed, repeats: input.repeats,
            typed: typed, jsonDecoder: jsonDecoder, jsonSerialization: jsonSerialization)
    }

    private static func isUnknown(_ message: ServerMessage) -> Bool {
        if case .unknown = message { return true }
        return false
    }

    private func measure(_ name: String, bytes: Int, _ body: () -> Int) -> Stage {
        let clock = ContinuousClock()
        var best = Double.infinity
        var decoded = 0
        for _ in 0..<input.repeats {
            let start = clock.now
            decoded = body()
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            best = min(best, seconds)
        }
        return Stage(name: name, seconds: max(best, 1e-9), messages: input.messages, bytes: bytes, decoded: decoded)
    }
}
