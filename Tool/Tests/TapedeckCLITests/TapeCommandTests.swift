import Foundation
import Testing

@testable import TapedeckCLI

@Suite struct TapeCommandTests {
    @Test func infoSummarisesTheFixture() async throws {
        let result = try await TapedeckBinary.run(["info", TapedeckBinary.fixtureTape])
        #expect(result.status == 0)
        #expect(result.stdout.contains("duration    11.234 s"))
        #expect(result.stdout.contains("records     15 (c2s 5, s2c 8, note 2)"))
        #expect(result.stdout.contains("            s2c: u 4, messageEvent 1, playerObject 1"))
        #expect(result.stdout.contains("state       complete"))
    }

    @Test func infoJSONReportsCountsAndSizes() async throws {
        let result = try await TapedeckBinary.run(["info", "--json", TapedeckBinary.fixtureTape])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(object?["records"] as? Int == 15)
        #expect(object?["durationNs"] as? Int == 11_234_000_000)
        #expect((object?["types"] as? [String: [String: Int]])?["c2s"] == ["createCharacter": 1, "claimEvent": 1])
        #expect((object?["kinds"] as? [String: Int])?["marker"] == 2)
        #expect((object?["state"] as? [String: Any])?["status"] as? String == "complete")
        let size = try FileManager.default.attributesOfItem(atPath: TapedeckBinary.fixtureTape)[.size] as? Int
        #expect(object?["compressedBytes"] as? Int == size)
    }

    @Test func infoReportsTruncationWithExitCode1() async throws {
        let directory = try TapedeckBinary.directory()
        let bytes = try Data(contentsOf: URL(fileURLWithPath: TapedeckBinary.fixtureTape))
        let cut = directory.appendingPathComponent("cut.tape").path
        try bytes.prefix(bytes.count - 20).write(to: URL(fileURLWithPath: cut))
        let result = try await TapedeckBinary.run(["info", cut])
        #expect(result.status == 1)
        #expect(result.stdout.contains("state       truncated after record"))
        #expect(result.stderr.hasPrefix("tapedeck: error: \(cut): truncated after record"))
    }

    @Test func unreadableInputExitsWith2AndAClearMessage() async throws {
        let directory = try TapedeckBinary.directory()
        let missing = directory.appendingPathComponent("missing.tape").path
        for command in ["info", "cat", "export"] {
            let result = try await TapedeckBinary.run([command, missing])
            #expect(result.status == 2, "\(command)")
            #expect(result.stderr == "tapedeck: error: \(missing): no such file. Check the path.\n", "\(command)")
        }
        let notTape = directory.appendingPathComponent("notes.txt").path
        try Data("not a tape".utf8).write(to: URL(fileURLWithPath: notTape))
        let result = try await TapedeckBinary.run(["info", notTape])
        #expect(result.status == 2)
        #expect(result.stderr.contains("not a tape: it does not start with an LZ4 frame"))
    }

    @Test func catPrintsOneLinePerRecordCutToTheWidth() async throws {
        let result = try await TapedeckBinary.run(["cat", TapedeckBinary.fixtureTape], environment: ["COLUMNS": "60"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 15)
        #expect(lines.allSatisfy { $0.count <= 60 })
        #expect(lines[2].hasPrefix("    0.048123 c0 c2s  text   createCharacter  {\"type\""))
        #expect(lines[2].hasSuffix("…"))
        #expect(lines[13] == "   11.200000 c0 c2s  close                   1000 \"app back…")
    }

    @Test func catJSONPrintsTheExportLines() async throws {
        let result = try await TapedeckBinary.run(["cat", "--json", TapedeckBinary.fixtureTape])
        let twin = try String(contentsOfFile: TapedeckBinary.fixtureJSONLines, encoding: .utf8)
        #expect(result.status == 0)
        #expect(
            result.stdout == twin.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n"))
    }

    @Test func exportAndImportRoundTripThroughTheCommandLine() async throws {
        let directory = try TapedeckBinary.directory()
        let tape = directory.appendingPathComponent("imported.tape").path
        let imported = try await TapedeckBinary.run(["import", TapedeckBinary.fixtureJSONLines, "-o", tape])
        #expect(imported.status == 0, "\(imported.stderr)")
        let jsonl = directory.appendingPathComponent("out.jsonl").path
        let exported = try await TapedeckBinary.run(["export", tape, "--format", "jsonl", "-o", jsonl])
        #expect(exported.status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: jsonl))
                == Data(contentsOf: URL(fileURLWithPath: TapedeckBinary.fixtureJSONLines)))
        let toStdout = try await TapedeckBinary.run(["export", tape, "--format", "jsonl"])
        #expect(toStdout.stdout == (try String(contentsOfFile: jsonl, encoding: .utf8)))
    }

    @Test func importErrorsNameFileLineAndColumn() async throws {
        let directory = try TapedeckBinary.directory()
        let source = directory.appendingPathComponent("bad.jsonl").path
        try Data("{\"t\":1,\"dir\":\"c2s\",\"kind\":\"open\"}\n{\"t\":2,\"dir\":\"c2s\",\"kind\":\"txt\"}\n".utf8)
            .write(to: URL(fileURLWithPath: source))
        let result = try await TapedeckBinary.run(["import", source, "-o", directory.appendingPathComponent("x.tape").path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tapedeck: error: \(source):2:27: \"kind\" must be one of open, text,"))
    }

    @Test func formatsTimesWithoutFloatingPoint() {
        #expect(InfoReport.seconds(0) == "0.000")
        #expect(InfoReport.seconds(11_234_500_000) == "11.235")
        #expect(InfoReport.seconds(48_123_456, decimals: 6) == "0.048123")
    }

    @Test func makesControlBytesAndInvalidUTF8Printable() {
        #expect(CatLineFormatter.printable(Array("a\nb".utf8)) == "a\\nb")
        #expect(CatLineFormatter.printable([0x41, 0xFF, 0xC3, 0xA9, 0x00]) == "A\\xffé\\x00")
        #expect(CatLineFormatter.cut("abcdef", to: 4) == "abc…")
        #expect(CatLineFormatter.cut("abc", to: 4) == "abc")
    }
}
