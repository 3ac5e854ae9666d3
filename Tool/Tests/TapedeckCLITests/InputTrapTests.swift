import Foundation
import TestSupport
import Testing

/// Issue 34, findings 5 and 8: inputs that trapped (exit 132) get a clear error and exit 2, or
/// are handled: HAR times too far apart for a tape, a tape whose times decrease within a
/// connection refused by HAR export (exit 2), a connection led by pings exported once.
@Suite(.tags(.integration), .ownThread) struct InputTrapTests {
    static func har(started: String, time: String) -> String {
        """
        {"log":{"version":"1.2","creator":{"name":"hand","version":"1"},"entries":[{"startedDateTime":"\(started)",\
        "request":{"method":"GET","url":"wss://lichun.app/wss/"},"response":{"status":101},\
        "_webSocketMessages":[{"type":"send","time":\(time),"opcode":1,"data":"{}"}]}]}}
        """
    }

    /// Issue 41, finding 9: a time outside the tape range (1970 to 9999) is refused where it is.
    @Test(arguments: [
        (
            "2026-01-01T00:00:00.000Z", "999999999999999",
            "(log.entries[0]._webSocketMessages[0].time): 33658-09-27T01:46:39.999Z is after the times a tape may hold"
        ),
        (
            "0000-01-01T00:00:00.000Z", "1700000000",
            "(log.entries[0].startedDateTime): 0000-01-01T00:00:00.000Z is before the times"
        ),
        (
            "9999-12-31T23:59:59.999Z", "1700000000",
            "(log.entries[0].startedDateTime): this time is over 292 years after the HAR's earliest one"
        ),
    ])
    func harTimesTooFarApartForATapeAreAClearError(started: String, time: String, message: String) async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let har = directory.appendingPathComponent("far.har").path
        try Self.har(started: started, time: time).write(toFile: har, atomically: true, encoding: .utf8)
        let run = try await TapedeckBinary.run(["import", har, "-o", directory.appendingPathComponent("far.tape").path])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("far.tape").path))
    }

    @Test func aConnectionLedByPingsExportsOnceAndATapeWhoseTimesDecreaseIsRefused() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = directory.appendingPathComponent("odd.jsonl")
        let tape = directory.appendingPathComponent("odd.tape").path
        // Connection 0: three pings before its open; connection 1: open at 3 s, a message at 9 s...
        try Data(
            """
            {"seq":0,"t":1000,"conn":0,"dir":"c2s","kind":"ping"}
            {"seq":1,"t":2000,"conn":0,"dir":"c2s","kind":"ping"}
            {"seq":2,"t":3000,"conn":0,"dir":"c2s","kind":"ping"}
            {"seq":3,"t":4000000,"conn":0,"dir":"c2s","kind":"open"}
            {"seq":4,"t":5000000,"conn":0,"dir":"c2s","kind":"text","text":"{\\"type\\":\\"getPlayer\\",\\"message\\":{}}"}
            {"seq":5,"t":3000000000,"conn":1,"dir":"c2s","kind":"open"}
            {"seq":6,"t":9000000000,"conn":1,"dir":"s2c","kind":"text","text":"{\\"type\\":\\"u\\",\\"message\\":{}}"}

            """.utf8
        ).write(to: lines)
        let imported = try await TapedeckBinary.run(["import", lines.path, "-o", tape])
        try #require(imported.status == 0, "\(imported.stderr)")
        let har = directory.appendingPathComponent("odd.har").path
        let exported = try await TapedeckBinary.run(["export", tape, "--format", "har", "-o", har])
        #expect(exported.status == 0, "\(exported.stderr)")
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: har))) as? [String: Any]
        let entries = ((root?["log"] as? [String: Any])?["entries"] as? [[String: Any]]) ?? []
        #expect(entries.map { $0["_tapedeckConnection"] as? Int } == [0, 1], "one entry per connection")
        #expect((entries.last?["time"] as? NSNumber)?.doubleValue == 6_000)
        let back = directory.appendingPathComponent("back.tape").path
        let reimported = try await TapedeckBinary.run(["import", har, "-o", back])
        #expect(reimported.status == 0, "\(reimported.stderr)")
        #expect(reimported.stdout.contains("4 records from 2 WebSocket connections"), "\(reimported.stdout)")

        // ...then, as another tool might write it, the message's time set back to 1 ns: the record
        // stream unpacked and packed again with the lz4 tool (tapedeck's writers refuse such times).
        let raw = directory.appendingPathComponent("odd.raw").path
        let unpacked = try await ChildProcess.run("/usr/bin/env", ["lz4", "-d", "-f", "-q", tape, raw])
        try #require(unpacked.status == 0, "lz4 -d: \(unpacked.standardError) (run `make deps`)")
        var stream = [UInt8](try Data(contentsOf: URL(fileURLWithPath: raw)))
        let nine = withUnsafeBytes(of: UInt64(9_000_000_000).littleEndian) { Array($0) }
        let at = try #require(stream.indices.first { stream[$0...].starts(with: nine) })
        stream.replaceSubrange(at..<at + 8, with: withUnsafeBytes(of: UInt64(1).littleEndian) { Array($0) })
        try Data(stream).write(to: URL(fileURLWithPath: raw))
        let packed = try await ChildProcess.run("/usr/bin/env", ["lz4", "-f", "-q", raw, tape])
        try #require(packed.status == 0, "lz4: \(packed.standardError)")
        // Issue 34, finding 5: refused with exit 2, naming the connection and the record; -o untouched.
        let before = try Data(contentsOf: URL(fileURLWithPath: har))
        let refused = try await TapedeckBinary.run(["export", tape, "--format", "har", "-o", har])
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "tapedeck: error: \(tape): record 6 of connection 1 is at 1 ns, before that connection's previous record "
                + "at 3000000000 ns; a HAR entry needs its messages in time order, so nothing was written. "
                + "Export it as JSON Lines (--format jsonl) to see and correct the times.\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: har)) == before)
    }
}
