import Foundation
import TapedeckTape
import Testing

@testable import TapedeckCLI

/// Record times up to 2^64-1 ns fit a tape's format: `import` refuses those past the tape range
/// (issue 41, finding 9), but a tape another tool wrote may hold them, and every command that
/// prints or adds them must not trap (issue 23, finding 2).
@Suite struct TimeOverflowTests {
    @Test func secondsRoundsWithoutOverflowUpToTheLargestTime() {
        #expect(InfoReport.seconds(UInt64.max) == "18446744073.710")
        #expect(InfoReport.seconds(UInt64.max, decimals: 6) == "18446744073.709552")
        #expect(InfoReport.seconds(UInt64.max, decimals: 9) == "18446744073.709551615")
        #expect(InfoReport.seconds(UInt64.max, decimals: 0) == "18446744074")
        #expect(InfoReport.seconds(UInt64.max - 499) == "18446744073.710")
        #expect(InfoReport.seconds(11_234_000_000) == "11.234")
        #expect(InfoReport.seconds(999_999_999_500, decimals: 6) == "1000.000000")
        #expect(InfoReport.seconds(0) == "0.000")
        #expect(InfoReport.seconds(1_499_999, decimals: 3) == "0.001")
    }

    @Test func infoAndCatReadATapeEndingAtTheLargestTime() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let lines = directory.appendingPathComponent("late.jsonl")
        let tape = directory.appendingPathComponent("late.tape").path
        try Data(
            """
            {"seq":0,"t":0,"conn":0,"dir":"c2s","kind":"open"}
            {"seq":1,"t":18446744073709551115,"conn":0,"dir":"c2s","kind":"text","text":"{\\"type\\":\\"getPlayer\\",\\"message\\":{}}"}

            """.utf8
        ).write(to: lines)
        let imported = try await TapedeckBinary.run(["import", lines.path, "-o", tape])
        #expect(imported.status == 2)
        #expect(
            imported.stderr.contains("late.jsonl:2:14: \"t\" must be an integer from 0 to 9223372036854775807"),
            "\(imported.stderr)")

        let writer = try TapeWriter(path: tape, metadata: TapeMetadata(created: "2026-01-01T00:00:00.000Z", tool: "other"))
        try writer.append(TapeRecord(time: 0, direction: .c2s, kind: .open))
        try writer.append(
            TapeRecord(
                time: 18_446_744_073_709_551_115, direction: .c2s, kind: .text,
                payload: Array(#"{"type":"getPlayer","message":{}}"#.utf8)))
        try writer.append(TapeRecord(time: UInt64.max, direction: .c2s, kind: .open))
        try writer.close()

        let info = try await TapedeckBinary.run(["info", tape])
        #expect(info.status == 0, "\(info.stderr)")
        #expect(info.stdout.contains("duration    18446744073.710 s"))
        let json = try await TapedeckBinary.run(["info", "--json", tape])
        #expect(json.status == 0)
        #expect(json.stdout.contains("\"durationNs\":18446744073709551615"))

        let cat = try await TapedeckBinary.run(["cat", tape], environment: ["COLUMNS": "200"])
        #expect(cat.status == 0, "\(cat.stderr)")
        let catLines = cat.stdout.split(separator: "\n")
        #expect(catLines.count == 3)
        #expect(catLines.count == 3 && catLines[1].hasPrefix("18446744073.709551 c0 c2s  text   getPlayer"))
        #expect(catLines.count == 3 && catLines[2].hasPrefix("18446744073.709552 c0 c2s  open"))
    }

    /// Issue 51, finding 2: whole units that fit and a fraction that carries the sum past 2^64-1
    /// ns trapped (exit 132); every place that reads a tape time answers 2 with a parse error.
    @Test func timesOfTwoToTheSixtyFourWithAFractionAreParseErrors() async throws {
        let directory = try TapedeckBinary.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let overflowing = ["18446744073.709551616s", "18446744073709.551616ms", "307445734.5618258603m"]
        for text in overflowing {
            let inspect = try await TapedeckBinary.run(["inspect", TapedeckBinary.fixtureTape, "--at", text])
            #expect(inspect.status == 2, "inspect --at \(text): \(inspect.status) \(inspect.stderr)")
            let replay = try await TapedeckBinary.run(["replay", TapedeckBinary.fixtureTape, "--until", text])
            #expect(replay.status == 2, "replay --until \(text): \(replay.status) \(replay.stderr)")

            let tape = directory.appendingPathComponent("t.tape")
            try? FileManager.default.removeItem(at: tape)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: TapedeckBinary.fixtureTape), to: tape)
            try Data("late: time \(text)\n".utf8).write(to: directory.appendingPathComponent("t.checkpoints"))
            let check = try await TapedeckBinary.run(["check", directory.path])
            #expect(check.status == 2, "checkpoint time \(text): \(check.status) \(check.stderr)")
            #expect(check.stdout.contains("t.checkpoints:1:12: expected a time"), "\(check.stdout)")

            for statement in ["wait \(text)", "backoff \(text)", "connect\nexpect playerObject within \(text)"] {
                let scenario = directory.appendingPathComponent("s.scenario")
                try Data("\(statement)\n".utf8).write(to: scenario)
                let parsed = try await TapedeckBinary.run(["scenario", "check", scenario.path])
                #expect(parsed.status == 2, "\(statement): \(parsed.status) \(parsed.stderr)")
                #expect(parsed.stdout.contains("is not a whole number of nanoseconds under 2^64"), "\(parsed.stdout)")
                let run = try await TapedeckBinary.run(["scenario", "run", scenario.path, "--tape", TapedeckBinary.fixtureTape])
                #expect(run.status == 2, "run \(statement): \(run.status) \(run.stderr)")
            }
        }
    }
}
