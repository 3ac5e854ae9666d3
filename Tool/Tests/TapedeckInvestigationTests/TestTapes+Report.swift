import Foundation
import TapedeckInvestigation
import TapedeckProtocol
import TapedeckTape
import TapedeckTestFixtures

/// The report tests' tapes: a header the page shows, and goldens made by replaying a tape.
extension TestTapes {
    static func report() throws -> TestTapes {
        try TestTapes(
            "tapedeck-report-tests",
            metadata: TapeMetadata(
                created: "2026-01-01T00:00:00.000Z", tool: "tests", upstreamURL: "ws://127.0.0.1:9/ws",
                labels: ["scenario": "report-test", "device": "sim"]))
    }

    /// Writes `NAME.golden/CHECKPOINT.json` holding the state after records `0...record` of the tape,
    /// with `energy` replaced when given (a golden the replay will not match).
    func golden(forTape path: String, checkpoint: String, afterRecord record: Int, energy: Int? = nil) throws {
        let tape = try ReproTape.load(path)
        var snapshot = ReproSearch().state(of: tape, indices: Array(0...record)).snapshot()
        if let energy, case .object(var fields) = snapshot, case .object(var game)? = fields["gameState"] {
            game["energy"] = .int(energy)
            fields["gameState"] = .object(game)
            snapshot = .object(fields)
        }
        let name = String(path.split(separator: "/").last!.dropLast(".tape".count))
        try write(snapshot.canonicalJSONString(pretty: true), to: "\(name).golden/\(checkpoint).json")
    }
}

extension BaoLifeMessages {
    /// The day the report tests' sessions play on.
    static let reportDate = "2025-06-01"

    /// The text that must never become markup or script on the page.
    static let injection = "</script><script>alert(1)</script>"
}
