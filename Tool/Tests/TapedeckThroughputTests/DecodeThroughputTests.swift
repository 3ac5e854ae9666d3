import Foundation
import TapedeckTape
import TapedeckThroughput
import Testing

@Suite struct DecodeThroughputTests {
    static let recordings = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Recordings")

    static func tape(_ name: String) -> String { recordings.appendingPathComponent(name + ".tape").path }

    @Test func payloadsAreTheTapesTextMessagesInTheDirectionsAsked() throws {
        let tape = Self.tape("questions")
        let server = try MessagePayloads(tapes: [tape])
        let both = try MessagePayloads(tapes: [tape], directions: [.s2c, .c2s])
        let reader = try TapeReader(path: tape)
        var counts: [TapeRecord.Direction: Int] = [:]
        var bytes = 0
        while let record = try reader.next() {
            guard record.kind == .text else { continue }
            counts[record.direction, default: 0] += 1
            if record.direction == .s2c { bytes += record.payload.count }
        }
        #expect(server.count == counts[.s2c])
        #expect(server.byteCount == bytes)
        #expect(both.count == (counts[.s2c] ?? 0) + (counts[.c2s] ?? 0))
        #expect(server.payloads.allSatisfy { $0.direction == .s2c && $0.data == Data($0.bytes) })
        #expect(
            server.payloads.first.map { String(decoding: $0.bytes, as: UTF8.self).hasPrefix(#"{"type":"playerObject""#) } == true)
    }

    @Test func everyFunctionAndBaselineIsTimedOnTheSameMessagesAndFailuresAreCounted() throws {
        let payloads = try MessagePayloads(tapes: [Self.tape("claimable-events")], directions: [.s2c, .c2s])
        var bench = DecodeThroughput(payloads: payloads, repeats: 2)
        bench.add("JSONSerialization") { try JSONSerialization.jsonObject(with: $0.data) }
        bench.add("refuses claims") { payload -> Int in
            if String(decoding: payload.bytes, as: UTF8.self).contains("\"claimEvent\"") { throw CocoaError(.coderInvalidValue) }
            return payload.bytes.count
        }
        bench.addBaselines()
        let report = bench.run()
        let claims = payloads.payloads.filter { String(decoding: $0.bytes, as: UTF8.self).contains("\"claimEvent\"") }.count
        #expect(claims > 0)
        #expect(report.messages == payloads.count && report.bytes == payloads.byteCount && report.repeats == 2)
        #expect(
            report.rows.map(\.name) == [
                "JSONSerialization", "refuses claims", "baseline: Tapedeck typed decoder",
                "baseline: JSONDecoder (Codable mirrors)",
            ])
        #expect(report.rows.map(\.failures) == [0, claims, 0, 0])
        #expect(report.rows.allSatisfy { $0.seconds > 0 && report.messagesPerSecond($0) > 0 })
        #expect(bench.pass(bench.contenders[1]) == claims)

        let lines = report.text.split(separator: "\n").map(String.init)
        #expect(
            lines[0]
                == "\(payloads.count) messages, \(ThroughputReportFormat.megabytes(payloads.byteCount)) MB of payload, fastest of 2 passes:"
        )
        #expect(lines.count == 2 + 4)
        #expect(lines[2].hasPrefix("  JSONSerialization ") && lines[2].hasSuffix(" 1.00x"))
    }

    @Test func figuresAreWrittenWithoutTheLocale() {
        let report = ThroughputReport(
            messages: 2_000_000, bytes: 123_456_789, repeats: 1,
            rows: [.init(name: "a", seconds: 0.5, failures: 0), .init(name: "b", seconds: 2, failures: 3)])
        #expect(
            report.text == """
                2000000 messages, 123.5 MB of payload, fastest of 1 passes:
                  function        msg/s     MB/s  failed  × first
                  a           4,000,000    246.9       0    1.00x
                  b           1,000,000     61.7       3    0.25x
                """)
    }
}

/// The report's MB figure, as the report writes it.
enum ThroughputReportFormat {
    static func megabytes(_ bytes: Int) -> String {
        let tenths = Int((Double(bytes) / 100_000).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
