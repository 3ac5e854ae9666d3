import Foundation
import TapedeckTape

/// Builds tapes for the tests in a fresh temporary folder.
struct TestTapes {
    let directory: String

    init() throws {
        directory = NSTemporaryDirectory() + "tapedeck-repro-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    static let metadata = TapeMetadata(created: "2026-01-01T00:00:00.000Z", tool: "tests")

    /// An `open` record then one text record per message (`>` prefix: c2s, else s2c), 1 s apart.
    @discardableResult
    func tape(_ name: String, _ messages: [String]) throws -> String {
        var records = [TapeRecord(time: 0, direction: .c2s, kind: .open)]
        for (index, message) in messages.enumerated() {
            let client = message.hasPrefix(">")
            records.append(
                TapeRecord(
                    time: UInt64(index + 1) * 1_000_000_000, direction: client ? .c2s : .s2c, kind: .text,
                    payload: Array((client ? String(message.dropFirst()) : message).utf8)))
        }
        return try tape(name, records: records)
    }

    func tape(_ name: String, records: [TapeRecord]) throws -> String {
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

    func remove() { try? FileManager.default.removeItem(atPath: directory) }

    static func update(energy: Int, money: Int = 500) -> String {
        #"{"type":"u","message":{"energy":\#(energy),"money":\#(money)}}"#
    }

    static func lifeEvent(_ id: String) -> String {
        #"{"type":"messageEvent","message":{"id":"\#(id)","message":"You found 50 dollars","type":"finance","date":"2026-01-01","hour":8,"moneyCost":50,"characters":[]}}"#
    }

    static func claim(_ id: String) -> String {
        #">{"type":"claimEvent","message":{"eventId":"\#(id)","timestamp":"2026-01-01T00:00:05.250Z"}}"#
    }

    static func claimResult(_ id: String) -> String {
        #"{"type":"claimResult","message":{"eventId":"\#(id)","accepted":true}}"#
    }

    /// A healthy session: updates, a life event claimed and confirmed.
    static let healthy = [
        update(energy: 99), update(energy: 98, money: 505), lifeEvent("ev-1"), claim("ev-1"), claimResult("ev-1"),
        update(energy: 97), update(energy: 96),
    ]
}
