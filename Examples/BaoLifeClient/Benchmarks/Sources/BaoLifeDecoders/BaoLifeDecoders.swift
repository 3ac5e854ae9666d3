import BaoLifeAfter
import BaoLifeBefore
import Foundation
import TapedeckThroughput

/// The server messages of the regression corpus and the decode functions measured on them.
public enum BaoLifeDecoders {
    /// `Recordings/` of the Tapedeck checkout the example sits in.
    public static let recordings = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings")

    /// Every server message of every tape of the corpus, `copies` times over (the corpus is small).
    public static func corpus(copies: Int = 20) throws -> MessagePayloads {
        let names = try FileManager.default.contentsOfDirectory(atPath: recordings.path).filter { $0.hasSuffix(".tape") }.sorted()
        let once = try MessagePayloads(tapes: names.map { recordings.appendingPathComponent($0).path })
        return MessagePayloads(payloads: Array(repeating: once.payloads, count: max(1, copies)).flatMap { $0 })
    }

    /// The two versions of the app's parsing, then the baselines, in the order the report shows them.
    public static func throughput(_ payloads: MessagePayloads, repeats: Int = 5) -> DecodeThroughput {
        var bench = DecodeThroughput(payloads: payloads, repeats: repeats)
        bench.add("before: JSONSerialization") { try BeforeMessageParser.parse($0.data) }
        bench.add("after: Codable") { try AfterMessageParser.parse($0.data) }
        bench.addBaselines()
        return bench
    }
}
