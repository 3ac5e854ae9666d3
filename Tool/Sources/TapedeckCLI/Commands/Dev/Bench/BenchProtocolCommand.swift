import ArgumentParser
import Foundation
import TapedeckBenchmarks
import TapedeckCore
import TapedeckSynthetic

/// `tapedeck dev bench protocol`: typed decoding speed against Foundation's decoders on the same
/// synthetic server messages.
struct BenchProtocolCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "protocol",
        abstract:
            "Decode synthetic server messages with the typed decoder, JSONDecoder and JSONSerialization; report throughput.",
        discussion: """
            The messages come from SyntheticMessages (same seed, same bytes): mostly small `u` updates, \
            batch updates, life events and questions, some large playerObjects. Each decoder runs \
            --repeats times on one thread and the best run is reported. Exit code 0 on success, \
            1 if a decoder failed to decode every message.
            """
    )

    @Option(help: "How many messages to generate and decode.")
    var messages: Int = 100_000

    @OptionGroup var bench: BenchRunOptions

    @Flag(help: "Print the result as JSON instead of a table.")
    var json = false

    init() {}

    func validate() throws {
        guard (1...BenchRunOptions.maximumMessages).contains(messages) else {
            throw ValidationError("--messages must be from 1 to \(BenchRunOptions.maximumMessages) (got \(messages)).")
        }
    }

    func run() throws {
        let result = try ProtocolBenchmark(bench.input(messages: messages)).run()
        print(json ? Self.jsonReport(result) : Self.textReport(result))
        let stages = [result.typed, result.jsonDecoder, result.jsonSerialization]
        if let failed = stages.first(where: { $0.decoded != $0.messages }) {
            throw ValidationError(
                "\(failed.name) decoded \(failed.decoded) of \(failed.messages) messages; "
                    + "the synthetic messages and the decoders disagree, run the protocol tests.")
        }
    }

    static func textReport(_ result: ProtocolBenchmark.Result) -> String {
        var lines = [
            "Decoding \(result.messages) synthetic server messages (\(format(Double(result.bytes) / 1_000_000, 1)) MB, "
                + "seed \(result.seed), best of \(result.repeats), one thread):"
        ]
        for stage in [result.typed, result.jsonDecoder, result.jsonSerialization] {
            var line =
                "  " + stage.name.padding(toLength: 38, withPad: " ", startingAt: 0)
                + format(stage.messagesPerSecond, 0).leftPadded(to: 12) + " msg/s"
                + format(stage.megabytesPerSecond, 1).leftPadded(to: 9) + " MB/s"
            if stage.name != result.typed.name {
                line += "   typed is " + format(stage.seconds / result.typed.seconds, 1) + "x faster"
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    static func jsonReport(_ result: ProtocolBenchmark.Result) -> String {
        var json = JSONWriter()
        json.beginObject()
        json.member("messages", result.messages)
        json.member("bytes", result.bytes)
        json.member("seed", result.seed)
        json.member("repeats", result.repeats)
        for (key, stage) in [
            ("typed", result.typed), ("jsonDecoder", result.jsonDecoder), ("jsonSerialization", result.jsonSerialization),
        ] {
            json.key(name: key)
            json.beginObject()
            json.member("name", stage.name)
            json.key(name: "seconds")
            json.writeDouble(stage.seconds)
            json.key(name: "messagesPerSecond")
            json.writeFixedPoint(stage.messagesPerSecond, decimals: 0)
            json.key(name: "megabytesPerSecond")
            json.writeFixedPoint(stage.megabytesPerSecond, decimals: 2)
            json.member("decoded", stage.decoded)
            json.endObject()
        }
        json.key(name: "typedVsJSONDecoder")
        json.writeFixedPoint(result.jsonDecoder.seconds / result.typed.seconds, decimals: 2)
        json.key(name: "typedVsJSONSerialization")
        json.writeFixedPoint(result.jsonSerialization.seconds / result.typed.seconds, decimals: 2)
        json.endObject()
        return String(decoding: json.bytes, as: UTF8.self)
    }

    /// Fixed-point formatting without locale (a CLI report, but still the same on every machine):
    /// the text `JSONWriter.writeFixedPoint` writes, so tables and `--json` round alike.
    static func format(_ value: Double, _ decimals: Int) -> String {
        var text = JSONWriter(capacity: 24)
        text.writeFixedPoint(value, decimals: decimals)
        return String(decoding: text.bytes, as: UTF8.self)
    }

}
