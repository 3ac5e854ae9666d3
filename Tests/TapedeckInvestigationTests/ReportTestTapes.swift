import Foundation
import TapedeckInvestigation
import TapedeckProtocol
import TapedeckTape

/// Builds tapes, checkpoint files and goldens for the report tests in a fresh temporary folder.
struct ReportTestTapes {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "tapedeck-report-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    static let metadata = TapeMetadata(
        created: "2026-01-01T00:00:00.000Z", tool: "tests", upstreamURL: "ws://127.0.0.1:9/ws",
        labels: ["scenario": "report-test", "device": "sim"])

    /// An `open` record then one text record per message (`>` prefix: c2s, `#` prefix: a marker,
    /// else s2c), 1 s apart.
    func tape(_ name: String, _ messages: [String]) throws -> String {
        var records = [TapeRecord(time: 0, direction: .c2s, kind: .open)]
        for (index, message) in messages.enumerated() {
            let time = UInt64(index + 1) * 1_000_000_000
            if message.hasPrefix("#") {
                records.append(TapeRecord(time: time, direction: .note, kind: .marker, payload: Array(message.dropFirst().utf8)))
            } else {
                let client = message.hasPrefix(">")
                records.append(
                    TapeRecord(
                        time: time, direction: client ? .c2s : .s2c, kind: .text,
                        payload: Array((client ? String(message.dropFirst()) : message).utf8)))
            }
        }
        let path = directory + "/" + name + ".tape"
        let writer = try TapeWriter(path: path, metadata: Self.metadata)
        for record in records { try writer.append(record) }
        try writer.close()
        return path
    }

    func write(_ text: String, to name: String) throws {
        let url = URL(fileURLWithPath: directory + "/" + name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
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

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    static func playerObject(energy: Int = 100, money: Int = 500, diamonds: Int = 10) -> String {
        #"{"type":"playerObject","message":{"date":"2025-06-01","status":"Student","season":"Spring","hourOfDay":8,"minuteOfHour":0,"gameSpeed":1000,"person":{"id":"p-1","name":"Mai","lastName":"Tran","sex":"female","age":18,"mood":"Happy","money":\#(money),"diamonds":\#(diamonds),"energy":\#(energy),"health":100,"happiness":80,"intelligence":55,"prestige":0},"r":[],"relData":[],"activities":[],"habits":[],"focuses":[],"storeItems":[],"inventory":[],"occupations":[],"inAppPurchases":[],"activeConversations":[]}}"#
    }

    static func update(energy: Int, money: Int? = nil, hour: Int, minute: Int, date: String? = nil) -> String {
        var fields = [#""energy":\#(energy)"#, #""hourOfDay":\#(hour)"#, #""minuteOfHour":\#(minute)"#]
        if let money { fields.append(#""money":\#(money)"#) }
        if let date { fields.append(#""date":"\#(date)""#) }
        return #"{"type":"u","message":{"# + fields.joined(separator: ",") + "}}"
    }

    static func lifeEvent(_ id: String, text: String = "You found 50 dollars") -> String {
        #"{"type":"messageEvent","message":{"id":"\#(id)","message":"\#(text)","type":"finance","date":"2025-06-01","hour":8,"moneyCost":50,"characters":[]}}"#
    }

    static func claim(_ id: String) -> String {
        #">{"type":"claimEvent","message":{"eventId":"\#(id)","timestamp":"2026-01-01T00:00:05.250Z"}}"#
    }

    static func claimResult(_ id: String) -> String {
        #"{"type":"claimResult","message":{"eventId":"\#(id)","accepted":true}}"#
    }

    /// The text that must never become markup or script on the page.
    static let injection = "</script><script>alert(1)</script>"
}
