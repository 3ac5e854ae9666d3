import Foundation
import TapedeckProtocol
import Testing

/// Issue 22: `tapedeck coverage` on the committed corpus, and on the corpus with one tape removed.
@Suite struct CoverageCommandTests {
    static var recordings: String { TapedeckBinary.repositoryRoot.appendingPathComponent("Recordings").path }

    static func json(_ stdout: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
    }

    /// The *Rules* table of docs/STATE-MACHINES.md: each rule's name and trigger.
    static func documentedRules() throws -> [(name: String, trigger: String)] {
        let url = TapedeckBinary.repositoryRoot.appendingPathComponent("docs/STATE-MACHINES.md")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: "## Rules"))
        var rules: [(name: String, trigger: String)] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            rules.append((String(cells[0].dropFirst().dropLast()), cells[1]))
        }
        return rules
    }

    @Test func theCorpusReportsRulesAndTypesWithFirstRecords() async throws {
        let run = try await TapedeckBinary.run(["coverage", Self.recordings, "--json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try Self.json(run.stdout)
        let items = try #require(report["items"] as? [[String: Any]])
        // The rules of docs/STATE-MACHINES.md (the model's: ClientRuleTests) and the known types, no count written here.
        func names(_ kind: String) -> [String] {
            items.filter { $0["kind"] as? String == kind }.compactMap { $0["name"] as? String }
        }
        let documented = try Self.documentedRules()
        #expect(names("rule").sorted() == documented.filter { $0.trigger != "UI" }.map(\.name).sorted())
        #expect(names("uiRule").sorted() == documented.filter { $0.trigger == "UI" }.map(\.name).sorted())
        #expect(names("serverType") == ServerMessage.knownTypes)
        #expect(names("clientType") == ClientMessage.knownTypes)
        let autoClaim = try #require(items.first { $0["name"] as? String == "messageEvent.negativeAutoClaimed" })
        #expect((autoClaim["count"] as? Int ?? 0) > 0)
        #expect((autoClaim["firstTape"] as? String)?.hasSuffix(".tape") == true)
        #expect(autoClaim["firstRecord"] is Int)
        let total = try #require(report["total"] as? Int)
        let exercised = try #require(report["exercised"] as? Int)
        #expect(total == names("rule").count + names("serverType").count)
        #expect((report["missing"] as? [String])?.count == total - exercised)
    }

    @Test func minExitsOneBelowAndTwoForABadPercentage() async throws {
        let low = try await TapedeckBinary.run(["coverage", Self.recordings, "--min", "10"])
        #expect(low.status == 0, "\(low.stderr)")
        #expect(low.stdout.contains("never exercised"))
        // The acceptance: the corpus exercises every rule and every server message type.
        let high = try await TapedeckBinary.run(["coverage", Self.recordings, "--min", "100"])
        #expect(high.status == 0, "\(high.stdout)")
        let total = try Self.documentedRules().filter { $0.trigger != "UI" }.count + ServerMessage.knownTypes.count
        #expect(high.stdout.hasPrefix("coverage of 18 tape(s): 100.0 % (\(total) of \(total) rules and server message types)"))
        #expect(high.stdout.contains("never exercised (0): none"))
        #expect(try await TapedeckBinary.run(["coverage", Self.recordings, "--min", "101"]).status == 2)
        #expect(try await TapedeckBinary.run(["coverage", "/no/such/folder"]).status == 2)
    }

    /// Without setbacks.tape, the rules only it exercised are reported never exercised, and
    /// `--min 100` fails.
    @Test func removingATapeNamesTheRulesOnlyItExercised() async throws {
        let directory = try TapedeckBinary.directory()
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.recordings)
        where name.hasSuffix(".tape") && name != "setbacks.tape" {
            try FileManager.default.copyItem(
                atPath: Self.recordings + "/" + name, toPath: directory.appendingPathComponent(name).path)
        }
        let full = try Self.json(try await TapedeckBinary.run(["coverage", Self.recordings, "--json"]).stdout)
        let lessRun = try await TapedeckBinary.run(["coverage", directory.path, "--json"])
        let less = try Self.json(lessRun.stdout)
        let fullMissing = Set(full["missing"] as? [String] ?? [])
        let lessMissing = Set(less["missing"] as? [String] ?? [])
        #expect(fullMissing.isEmpty)
        #expect(lessMissing == ["messageEvent.mixedIsNegative", "claimResult.rollsBack"])
        let text = try await TapedeckBinary.run(["coverage", directory.path, "--min", "100"])
        #expect(text.status == 1)
        #expect(text.stdout.contains("never exercised (2):\n  rule messageEvent.mixedIsNegative\n  rule claimResult.rollsBack\n"))
        #expect(text.stdout.contains("below --min 100.0 %"))
    }
}
