import Foundation
import Testing

/// Issue 18: `tapedeck conform` on the committed corpus and on a tape of a drifting server.
@Suite struct ConformCommandTests {
    /// A server that renamed a field, added a type, sends a fraction and a new enum value and a
    /// string where a number belongs; records 1 to 6 (record 0 is the connection's open).
    static let drift: [(String, String)] = [
        ("s2c", #"{"type":"claimResult","message":{"eventID":"e1","accepted":true}}"#),
        ("s2c", #"{"type":"weather","message":{"sky":"rain"}}"#),
        ("s2c", #"{"type":"u","message":{"energy":99.5}}"#),
        (
            "s2c",
            #"{"type":"relationshipEvent","message":{"personId":"p","milestone":"met","kind":"enemy","status":"s","affinity":1,"text":"t"}}"#
        ),
        ("c2s", #"{"type":"speed","message":{"speed":"fast"}}"#),
        ("s2c", #"{"type":"u","message":{"energy":100.0,"money":1e3}}"#),
        ("s2c", #"{"type":"claimResult","message":{"eventID":"e2","accepted":false}}"#),
    ]

    static func driftingTape(in directory: URL) async throws -> String {
        var lines = [
            #"{"header":{"created":"2026-01-01T00:00:00.000Z","tool":"t","labels":{}}}"#,
            #"{"seq":0,"t":1,"conn":1,"dir":"c2s","kind":"open"}"#,
        ]
        for (index, (direction, text)) in drift.enumerated() {
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            lines.append(
                #"{"seq":\#(index + 1),"t":\#(index + 2),"conn":1,"dir":"\#(direction)","kind":"text","text":"\#(escaped)"}"#)
        }
        let jsonl = directory.appendingPathComponent("drift.jsonl")
        let tape = directory.appendingPathComponent("drift.tape")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: jsonl)
        let imported = try await TapedeckBinary.run(["import", jsonl.path, "--output", tape.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        return tape.path
    }

    @Test func theCorpusConforms() async throws {
        let run = try await TapedeckBinary.run([
            "conform", TapedeckBinary.repositoryRoot.appendingPathComponent("Recordings").path,
        ])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasPrefix("18 tapes, "))
        #expect(run.stdout.contains("every message conforms to Protocol/baolife.schema.json"))
    }

    @Test func aDriftingServerIsReportedWithFirstOccurrences() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tape = try await Self.driftingTape(in: directory)
        let run = try await TapedeckBinary.run(["conform", tape])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let expected = [
            "  unknown type: s2c weather \"weather\" × 1\n    first: \(tape) record 2, type at byte 8\n",
            "  unknown field: s2c claimResult message.eventID × 2\n    first: \(tape) record 1, message.eventID at byte 33\n",
            "  missing required field: s2c claimResult message.eventId × 2\n    first: \(tape) record 1, message.eventId at byte 63\n",
            "  type mismatch: c2s speed message.speed: expected integer, found string × 1\n    first: \(tape) record 5, message.speed at byte 35\n",
            "  non-integral number in an integer field: s2c u message.energy (99.5) × 1\n    first: \(tape) record 3, message.energy at byte 32\n",
            "  unknown enum value: s2c relationshipEvent message.kind \"enemy\" × 1\n    first: \(tape) record 4, message.kind at byte 79\n",
        ]
        for line in expected { #expect(run.stdout.contains(line), "missing \(line) in \(run.stdout)") }
        #expect(run.stdout.contains("6 departures:"), "\(run.stdout)")
        #expect(run.stdout.contains("  s2c u" + String(repeating: " ", count: 16) + "  2\n"), "\(run.stdout)")
    }

    @Test func jsonAndAllow() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let tape = try await Self.driftingTape(in: directory)
        let json = try await TapedeckBinary.run(["conform", "--json", tape])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["conforms"] as? Bool == false)
        let departures = try #require(object["departures"] as? [[String: Any]])
        #expect(
            Set(departures.compactMap { $0["kind"] as? String }) == [
                "unknown-types", "unknown-fields", "missing-fields",
                "type-mismatches", "non-integral-numbers", "unknown-enum-values",
            ])
        let enumValue = try #require(departures.first { $0["kind"] as? String == "unknown-enum-values" })
        let first = try #require(enumValue["first"] as? [String: Any])
        #expect(first["record"] as? Int == 4)
        #expect(first["offset"] as? Int == 79)
        #expect(first["found"] as? String == "\"enemy\"")

        let partly = try await TapedeckBinary.run(["conform", "--allow", "unknown-types,unknown-fields", tape])
        #expect(partly.status == 1)
        #expect(partly.stdout.contains("  unknown type (allowed): s2c weather"))
        let all = try await TapedeckBinary.run([
            "conform", tape, "--allow",
            "unknown-types,unknown-fields,missing-fields,type-mismatches,non-integral-numbers,unknown-enum-values",
        ])
        #expect(all.status == 0, "\(all.stdout)")
        let bad = try await TapedeckBinary.run(["conform", tape, "--allow", "renamed-fields"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("'renamed-fields' is not a departure"))
        let missing = try await TapedeckBinary.run(["conform", directory.appendingPathComponent("none.tape").path])
        #expect(missing.status == 2)
    }
}
