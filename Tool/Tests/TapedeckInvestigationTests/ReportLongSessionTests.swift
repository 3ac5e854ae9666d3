import TapedeckInvestigation
import TapedeckProtocol
import TapedeckSynthetic
import TapedeckTape
import TestSupport
import Testing

/// A long session (built in memory from the synthetic generator) keeps the page small: the first
/// rows, those around the failure and the last ones are embedded; every chart sample is kept.
@Suite(.cpuBound) struct ReportLongSessionTests {
    static let recordCount = 20_000
    static let faultRecord = 12_345

    /// The synthetic server's messages and the client's replies, and one message that does not
    /// decode at `faultRecord`.
    static func session() -> ReproTape {
        var generator = SyntheticSession(seed: 7)
        var records = [TapeRecord(time: 0, direction: .c2s, kind: .open)]
        for number in 1..<recordCount {
            let time = UInt64(number) * 50_000_000
            if number == faultRecord {
                records.append(
                    TapeRecord(
                        time: time, direction: .s2c, kind: .text, payload: Array(#"{"type":"u","message":{"energy":}}"#.utf8)))
                continue
            }
            switch generator.next() {
            case .server(let message):
                records.append(TapeRecord(time: time, direction: .s2c, kind: .text, payload: message.encoded()))
            case .client(let message):
                records.append(TapeRecord(time: time, direction: .c2s, kind: .text, payload: message.encoded()))
            }
        }
        return ReproTape(
            path: "long.tape", metadata: TapeMetadata(created: "2026-01-01T00:00:00.000Z", tool: "tests"), records: records)
    }

    @Test func aLongSessionEmbedsItsEdgesAndTheFailure() throws {
        let tape = Self.session()
        let report = SessionReportBuilder().build([(tape: tape, search: ReproSearch())])
        #expect(report.recordCount == Self.recordCount)
        let failure = try #require(report.failure)
        #expect(failure.row == Self.faultRecord)
        #expect(failure.signature.hasPrefix("decode error s2c"))
        #expect(report.embeddedRanges == [0...999, 12_245...12_445, 19_900...19_999])
        #expect(report.rows.count == 1301)
        #expect(report.rows.map(\.index) == Array(0...999) + Array(12_245...12_445) + Array(19_900...19_999))
        #expect(report.typeCounts.reduce(0) { $0 + $1.total } == Self.recordCount)
        #expect(report.typeCounts.reduce(0) { $0 + $1.embedded } == 1301)
        // Every state change on the game clock is a sample, embedded rows or not.
        #expect(report.samples.count > 5_000)
        #expect(report.samples.last.map { $0.row > 19_000 } == true)
        let html = ReportPage.render(report)
        #expect(
            html.contains(
                "This page holds 1,301 of the session's 20,000 records (session record numbers 0–999, 12245–12445 (around the failure), 19900–19999)"
            ))
        #expect(html.utf8.count < 4_000_000, "\(html.utf8.count) bytes")
    }
}
